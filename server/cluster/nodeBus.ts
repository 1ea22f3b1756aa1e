/**
 * What the nodes of a cluster tell each other that is not a room message: sockets to end
 * wherever they are (a login elsewhere, a logout), which sockets each node holds
 * (remoteClients.ts) and frames for one of them (a mic decision, a direct message). One
 * Redis channel for all nodes; a node ignores its own notes. Notes are fire-and-forget: a
 * node that misses one (Redis away) is told the sockets again by the next heartbeat, and a
 * session's end is also in the shared store, so a socket that missed its close is refused
 * at its next login. (Online counts are not notes: they are kept in Redis, redisOnline.ts.)
 */
import type { Redis } from 'ioredis';

export const NODE_CHANNEL = 'webcast:nodes';

export type NodeNote =
  | { readonly type: 'endSession'; readonly token: string; readonly frame: string | null; readonly closeCode: number; readonly reason: string }
  | { readonly type: 'clients'; readonly clients: readonly ClientCard[]; readonly full: boolean }
  | { readonly type: 'clientDown'; readonly id: string }
  | { readonly type: 'frame'; readonly to: string; readonly clientId: string; readonly frame: string; readonly expect: { readonly mid: string; readonly code: number } | null }
  | { readonly type: 'closeClient'; readonly to: string; readonly clientId: string; readonly closeCode: number; readonly reason: string }
  | { readonly type: 'gone' };

/** A socket of another node as the others know it (never its session's token). */
export interface ClientCard {
  readonly id: string;
  readonly userId: string;
  readonly webcastId: string;
  readonly role: number;
}

const isCard = (v: unknown): v is ClientCard =>
  isRecord(v) && typeof v.id === 'string' && typeof v.userId === 'string' && typeof v.webcastId === 'string' && typeof v.role === 'number';

interface Envelope {
  readonly from: string;
  readonly note: NodeNote;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a note from the channel; null for anything else (never throws). */
export function readNodeNote(payload: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.from !== 'string' || !isRecord(parsed.note)) return null;
  const note = parsed.note;
  switch (note.type) {
    case 'endSession':
      if (typeof note.token !== 'string' || typeof note.closeCode !== 'number' || typeof note.reason !== 'string') return null;
      return { from: parsed.from, note: { type: 'endSession', token: note.token, frame: typeof note.frame === 'string' ? note.frame : null, closeCode: note.closeCode, reason: note.reason } };
    case 'clients':
      if (!Array.isArray(note.clients)) return null;
      return { from: parsed.from, note: { type: 'clients', clients: note.clients.filter(isCard).map((c) => ({ id: c.id, userId: c.userId, webcastId: c.webcastId, role: c.role })), full: note.full === true } };
    case 'clientDown':
      return typeof note.id === 'string' ? { from: parsed.from, note: { type: 'clientDown', id: note.id } } : null;
    case 'frame': {
      if (typeof note.to !== 'string' || typeof note.clientId !== 'string' || typeof note.frame !== 'string') return null;
      const expect = isRecord(note.expect) && typeof note.expect.mid === 'string' && typeof note.expect.code === 'number' ? { mid: note.expect.mid, code: note.expect.code } : null;
      return { from: parsed.from, note: { type: 'frame', to: note.to, clientId: note.clientId, frame: note.frame, expect } };
    }
    case 'closeClient':
      if (typeof note.to !== 'string' || typeof note.clientId !== 'string' || typeof note.closeCode !== 'number' || typeof note.reason !== 'string') return null;
      return { from: parsed.from, note: { type: 'closeClient', to: note.to, clientId: note.clientId, closeCode: note.closeCode, reason: note.reason } };
    case 'gone':
      return { from: parsed.from, note: { type: 'gone' } };
    default:
      return null;
  }
}

export class NodeBus {
  private readonly listeners = new Set<(from: string, note: NodeNote) => void>();
  /**
   * When this node last heard one of its own notes come back from the channel (0: never):
   * while it does, its way to Redis works, so another node's silence is that node's.
   */
  ownNoteHeardAt = 0;

  constructor(
    readonly nodeId: string,
    private readonly command: Redis,
    private readonly now: () => number = Date.now,
  ) {}

  /** Tells every other node; a Redis that is away loses the note (see the module comment). */
  tell(note: NodeNote): void {
    this.command.publish(NODE_CHANNEL, JSON.stringify({ from: this.nodeId, note })).catch(() => undefined);
  }

  onNote(listener: (from: string, note: NodeNote) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A payload heard on NODE_CHANNEL (the subscriber connection is the hub's). */
  heard(payload: string): void {
    const envelope = readNodeNote(payload);
    if (envelope === null) return;
    if (envelope.from === this.nodeId) {
      this.ownNoteHeardAt = this.now();
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(envelope.from, envelope.note);
      } catch (error) {
        console.error('node note listener failed:', error);
      }
    }
  }
}
