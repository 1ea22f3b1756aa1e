import { beforeEach, describe, expect, it } from 'vitest';
import { createLoginStore, loginStorageKey, type StorageEventLike, type StorageEventSource, type StorageLike } from './loginStorage';
import { clearSession, enterRoom, initialSession, session, setLoginStore, setSession, setTheme } from './session';

const login = { token: 'tok', sid: 'sid-1', userId: 'user-1', role: 6, ws: 'wss://example.com/ws' };

let storage: Map<string, string>;
let backing: StorageLike;
/** This tab's `storage` events: fired by the test as the browser does when another tab writes. */
let listeners: Set<(event: StorageEventLike) => void>;

beforeEach(() => {
  storage = new Map();
  backing = {
    getItem: (k) => storage.get(k) ?? null,
    setItem: (k, v) => void storage.set(k, v),
    removeItem: (k) => void storage.delete(k),
  };
  listeners = new Set();
  const events: StorageEventSource = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  Object.assign(session, initialSession());
  setLoginStore(createLoginStore(backing, events));
});

/** Another tab of the browser: same storage, and this tab hears of its writes. */
const otherTab = {
  save(roomId: string, l: typeof login): void {
    createLoginStore(backing).save(roomId, { liveToken: l.token, sid: l.sid, userId: l.userId, role: l.role, wsUrl: l.ws });
    listeners.forEach((listener) => listener({ key: loginStorageKey(roomId), storageArea: backing }));
  },
  remove(roomId: string): void {
    createLoginStore(backing).remove(roomId);
    listeners.forEach((listener) => listener({ key: loginStorageKey(roomId), storageArea: backing }));
  },
};

describe('session defaults (SPEC 3)', () => {
  it('starts logged out as a guest, in zh_cn, with the default theme', () => {
    const s = initialSession();
    expect(s.liveToken).toBeNull();
    expect(s.bcInfo).toBeNull();
    expect(s.currentRole).toBe(5);
    expect(s.localeLang).toBe('zh_cn');
    expect(s.currentTheme).toBe('#2081eb');
    expect(s.isJoinVideo).toBe(false);
    expect(s.chatImages).toEqual([]);
  });

  it('gives a fresh object each time', () => {
    const a = initialSession();
    a.chatImages.push('x');
    expect(initialSession().chatImages).toEqual([]);
  });
});

describe('setSession / clearSession', () => {
  it('stores the login result and remembers it for the room', () => {
    enterRoom('10001');
    setSession(login);
    expect(session).toMatchObject({ liveToken: 'tok', sid: 'sid-1', userId: 'user-1', currentRole: 6, wsUrl: 'wss://example.com/ws' });
    expect(storage.size).toBe(1);
  });

  it('restores the remembered login when the room is shown again (a reload)', () => {
    enterRoom('10001');
    setSession(login);
    Object.assign(session, initialSession());
    enterRoom('10001');
    expect(session.liveToken).toBe('tok');
    expect(session.currentRole).toBe(6);
  });

  it('does not carry a login into another room', () => {
    enterRoom('10001');
    setSession(login);
    enterRoom('20002');
    expect(session.currentRoomId).toBe('20002');
    expect(session.liveToken).toBeNull();
    expect(session.currentRole).toBe(5);
  });

  it('resets to the defaults, forgets the login, keeps language, theme and devices', () => {
    enterRoom('10001');
    setSession(login);
    session.localeLang = 'en_us';
    session.currentTheme = '#ff0000';
    session.cameraDeviceId = 'cam';
    session.confId = 'conf';
    session.isJoinVideo = true;
    clearSession();
    expect(session).toEqual({
      ...initialSession(),
      localeLang: 'en_us',
      currentTheme: '#ff0000',
      cameraDeviceId: 'cam',
    });
    expect(storage.size).toBe(0);
    enterRoom('10001');
    expect(session.liveToken).toBeNull();
  });
});

describe('logins shared by the tabs of the browser', () => {
  const theirs = { token: 'tok-2', sid: 'sid-2', userId: 'user-2', role: 5, ws: 'wss://example.com/ws2' };

  it("takes up another tab's login of the current room, keeping the room state", () => {
    enterRoom('10001');
    session.confId = 'conf';
    otherTab.save('10001', theirs);
    expect(session).toMatchObject({ liveToken: 'tok-2', sid: 'sid-2', userId: 'user-2', currentRole: 5, wsUrl: 'wss://example.com/ws2' });
    expect(session.currentRoomId).toBe('10001');
    expect(session.confId).toBe('conf');
  });

  it("drops the login when another tab logs out (clearSession after 402)", () => {
    enterRoom('10001');
    setSession(login);
    otherTab.remove('10001');
    expect(session).toMatchObject({ liveToken: null, sid: null, userId: null, currentRole: 5, wsUrl: null });
    expect(session.currentRoomId).toBe('10001');
  });

  it("ignores another room's login and stops watching a room once left", () => {
    enterRoom('10001');
    otherTab.save('20002', theirs);
    expect(session.liveToken).toBeNull();
    enterRoom('20002');
    expect(session.liveToken).toBe('tok-2');
    otherTab.save('10001', login);
    expect(session.liveToken).toBe('tok-2');
    expect(listeners.size).toBe(1);
  });

  it("this tab's clearSession reaches the others through the storage and stops watching", () => {
    enterRoom('10001');
    setSession(login);
    clearSession();
    expect(storage.has(loginStorageKey('10001'))).toBe(false);
    expect(listeners.size).toBe(0);
    otherTab.save('10001', theirs);
    expect(session.liveToken).toBeNull();
  });

  it('a swapped store takes over the watch of the current room', () => {
    enterRoom('10001');
    const before = listeners;
    setLoginStore(createLoginStore(backing, { addEventListener: () => undefined, removeEventListener: () => undefined }));
    expect(before.size).toBe(0);
  });
});

describe('setTheme', () => {
  it('keeps a valid #rgb or #rrggbb colour', () => {
    setTheme('#abc');
    expect(session.currentTheme.toLowerCase()).toBe('#abc');
    setTheme('#112233');
    expect(session.currentTheme.toLowerCase()).toBe('#112233');
  });

  it.each(['red', '#12', 'rgb(0,0,0)', null, 42])('falls back to #2081eb for %j', (colour) => {
    setTheme('#abc');
    setTheme(colour);
    expect(session.currentTheme).toBe('#2081eb');
  });
});
