import { describe, expect, it } from 'vitest';
import { entriesAfter } from './ChatAnnouncer';
import { entry } from './testEntries';

describe('entriesAfter', () => {
  const list = ['a', 'b', 'c'].map((id) => entry({ msgId: id }));

  it('gives the entries after the last one announced', () => {
    expect(entriesAfter(list, 'a').map((e) => e.msgId)).toEqual(['b', 'c']);
    expect(entriesAfter(list, 'c')).toEqual([]);
  });

  it('gives them all when the feed moved past it, none before the first look', () => {
    expect(entriesAfter(list, 'gone').map((e) => e.msgId)).toEqual(['a', 'b', 'c']);
    expect(entriesAfter(list, null)).toEqual([]);
  });
});
