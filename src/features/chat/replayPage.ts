/**
 * A page of the replay's chat (chat/public/list with `until` or `after`, docs/protocol.md
 * 5.8), narrowed from `unknown` into chat entries as the live chat makes them (cut, roles,
 * "me", mentions, meshType). A message the client cannot read is left out and counted.
 */
import { toChatEntry, type ChatEntry } from '../../realtime/chatEntry';

export interface ReplayPage {
  readonly list: readonly ChatEntry[];
  /** More messages lie beyond the page (older for a seek page, newer for a forward one). */
  readonly more: boolean;
  /** Messages of the page that could not be read. */
  readonly unreadable: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readReplayPage(data: unknown, myUid: string | null): ReplayPage {
  if (!isRecord(data) || !Array.isArray(data.list)) return { list: [], more: false, unreadable: 0 };
  const list: ChatEntry[] = [];
  let unreadable = 0;
  for (const body of data.list as unknown[]) {
    const entry = isRecord(body) ? toChatEntry(body, { myUid, previous: list[list.length - 1] }) : null;
    if (entry === null) unreadable += 1;
    else list.push(entry);
  }
  return { list, more: data.more === true, unreadable };
}
