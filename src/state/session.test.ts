import { beforeEach, describe, expect, it } from 'vitest';
import { createLoginStore, type StorageLike } from './loginStorage';
import { clearSession, enterRoom, initialSession, session, setLoginStore, setSession, setTheme } from './session';

const login = { token: 'tok', sid: 'sid-1', userId: 'user-1', role: 6, ws: 'wss://example.com/ws' };

let storage: Map<string, string>;

beforeEach(() => {
  storage = new Map();
  const backing: StorageLike = {
    getItem: (k) => storage.get(k) ?? null,
    setItem: (k, v) => void storage.set(k, v),
    removeItem: (k) => void storage.delete(k),
  };
  setLoginStore(createLoginStore(backing));
  Object.assign(session, initialSession());
});

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
