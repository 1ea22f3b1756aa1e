import { describe, expect, it } from 'vitest';
import { readShareInfo } from './shareData';

describe('share info', () => {
  it('reads the shared page and the whiteboard', () => {
    const doc = { id: 'd1', title: 'Deck', pages: 5, page: 2, url: '/share/v1/files/d1/2' };
    expect(readShareInfo({ sharing: true, doc, updatedAt: 7 }, { open: true })).toEqual({ doc: { docId: 'd1', title: 'Deck', pages: 5, page: 2, url: doc.url }, whiteboard: true, updatedAt: 7 });
  });

  it('nothing shared, or a document it cannot read, is no document', () => {
    expect(readShareInfo({ sharing: false, doc: null, updatedAt: 3 })).toEqual({ doc: null, whiteboard: false, updatedAt: 3 });
    expect(readShareInfo({ sharing: true, doc: { id: 'd', pages: 2, page: 3, url: '/x' }, updatedAt: 1 })?.doc).toBeNull();
    expect(readShareInfo('x')).toBeNull();
  });
});
