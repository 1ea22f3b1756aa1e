/**
 * A room's chat state (push 7105): open or closed, review mode, pictures allowed,
 * staff-only, and the muted users. Kept in rooms.chat_state (JSON); a value that is
 * missing or of the wrong type reads as its default, so an old or hand-edited row never
 * breaks the chat.
 */
import type { Db } from '../store/db.js';

export interface ChatState {
  readonly open: boolean;
  /** Messages wait for approval before anyone sees them. */
  readonly review: boolean;
  /** Picture messages allowed. */
  readonly pictures: boolean;
  /** Only the host and assistants may chat. */
  readonly staffOnly: boolean;
  /** Muted user ids. */
  readonly muted: readonly string[];
}

export const DEFAULT_CHAT_STATE: ChatState = { open: true, review: false, pictures: true, staffOnly: false, muted: [] };

export type ChatSwitches = Partial<Pick<ChatState, 'open' | 'review' | 'pictures' | 'staffOnly'>>;

function parse(json: string): ChatState {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return DEFAULT_CHAT_STATE;
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_CHAT_STATE;
  const r = raw as Record<string, unknown>;
  const flag = (key: keyof ChatSwitches): boolean => (typeof r[key] === 'boolean' ? (r[key] as boolean) : DEFAULT_CHAT_STATE[key]);
  return {
    open: flag('open'),
    review: flag('review'),
    pictures: flag('pictures'),
    staffOnly: flag('staffOnly'),
    muted: Array.isArray(r.muted) ? r.muted.filter((u): u is string => typeof u === 'string') : [],
  };
}

/** The state of an existing room, or null when there is no such room. */
export function readChatState(db: Db, webcastId: string): ChatState | null {
  const row = db.prepare('SELECT chat_state AS json FROM rooms WHERE id = ?').get(webcastId) as { json: string } | undefined;
  return row ? parse(row.json) : null;
}

export function writeChatState(db: Db, webcastId: string, state: ChatState): void {
  db.prepare('UPDATE rooms SET chat_state = ? WHERE id = ?').run(JSON.stringify(state), webcastId);
}

export function withSwitches(state: ChatState, switches: ChatSwitches): ChatState {
  return {
    ...state,
    ...Object.fromEntries(Object.entries(switches).filter(([, v]) => typeof v === 'boolean')),
  };
}

export function withMuted(state: ChatState, uid: string, muted: boolean): ChatState {
  const others = state.muted.filter((u) => u !== uid);
  return { ...state, muted: muted ? [...others, uid] : others };
}
