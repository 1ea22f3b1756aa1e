import { describe, it, expect } from 'vitest';
import { showsEntry, filterEntries, CHAT_FILTERS } from './filters';
import { toChatEntry, type ChatEntry } from './chatEntry';

function entry(id: string, extra: Record<string, unknown>, myUid = 'me'): ChatEntry {
  const e = toChatEntry({ offset: 1, msgId: id, uid: 'u1', role: 5, sendTime: 1, body: 'x', ...extra }, { myUid, previous: undefined });
  if (e === null) throw new Error('bad fixture');
  return e;
}

const guest = entry('guest', {});
const mine = entry('mine', { uid: 'me' });
const host = entry('host', { role: 6 });
const hostAlt = entry('hostAlt', { role: 7 });
const assistant = entry('assistant', { role: 8 });
const highlighted = entry('highlighted', { highlight: true });
const mention = entry('mention', { picked_uid: ['me'] });
const all = [guest, mine, host, hostAlt, assistant, highlighted, mention];
const open = { staffOnly: false };
const staffOnly = { staffOnly: true };

const ids = (list: ChatEntry[]): string[] => list.map((e) => e.msgId);

describe('chat filters', () => {
  it("'all' shows everything", () => {
    expect(ids(filterEntries('all', all, open))).toEqual(ids(all));
  });
  it("'mine' shows only own messages", () => {
    expect(ids(filterEntries('mine', all, open))).toEqual(['mine']);
  });
  it("'staff' shows highlighted and host/assistant messages, and own", () => {
    expect(ids(filterEntries('staff', all, open))).toEqual(['mine', 'host', 'hostAlt', 'assistant', 'highlighted']);
  });
  it("'mentions' shows mentions of me, and own", () => {
    expect(ids(filterEntries('mentions', all, open))).toEqual(['mine', 'mention']);
  });
  it('own messages are shown by every filter in every mode', () => {
    for (const f of CHAT_FILTERS) {
      expect(showsEntry(f, mine, open)).toBe(true);
      expect(showsEntry(f, mine, staffOnly)).toBe(true);
    }
  });
  it('staff-only mode shows only host/assistant and own messages, whatever the filter', () => {
    expect(ids(filterEntries('all', all, staffOnly))).toEqual(['mine', 'host', 'hostAlt', 'assistant']);
    expect(ids(filterEntries('staff', all, staffOnly))).toEqual(['mine', 'host', 'hostAlt', 'assistant']);
    expect(ids(filterEntries('mentions', all, staffOnly))).toEqual(['mine']);
    const staffMention = entry('sm', { role: 8, picked_uid: 'me' });
    expect(showsEntry('mentions', staffMention, staffOnly)).toBe(true);
  });
});
