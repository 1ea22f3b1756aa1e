import { describe, expect, it } from 'vitest';
import { MIC_CALL_ROUTES, problemOfOutcome, readMicPhase, socketUnreachable } from './useViewerMic';

describe('where the viewer\'s mic calls go', () => {
  it('applies and cancels by voip/apply; once taken on, joins (1605) and quits (1607) the call room', () => {
    expect(MIC_CALL_ROUTES.apply).toEqual({ kind: 'http', path: 'micApply', type: 1 });
    expect(MIC_CALL_ROUTES.cancel).toEqual({ kind: 'http', path: 'micApply', type: 2 });
    expect(MIC_CALL_ROUTES.confirm).toEqual({ kind: 'callRoom', code: 1605 });
    expect(MIC_CALL_ROUTES.decline).toEqual({ kind: 'callRoom', code: 1607, fallback: { path: 'micReply', type: 2 } });
    expect(MIC_CALL_ROUTES.hangup).toEqual({ kind: 'callRoom', code: 1607, fallback: { path: 'micReply', type: 3 } });
  });

  it('declines and hangs up over voip/reply when the socket cannot carry the request, never when the server refused it', () => {
    for (const reason of ['not-connected', 'connection-closed', 'timeout', 'not-subscribed', 'send-failed'] as const) {
      expect(socketUnreachable({ ok: false, reason, status: null, msg: '' })).toBe(true);
    }
    expect(socketUnreachable({ ok: false, reason: 'rejected', status: 4009, msg: '' })).toBe(false);
    expect(socketUnreachable({ ok: false, reason: 'bad-reply', status: null, msg: '' })).toBe(false);
  });

  it('says a refused call-room request as a refused voip call is said', () => {
    expect(problemOfOutcome({ ok: false, reason: 'rejected', status: 4501, msg: 'webcastId: you are not in the call room' })).toEqual({
      key: 'error.invalidInputField',
      detail: 'webcastId: you are not in the call room',
    });
    expect(problemOfOutcome({ ok: false, reason: 'rejected', status: 4009, msg: '' })).toEqual({ key: 'code.4009' });
    expect(problemOfOutcome({ ok: false, reason: 'not-connected', status: null, msg: '' })).toEqual({ key: 'realtime.failed.notConnected' });
    expect(problemOfOutcome({ ok: false, reason: 'timeout', status: null, msg: '' })).toEqual({ key: 'realtime.failed.timeout' });
    expect(problemOfOutcome({ ok: false, reason: 'bad-reply', status: null, msg: '' })).toEqual({ key: 'error.submitFailed' });
  });

  it("reads the mic's state from a voip answer, nothing else", () => {
    expect(readMicPhase({ webcastId: '10001', state: 'idle' })).toBe('idle');
    expect(readMicPhase({ state: 'connected' })).toBe('connected');
    expect(readMicPhase({ state: 'gone' })).toBeNull();
    expect(readMicPhase(null)).toBeNull();
  });
});
