import { describe, expect, it } from 'vitest';
import { MIC_CALL_ROUTES, problemOfOutcome } from './useViewerMic';

describe('where the viewer\'s mic calls go', () => {
  it('applies and cancels by voip/apply; once taken on, joins (1605) and quits (1607) the call room', () => {
    expect(MIC_CALL_ROUTES.apply).toEqual({ kind: 'http', path: 'micApply', type: 1 });
    expect(MIC_CALL_ROUTES.cancel).toEqual({ kind: 'http', path: 'micApply', type: 2 });
    expect(MIC_CALL_ROUTES.confirm).toEqual({ kind: 'callRoom', code: 1605 });
    expect(MIC_CALL_ROUTES.decline).toEqual({ kind: 'callRoom', code: 1607 });
    expect(MIC_CALL_ROUTES.hangup).toEqual({ kind: 'callRoom', code: 1607 });
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
});
