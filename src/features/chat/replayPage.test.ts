import { describe, expect, it } from 'vitest';
import { readReplayPage } from './replayPage';

const body = (offset: number, uid = 'u-x', extra: Record<string, unknown> = {}) => ({ webcastId: 'r', offset, msgId: `m${offset}`, uid, name: uid, role: 5, body: `hi ${offset}`, sendTime: 1000 + offset, ...extra });

describe('a page of the replay chat', () => {
  it('reads the messages as the live chat does (me, meshType), and leaves out what it cannot read', () => {
    const page = readReplayPage({ list: [body(1, 'u-me'), body(2, 'u-me'), 'junk', { offset: 3 }, body(4)], more: true }, 'u-me');
    expect(page.list.map((e) => [e.msgId, e.mine, e.meshType])).toEqual([
      ['m1', true, false],
      ['m2', true, true],
      ['m4', false, false],
    ]);
    expect(page).toMatchObject({ more: true, unreadable: 2 });
  });

  it('takes an answer without a list as an empty last page', () => {
    expect(readReplayPage(null, null)).toEqual({ list: [], more: false, unreadable: 0 });
    expect(readReplayPage({ list: 'x', more: true }, null)).toEqual({ list: [], more: false, unreadable: 0 });
    expect(readReplayPage({ list: [], more: 'yes' }, null).more).toBe(false);
  });
});
