import { describe, expect, it } from 'vitest';
import { followShare, NO_SHARE, type SharedPage } from './docShare';

const page = (n: number, docId = 'd1'): SharedPage => ({ docId, title: 'Deck', pages: 5, page: n, url: `/share/v1/files/${docId}/${n}` });

describe('following the shared document', () => {
  it('a room that never shares shows nothing', () => {
    expect(followShare(NO_SHARE, { doc: null, whiteboard: false, updatedAt: 0 })).toBe(NO_SHARE);
  });

  it('follows page turns, then "no sharing content" when the host stops, then sharing again', () => {
    let view = followShare(NO_SHARE, { doc: page(1), whiteboard: false, updatedAt: 10 });
    expect(view).toMatchObject({ kind: 'sharing', doc: { page: 1 } });
    view = followShare(view, { doc: page(2), whiteboard: true, updatedAt: 20 });
    expect(view).toMatchObject({ kind: 'sharing', doc: { page: 2 }, whiteboard: true });
    view = followShare(view, { doc: null, whiteboard: false, updatedAt: 30 });
    expect(view).toEqual({ kind: 'stopped', updatedAt: 30 });
    expect(followShare(view, { doc: page(4, 'd2'), whiteboard: false, updatedAt: 40 })).toMatchObject({ kind: 'sharing', doc: { docId: 'd2', page: 4 } });
  });

  it('an answer older than the one shown is dropped; the same answer again keeps the view', () => {
    const view = followShare(NO_SHARE, { doc: page(3), whiteboard: false, updatedAt: 20 });
    expect(followShare(view, { doc: page(2), whiteboard: false, updatedAt: 10 })).toBe(view);
    expect(followShare(view, { doc: page(3), whiteboard: false, updatedAt: 20 })).toBe(view);
    const stopped = followShare(view, { doc: null, whiteboard: false, updatedAt: 25 });
    expect(followShare(stopped, { doc: null, whiteboard: false, updatedAt: 25 })).toBe(stopped);
  });
});
