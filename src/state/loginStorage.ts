/**
 * Remembers a room's login (token, sid, user id, role, socket address) in sessionStorage so
 * that a reload of the room keeps the viewer signed in.
 *
 * Why sessionStorage: it survives reloads and in-tab navigation but not the tab itself,
 * and it is not shared between tabs, so two tabs can hold two different logins and a token
 * does not outlive the browsing session. Keyed per room because a login belongs to one
 * webcast. Storage may be unavailable or full; every access is guarded and a failure only
 * means "not remembered".
 */

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
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
}

export function createLoginStore(storage: StorageLike | null): LoginStore {
  const guarded = <T>(run: (s: StorageLike) => T, fallback: T): T => {
    if (storage === null) return fallback;
    try {
      return run(storage);
    } catch {
      return fallback;
    }
  };
  return {
    load: (roomId) => guarded((s) => parseStoredLogin(s.getItem(loginStorageKey(roomId))), null),
    save: (roomId, login) => guarded((s) => s.setItem(loginStorageKey(roomId), JSON.stringify(login)), undefined),
    remove: (roomId) => guarded((s) => s.removeItem(loginStorageKey(roomId)), undefined),
  };
}

/** The browser's sessionStorage, or null where it does not exist (node tests) or is blocked. */
export function browserSessionStorage(): StorageLike | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
