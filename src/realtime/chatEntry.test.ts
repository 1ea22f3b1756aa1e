import { describe, it, expect } from 'vitest';
import { toChatEntry, safeUrl, type ChatEntry } from './chatEntry';
import { CHAT_CUT_ELLIPSIS } from '../domain';

function body(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { webcastId: 'w1', offset: 1, msgId: 'm1', uid: 'u1', name: 'Ann', role: 5, sendTime: 1000, body: 'hello', ...extra };
}
const noCtx = { myUid: null, previous: undefined };

function entry(extra: Record<string, unknown> = {}, myUid: string | null = null, previous?: ChatEntry): ChatEntry {
  const e = toChatEntry(body(extra), { myUid, previous });
  if (e === null) throw new Error('expected an entry');
  return e;
}

describe('toChatEntry', () => {
  it('normalises a well-formed message', () => {
    const e = entry({ roleName: 'Guest', top: 1, highlight: true, definedStyle: 'gold', definedRoleName: 'VIP' });
    expect(e).toMatchObject({ msgId: 'm1', uid: 'u1', name: 'Ann', role: 5, roleName: 'Guest', sendTime: 1000, text: 'hello', cut: false, offset: 1, top: true, highlight: true, definedStyle: 'gold', definedRoleName: 'VIP', mine: false, mentionsMe: false, meshType: false, roleLabel: 'role.guest' });
    expect(e.segments).toEqual([{ kind: 'text', text: 'hello' }]);
  });

  it('accepts numeric ids as strings', () => {
    expect(entry({ msgId: 42, uid: 7 })).toMatchObject({ msgId: '42', uid: '7' });
  });

  it('cuts long text to 500 units with an ellipsis and keeps the cut flag', () => {
    const e = entry({ body: 'a'.repeat(600) });
    expect(e.cut).toBe(true);
    expect(e.text).toBe('a'.repeat(500) + CHAT_CUT_ELLIPSIS);
  });

  it('splits emoji tokens into segments', () => {
    expect(entry({ body: 'hi[smile]' }).segments).toEqual([
      { kind: 'text', text: 'hi' },
      { kind: 'emoji', name: 'smile', raw: '[smile]' },
    ]);
  });

  it('labels roles and own messages as me', () => {
    expect(entry({ role: 6 }).roleLabel).toBe('role.host');
    expect(entry({ role: 7 }).roleLabel).toBe('role.host');
    expect(entry({ role: 8 }).roleLabel).toBe('role.assistant');
    expect(entry({ role: 99 }).role).toBe(5);
    const mine = entry({ role: 6 }, 'u1');
    expect(mine.roleLabel).toBe('role.me');
    expect(mine.mine).toBe(true);
    expect(entry({}, 'u2').mine).toBe(false);
    expect(entry({}, '').mine).toBe(false);
  });

  it('marks mentions of me from picked_uid (array or single id)', () => {
    expect(entry({ picked_uid: ['u3', 'me'] }, 'me').mentionsMe).toBe(true);
    expect(entry({ picked_uid: 'me' }, 'me').mentionsMe).toBe(true);
    expect(entry({ picked_uid: [12] }, '12').mentionsMe).toBe(true);
    expect(entry({ picked_uid: ['u3'] }, 'me').mentionsMe).toBe(false);
    expect(entry({ picked_uid: ['me'] }, null).mentionsMe).toBe(false);
  });

  it('sets meshType when the previous entry has the same sender', () => {
    const first = entry();
    expect(entry({ msgId: 'm2', offset: 2 }, null, first).meshType).toBe(true);
    expect(entry({ msgId: 'm2', offset: 2, uid: 'u9' }, null, first).meshType).toBe(false);
  });

  it('keeps a quote, cut, and drops a malformed one', () => {
    expect(entry({ quote: { name: 'Bo', chatContent: 'x'.repeat(501), role: 8 } }).quote).toEqual({ name: 'Bo', chatContent: 'x'.repeat(500) + CHAT_CUT_ELLIPSIS, role: 8 });
    expect(entry({ quote: { name: 'Bo' } }).quote).toBeNull();
    // The quoted message's id is kept when it is one (the row offers the original by it).
    expect(entry({ quote: { name: 'Bo', chatContent: 'x', role: 5, msgId: 'm-9' } }).quote).toEqual({ name: 'Bo', chatContent: 'x', role: 5, msgId: 'm-9' });
    expect(entry({ quote: { name: 'Bo', chatContent: 'x', role: 5, msgId: { evil: 1 } } }).quote).toEqual({ name: 'Bo', chatContent: 'x', role: 5 });
    expect(entry({ quote: 'nope' }).quote).toBeNull();
  });

  it('keeps http(s) and root-relative URLs only', () => {
    expect(entry({ imgUrl: 'https://x.test/a.png', imgLinkUrl: '/goods/1', headImgUrl: 'HTTP://x.test/h.png' })).toMatchObject({ imgUrl: 'https://x.test/a.png', imgLinkUrl: '/goods/1', headImgUrl: 'HTTP://x.test/h.png' });
    expect(entry({ imgUrl: 'javascript:alert(1)', imgLinkUrl: '/x' })).toMatchObject({ imgUrl: null, imgLinkUrl: null });
    expect(entry({ headImgUrl: '//evil.test/a' }).headImgUrl).toBeNull();
  });

  it('safeUrl refuses tricks', () => {
    for (const bad of ['javascript:x', 'data:image/png;base64,xx', '//evil', '/\\evil', 'https://', 'http:/x', ' https://x', 'https://x y', 'https://a\nb', 'ftp://x', '', 5, null, 'h'.repeat(3000)]) {
      expect(safeUrl(bad)).toBeNull();
    }
    for (const good of ['/', '/a/b?c=1', 'http://x', 'https://x.test/p#f', 'HtTpS://X']) expect(safeUrl(good)).toBe(good);
  });

  it('an image-only message is kept; no text and no image is dropped', () => {
    const e = toChatEntry(body({ body: undefined, imgUrl: '/i.png' }), noCtx);
    expect(e?.text).toBe('');
    expect(toChatEntry(body({ body: undefined, imgUrl: 'javascript:1' }), noCtx)).toBeNull();
  });

  it('drops malformed bodies without throwing', () => {
    const bad: Array<Record<string, unknown>> = [
      body({ msgId: undefined }),
      body({ msgId: '' }),
      body({ msgId: {} }),
      body({ uid: null }),
      body({ uid: -1 }),
      body({ offset: '3' }),
      body({ offset: 0 }),
      body({ offset: 1.5 }),
      body({ sendTime: 'now' }),
      body({ sendTime: Number.NaN }),
      body({ body: 12 }),
      {},
    ];
    for (const b of bad) expect(toChatEntry(b, noCtx)).toBeNull();
  });

  it('treats optional fields of the wrong type as absent', () => {
    expect(entry({ name: 5, roleName: [], top: 'yes', definedStyle: {} })).toMatchObject({ name: '', roleName: '', top: false, definedStyle: null });
  });
});
