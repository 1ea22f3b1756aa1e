import { describe, expect, it } from 'vitest';
import {
  createLoginStore,
  loginStorageKey,
  parseStoredLogin,
  type StorageEventLike,
  type StorageEventSource,
  type StorageLike,
  type StoredLogin,
} from './loginStorage';

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

/** The window of a tab: `storage` events the test fires as if another tab wrote. */
function eventSource(): StorageEventSource & { fire(event: StorageEventLike): void; count(): number } {
  const listeners = new Set<(event: StorageEventLike) => void>();
  return {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    fire: (event) => listeners.forEach((listener) => listener(event)),
    count: () => listeners.size,
  };
}

describe('LoginStore.subscribe (logins shared by the tabs)', () => {
  const other = { ...login, liveToken: 't-2', sid: 's-2' };

  it("reports another tab's login and logout of the room", () => {
    const storage = memoryStorage();
    const events = eventSource();
    const seen: (StoredLogin | null)[] = [];
    createLoginStore(storage, events).subscribe('10001', (l) => seen.push(l));
    // The other tab writes to the same storage; the browser then tells this tab.
    const otherTab = createLoginStore(storage);
    otherTab.save('10001', other);
    events.fire({ key: loginStorageKey('10001'), storageArea: storage });
    otherTab.remove('10001');
    events.fire({ key: loginStorageKey('10001'), storageArea: storage });
    expect(seen).toEqual([other, null]);
  });

  it('treats a cleared storage (key null) as a logout', () => {
    const storage = memoryStorage();
    const events = eventSource();
    const store = createLoginStore(storage, events);
    store.save('10001', login);
    const seen: (StoredLogin | null)[] = [];
    store.subscribe('10001', (l) => seen.push(l));
    storage.data.clear();
    events.fire({ key: null, storageArea: storage });
    expect(seen).toEqual([null]);
  });

  it("ignores other rooms' keys, other keys and other storage areas", () => {
    const storage = memoryStorage();
    const events = eventSource();
    const seen: unknown[] = [];
    createLoginStore(storage, events).subscribe('10001', (l) => seen.push(l));
    events.fire({ key: loginStorageKey('10002'), storageArea: storage });
    events.fire({ key: 'i18nextLng', storageArea: storage });
    events.fire({ key: loginStorageKey('10001'), storageArea: memoryStorage() });
    expect(seen).toEqual([]);
  });

  it('stops after unsubscribe (twice is harmless)', () => {
    const storage = memoryStorage();
    const events = eventSource();
    const seen: unknown[] = [];
    const stop = createLoginStore(storage, events).subscribe('10001', (l) => seen.push(l));
    expect(events.count()).toBe(1);
    stop();
    stop();
    expect(events.count()).toBe(0);
    events.fire({ key: loginStorageKey('10001') });
    expect(seen).toEqual([]);
  });

  it('never calls back without an event source or a storage', () => {
    const events = eventSource();
    const noEvents = createLoginStore(memoryStorage()).subscribe('10001', () => {
      throw new Error('called');
    });
    const noStorage = createLoginStore(null, events).subscribe('10001', () => {
      throw new Error('called');
    });
    events.fire({ key: loginStorageKey('10001') });
    expect(events.count()).toBe(0);
    noEvents();
    noStorage();
  });
});
