import { describe, expect, it } from 'vitest';
import {
  acceptContract,
  contractAccepted,
  dismissHostNotice,
  dismissNotice,
  hostNoticeDismissed,
  noticeDismissed,
  type KeyValueStorage,
} from './noticeMemory';

const memory = (): KeyValueStorage => {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
};

const broken: KeyValueStorage = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
};

describe('notice memory', () => {
  it('keeps a closed notice closed until it changes, per room', () => {
    const storage = memory();
    const notice = { content: 'Starts at eight', updatedAt: 100 };
    expect(noticeDismissed(storage, '1', notice)).toBe(false);
    dismissNotice(storage, '1', notice);
    expect(noticeDismissed(storage, '1', notice)).toBe(true);
    expect(noticeDismissed(storage, '2', notice)).toBe(false);
    expect(noticeDismissed(storage, '1', { content: 'Starts at nine', updatedAt: 200 })).toBe(false);
  });

  it('asks for the terms again for a new version', () => {
    const storage = memory();
    expect(contractAccepted(storage, '1', 1)).toBe(false);
    acceptContract(storage, '1', 1);
    expect(contractAccepted(storage, '1', 1)).toBe(true);
    expect(contractAccepted(storage, '1', 2)).toBe(false);
  });

  it('treats host notices up to the closed offset as seen', () => {
    const storage = memory();
    expect(hostNoticeDismissed(storage, '1', 5)).toBe(false);
    dismissHostNotice(storage, '1', 5);
    expect([4, 5, 6].map((offset) => hostNoticeDismissed(storage, '1', offset))).toEqual([true, true, false]);
  });

  it('asks again when storage is blocked or absent, and never throws', () => {
    for (const storage of [broken, null]) {
      dismissNotice(storage, '1', { content: 'x', updatedAt: 1 });
      acceptContract(storage, '1', 1);
      dismissHostNotice(storage, '1', 3);
      expect(noticeDismissed(storage, '1', { content: 'x', updatedAt: 1 })).toBe(false);
      expect(contractAccepted(storage, '1', 1)).toBe(false);
      expect(hostNoticeDismissed(storage, '1', 3)).toBe(false);
    }
  });
});
