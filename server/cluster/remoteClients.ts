/**
 * The sockets of the other nodes, as this node's ClientRegistry shows them: a viewer on
 * node B is found by a host's mic decision on node A (`ofUserInRoom`), by a direct message's
 * delivery (`ofUser`) and by the room's staff list (`ofRoom`), and what is sent to it goes
 * through the node bus to node B, which owns the socket and writes the frame.
 *
 * Each node tells the others when one of its sockets logs in or goes, and every few seconds
 * the whole list (so a node that started late, or missed a note, catches up); the sockets of
 * a node not heard from for COUNT_STALE_MS are forgotten (it died with them), and the
 * registry says a peer was lost, so what that node was timing is taken up here. Only while
 * this node hears its own notes come back: with Redis away every node falls silent to every
 * other, and none of them is dead. A push that
 * must be acknowledged is recorded in the owning node's book of that socket, where the
 * acknowledgement arrives.
 */
import { AckBook } from '../socket/acks.js';
import type { ClientRegistry, ConnectedClient } from '../socket/clients.js';
import { COUNT_HEARTBEAT_MS, COUNT_STALE_MS } from './clusterHub.js';
import type { ClientCard, NodeBus, NodeNote } from './nodeBus.js';

/** The book of a socket on another node: an expectation travels with the frame sent next. */
class RelayedAckBook extends AckBook {
  next: { mid: string; code: number } | null = null;

  override expect(mid: string, pushCode: number, sentAt: number): void {
    super.expect(mid, pushCode, sentAt);
    this.next = { mid, code: pushCode };
  }
}

interface NodeClients {
  heardAt: number;
  readonly clients: Map<string, ConnectedClient>;
}

const cardOf = (c: ConnectedClient): ClientCard => ({ id: c.id, userId: c.userId, webcastId: c.webcastId, role: c.role });

export class RemoteClients {
  private readonly nodes = new Map<string, NodeClients>();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly stopNotes: () => void;

  constructor(
    private readonly bus: NodeBus,
    private readonly local: ClientRegistry,
    private readonly now: () => number,
  ) {
    local.onAdded((c) => bus.tell({ type: 'clients', clients: [cardOf(c)], full: false }));
    local.onRemoved((c) => bus.tell({ type: 'clientDown', id: c.id }));
    this.stopNotes = bus.onNote((from, note) => this.noted(from, note));
    this.heartbeat = setInterval(() => {
      bus.tell({ type: 'clients', clients: local.localClients().map(cardOf), full: true });
      this.forgetSilentNodes();
    }, COUNT_HEARTBEAT_MS);
    this.heartbeat.unref();
    // Tell ours at once: the others may have started before us.
    bus.tell({ type: 'clients', clients: local.localClients().map(cardOf), full: true });
  }

  /** The sockets of the other nodes (those heard from lately) that `keep` accepts. */
  find(keep: (client: ConnectedClient) => boolean): ConnectedClient[] {
    const fresh = this.now() - COUNT_STALE_MS;
    const found: ConnectedClient[] = [];
    for (const node of this.nodes.values()) {
      if (node.heardAt < fresh) continue;
      for (const client of node.clients.values()) if (keep(client)) found.push(client);
    }
    return found;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.stopNotes();
  }

  private forgetSilentNodes(): void {
    const fresh = this.now() - COUNT_STALE_MS;
    if (this.bus.ownNoteHeardAt < fresh) return;
    let lost = false;
    for (const [id, node] of this.nodes) {
      if (node.heardAt >= fresh) continue;
      this.nodes.delete(id);
      lost = true;
    }
    if (lost) this.local.peerLost();
  }

  private noted(from: string, note: NodeNote): void {
    switch (note.type) {
      case 'clients': {
        const known = this.nodes.get(from);
        // The full list every few seconds replaces the node's sockets; a socket it already
        // had keeps its proxy (and the acknowledgements booked there).
        const node: NodeClients = known && !note.full ? known : { heardAt: 0, clients: new Map() };
        this.nodes.set(from, node);
        node.heardAt = this.now();
        for (const card of note.clients) node.clients.set(card.id, known?.clients.get(card.id) ?? this.proxyOf(from, card));
        return;
      }
      case 'clientDown':
        this.nodes.get(from)?.clients.delete(note.id);
        return;
      case 'gone':
        if (this.nodes.delete(from)) this.local.peerLost();
        return;
      case 'frame': {
        if (note.to !== this.bus.nodeId) return;
        const client = this.local.get(note.clientId);
        if (!client) return;
        if (note.expect !== null) client.acks.expect(note.expect.mid, note.expect.code, this.now());
        client.send(note.frame);
        return;
      }
      case 'closeClient':
        if (note.to === this.bus.nodeId) this.local.get(note.clientId)?.close(note.closeCode, note.reason);
        return;
      default:
        return;
    }
  }

  private proxyOf(node: string, card: ClientCard): ConnectedClient {
    const bus = this.bus;
    const acks = new RelayedAckBook();
    return {
      // Connection ids are a node's own: the node's name keeps them apart.
      id: `${node}/${card.id}`,
      userId: card.userId,
      // Never sent between nodes; a session's end reaches every node by its own note.
      sessionToken: '',
      webcastId: card.webcastId,
      role: card.role,
      acks,
      send(frame: string) {
        const expect = acks.next;
        acks.next = null;
        bus.tell({ type: 'frame', to: node, clientId: card.id, frame, expect });
      },
      close(closeCode: number, reason: string) {
        bus.tell({ type: 'closeClient', to: node, clientId: card.id, closeCode, reason });
      },
    };
  }
}
