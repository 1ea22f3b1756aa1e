/**
 * A room's chat state (push 7105): open or closed, review mode, pictures allowed,
 * staff-only, and the muted users. Kept in rooms.chat_state (JSON); a value that is
 * missing or of the wrong type reads as its default, so an old or hand-edited row never
 * breaks the chat.
 */
import { sql } from 'kysely';
import { forUpdate, type SqlStore, type StoreQueries } from '../store/sqlStore.js';
import { invalid } from '../http/envelope.js';

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
export async function readChatState(q: StoreQueries, webcastId: string): Promise<ChatState | null> {
  const row = (await sql<{ json: string }>`SELECT chat_state AS json FROM rooms WHERE id = ${webcastId}`.execute(q)).rows[0];
  return row ? parse(row.json) : null;
}

/**
 * Changes a room's state with the room's row locked from the read to the write, so two
 * changes at once (two staff, two nodes: a mute and a switch) both hold. 4501 when there is
 * no such room.
 */
export function changeChatState(store: SqlStore, webcastId: string, change: (state: ChatState) => ChatState): Promise<ChatState> {
  return store.db.transaction().execute(async (tx) => {
    const row = (await sql<{ json: string }>`SELECT chat_state AS json FROM rooms WHERE id = ${webcastId}${forUpdate(tx)}`.execute(tx)).rows[0];
    if (!row) throw invalid('webcastId', 'no such room');
    const next = change(parse(row.json));
    await sql`UPDATE rooms SET chat_state = ${JSON.stringify(next)} WHERE id = ${webcastId}`.execute(tx);
    return next;
  });
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
