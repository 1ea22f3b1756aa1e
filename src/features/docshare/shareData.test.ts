import { describe, expect, it } from 'vitest';
import { readShareInfo, readCloudSetting } from './shareData';

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

describe("the room's cloud setting (what it shares at all)", () => {
  it('documents and whiteboard as the room says; anything but a no reads as yes (the share info then tells)', () => {
    expect(readCloudSetting({ docShare: false, whiteboard: false, cloudFiles: false })).toEqual({ docShare: false, whiteboard: false });
    expect(readCloudSetting({ docShare: true, whiteboard: false })).toEqual({ docShare: true, whiteboard: false });
    expect(readCloudSetting({ docShare: 'no' })).toEqual({ docShare: true, whiteboard: true });
    expect(readCloudSetting(null)).toEqual({ docShare: true, whiteboard: true });
  });
});
