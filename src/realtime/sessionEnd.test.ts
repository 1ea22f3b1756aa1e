import { describe, expect, it } from 'vitest';
import { leavesVideoPage, sessionEndOf, SESSION_END_MESSAGE_KEYS } from './sessionEnd';
import { SESSION_STATES } from './sessionMachine';

const online = { state: 'online', status: null } as const;

describe('sessionEndOf', () => {
  it('reads a kick for this viewer before the socket closes', () => {
    expect(sessionEndOf({ connection: online, controlAction: 'kick' })).toBe('kicked');
    for (const action of ['mute', 'unmute', 'notice', null]) expect(sessionEndOf({ connection: online, controlAction: action })).toBeNull();
  });

  it('reads the socket login refusals that end the login', () => {
    const refused = (status: number | null) => sessionEndOf({ connection: { state: 'loginRejected', status }, controlAction: null });
    expect(refused(4003)).toBe('kicked');
    expect(refused(4005)).toBe('elsewhere');
    expect(refused(4013)).toBe('loggedOut');
    // Other refusals (an expired login, a frame that could not be sent) are the banner's to tell.
    expect(refused(402)).toBeNull();
    expect(refused(null)).toBeNull();
    expect(sessionEndOf({ connection: { state: 'endedElsewhere', status: null }, controlAction: null })).toBe('elsewhere');
  });

  it('says nothing in any other state', () => {
    for (const state of SESSION_STATES) {
      if (state === 'loginRejected' || state === 'endedElsewhere') continue;
      expect(sessionEndOf({ connection: { state, status: 4003 }, controlAction: null })).toBeNull();
    }
  });

  it('leaves the video page for a kick or a logout, not for a login elsewhere', () => {
    expect(leavesVideoPage('kicked')).toBe(true);
    expect(leavesVideoPage('loggedOut')).toBe(true);
    expect(leavesVideoPage('elsewhere')).toBe(false);
    expect(Object.values(SESSION_END_MESSAGE_KEYS)).toEqual(['code.4005', 'code.4003', 'code.4013']);
  });
});
