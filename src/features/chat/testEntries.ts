/** Chat entries for tests, built by the real normaliser so they look like the worker's. */
import { toChatEntry, type ChatEntry } from '../../realtime/chatEntry';

export const MY_UID = 'me-1';

let offset = 1;

export function entry(fields: Record<string, unknown> = {}, previous?: ChatEntry): ChatEntry {
  const n = offset++;
  const made = toChatEntry(
    { msgId: `m${n}`, uid: 'u-2', name: 'Alice', role: 5, sendTime: 1_700_000_000_000, body: 'hello', offset: n, ...fields },
    { myUid: MY_UID, previous },
  );
  if (made === null) throw new Error(`test entry refused: ${JSON.stringify(fields)}`);
  return made;
}

/** `count` entries with ids m<start>... in order. */
export function entries(count: number, start = 1): ChatEntry[] {
  const out: ChatEntry[] = [];
  for (let i = 0; i < count; i++) out.push(entry({ msgId: `m${start + i}`, offset: start + i }));
  return out;
}
