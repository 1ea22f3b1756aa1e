import { describe, expect, it } from 'vitest';
import { createLoginStore, loginStorageKey, parseStoredLogin, type StorageLike } from './loginStorage';

const login = { liveToken: 't-1', sid: 's-1', userId: 'u-1', role: 5, wsUrl: 'wss://example.com/ws' };

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('parseStoredLogin', () => {
  it('reads what was written', () => {
    expect(parseStoredLogin(JSON.stringify(login))).toEqual(login);
  });

  it.each([null, '', 'not json', 'null', '[]', JSON.stringify({ ...login, liveToken: '' }), JSON.stringify({ ...login, role: '5' }), JSON.stringify({ ...login, sid: undefined })])(
    'ignores %j',
    (text) => expect(parseStoredLogin(text)).toBeNull(),
  );
});

describe('createLoginStore', () => {
  it('keeps one login per room', () => {
    const storage = memoryStorage();
    const store = createLoginStore(storage);
    store.save('10001', login);
    expect(storage.data.has(loginStorageKey('10001'))).toBe(true);
    expect(store.load('10001')).toEqual(login);
    expect(store.load('10002')).toBeNull();
    store.remove('10001');
    expect(store.load('10001')).toBeNull();
  });

  it('treats unavailable or failing storage as "not remembered"', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    for (const store of [createLoginStore(null), createLoginStore(throwing)]) {
      expect(() => store.save('1', login)).not.toThrow();
      expect(store.load('1')).toBeNull();
      expect(() => store.remove('1')).not.toThrow();
    }
  });
});
