/**
 * The chat filters of SPEC 6: a viewer sees all messages, only their own, only highlighted
 * or role-filtered ones (host and assistant), or the ones mentioning them. Own messages are
 * always shown. The staff-only chat mode (7105 `staffOnly`) narrows every filter further to
 * host and assistant messages (and still one's own): the room restriction wins over the
 * viewer's choice.
 */
import { isStaff } from '../domain/roles';
import type { ChatEntry } from './chatEntry';
import { plainlyOthers } from './lazyChatEntry';

export const CHAT_FILTERS = ['all', 'mine', 'staff', 'mentions'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

/** The part of the chat state (7105) that decides what is shown. */
export interface ChatVisibility {
  readonly staffOnly: boolean;
}

function passesFilter(filter: ChatFilter, entry: ChatEntry): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'mine':
      return false; // own messages were let through before the filter
    case 'staff':
      return entry.highlight || isStaff(entry.role);
    case 'mentions':
      return entry.mentionsMe;
  }
}

export function showsEntry(filter: ChatFilter, entry: ChatEntry, chatState: ChatVisibility): boolean {
  // Someone else's, no staff's, mentioning nobody here, not highlighted: known unparsed.
  if (plainlyOthers(entry)) return filter === 'all' && !chatState.staffOnly;
  if (entry.mine) return true;
  if (chatState.staffOnly && !isStaff(entry.role)) return false;
  return passesFilter(filter, entry);
}

/** The entries `filter` shows, in their order, as a new array. */
export function filterEntries(filter: ChatFilter, entries: Iterable<ChatEntry>, chatState: ChatVisibility): ChatEntry[] {
  const out: ChatEntry[] = [];
  for (const entry of entries) if (showsEntry(filter, entry, chatState)) out.push(entry);
  return out;
}
