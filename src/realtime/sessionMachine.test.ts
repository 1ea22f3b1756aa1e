import { describe, expect, it } from 'vitest';
import { nextSessionState, SESSION_EVENTS, SESSION_STATES, SESSION_TRANSITIONS, TERMINAL_STATES, type SessionState } from './sessionMachine';

describe('session transition table', () => {
  it('has exactly these moves', () => {
    const moves: string[] = [];
    for (const state of SESSION_STATES) {
      for (const event of SESSION_EVENTS) {
        const next = nextSessionState(state, event);
        if (next !== null) moves.push(`${state} --${event}--> ${next}`);
      }
    }
    expect(moves).toEqual([
      'idle --start--> connecting',
      'idle --close--> closed',
      'connecting --socketOpen--> loggingIn',
      'connecting --socketLost--> reconnecting',
      'connecting --close--> closed',
      'loggingIn --loginAccepted--> online',
      'loggingIn --loginRejected--> loginRejected',
      'loggingIn --endedElsewhere--> endedElsewhere',
      'loggingIn --socketLost--> reconnecting',
      'loggingIn --close--> closed',
      'online --loginRejected--> loginRejected',
      'online --endedElsewhere--> endedElsewhere',
      'online --socketLost--> reconnecting',
      'online --close--> closed',
      'reconnecting --socketOpen--> reconnecting',
      'reconnecting --loginAccepted--> online',
      'reconnecting --loginRejected--> loginRejected',
      'reconnecting --endedElsewhere--> endedElsewhere',
      'reconnecting --socketLost--> reconnecting',
      'reconnecting --attemptsExhausted--> failed',
      'reconnecting --close--> closed',
    ]);
  });

  it('has no way out of a terminal state', () => {
    for (const state of TERMINAL_STATES) expect(SESSION_TRANSITIONS[state]).toEqual({});
    expect([...TERMINAL_STATES].sort()).toEqual(['closed', 'endedElsewhere', 'failed', 'loginRejected']);
  });

  it('lets close() end every state that is not terminal', () => {
    const live = SESSION_STATES.filter((s) => !TERMINAL_STATES.has(s));
    for (const state of live) expect(nextSessionState(state, 'close')).toBe<SessionState>('closed');
  });

  it('answers null for a move that is not in the table', () => {
    expect(nextSessionState('online', 'start')).toBeNull();
    expect(nextSessionState('closed', 'socketOpen')).toBeNull();
    expect(nextSessionState('idle', 'loginAccepted')).toBeNull();
  });
});
