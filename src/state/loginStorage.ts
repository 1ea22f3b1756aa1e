/**
 * Remembers a room's login (token, sid, user id, role, socket address) in localStorage so
 * that a reload of the room, and every other tab of the browser, uses the same login.
 *
 * Why localStorage: the tabs of one room share ONE realtime socket through a SharedWorker,
 * and a socket logs in once, with one token and sid. So every tab of the browser must hold
 * the same login for a room: a login (or a logout, e.g. clearSession after code 402) in one
 * tab must reach the others, which `subscribe` does through the `storage` event. Outliving
 * the tab does not make a login immortal: the token still expires on the server after a
 * while unused (then code 402), and an account login elsewhere ends it (push 9004); both
 * clear it here, in every tab.
 *
 * Keyed per room (`webcast.login.<roomId>`) because a login belongs to one webcast. Storage
 * may be unavailable, blocked or full; every access is guarded and a failure only means
 * "not remembered" (and, without the event source, "not shared").
 */

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The part of the browser's StorageEvent this module reads. */
export interface StorageEventLike {
  /** The changed key; null when the whole storage was cleared. */
  readonly key: string | null;
  /** Which storage changed (localStorage or sessionStorage); checked when present. */
  readonly storageArea?: unknown;
}

/**
 * Where `storage` events arrive: the window in a browser (it fires for changes made by
 * OTHER tabs of the same origin, never for the tab's own writes); a fake in tests.
 */
export interface StorageEventSource {
  addEventListener(type: 'storage', listener: (event: StorageEventLike) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEventLike) => void): void;
}

export interface StoredLogin {
  readonly liveToken: string;
  readonly sid: string;
  readonly userId: string;
  readonly role: number;
  readonly wsUrl: string;
}

export const loginStorageKey = (roomId: string): string => `webcast.login.${roomId}`;

/** Reads what save() wrote; anything else (edited by hand, older format) is ignored. */
export function parseStoredLogin(text: string | null): StoredLogin | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { liveToken, sid, userId, role, wsUrl } = value as Record<string, unknown>;
  if (typeof liveToken !== 'string' || liveToken === '') return null;
  if (typeof sid !== 'string' || typeof userId !== 'string' || typeof wsUrl !== 'string') return null;
  if (typeof role !== 'number' || !Number.isInteger(role)) return null;
  return { liveToken, sid, userId, role, wsUrl };
}

export interface LoginStore {
  load(roomId: string): StoredLogin | null;
  save(roomId: string, login: StoredLogin): void;
  remove(roomId: string): void;
  /**
   * Calls `onChange` with the room's login as now stored (null: logged out) whenever
   * another tab saves or removes it, or clears the storage. Returns the unsubscribe
   * function. Without an event source it never calls back.
   */
  subscribe(roomId: string, onChange: (login: StoredLogin | null) => void): () => void;
}

export function createLoginStore(storage: StorageLike | null, events: StorageEventSource | null = null): LoginStore {
  const guarded = <T>(run: (s: StorageLike) => T, fallback: T): T => {
    if (storage === null) return fallback;
    try {
      return run(storage);
    } catch {
      return fallback;
    }
  };
  const load = (roomId: string): StoredLogin | null => guarded((s) => parseStoredLogin(s.getItem(loginStorageKey(roomId))), null);
  return {
    load,
    save: (roomId, login) => guarded((s) => s.setItem(loginStorageKey(roomId), JSON.stringify(login)), undefined),
    remove: (roomId) => guarded((s) => s.removeItem(loginStorageKey(roomId)), undefined),
    subscribe: (roomId, onChange) => {
      if (events === null || storage === null) return () => undefined;
      const key = loginStorageKey(roomId);
      const listener = (event: StorageEventLike): void => {
        if (event.key !== null && event.key !== key) return;
        // Another storage area (sessionStorage) changing is not a login change.
        if (event.storageArea !== undefined && event.storageArea !== null && event.storageArea !== storage) return;
        // Read back rather than trust the event: the storage is the one source of truth.
        onChange(load(roomId));
      };
      events.addEventListener('storage', listener);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        events.removeEventListener('storage', listener);
      };
    },
  };
}

/** The browser's localStorage, or null where it does not exist (node tests) or is blocked. */
export function browserLocalStorage(): StorageLike | null {
  try {
    const storage: Storage | undefined = globalThis.localStorage;
    // Some runtimes (newer node without a storage file) expose an object without methods.
    return typeof storage?.getItem === 'function' ? storage : null;
  } catch {
    return null;
  }
}

/** The window's `storage` events, or null outside a window (node tests, workers). */
export function browserStorageEvents(): StorageEventSource | null {
  return typeof window === 'undefined' ? null : window;
}
