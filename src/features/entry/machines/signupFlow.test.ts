import { describe, expect, it } from 'vitest';
import { initialSignup, readAuditState, signupReducer, type SignupEvent, type SignupState } from './signupFlow';

const run = (events: SignupEvent[], from: SignupState = initialSignup) => events.reduce(signupReducer, from);

describe('sign-up flow machine', () => {
  it('not signed up: the form, then under review, then passed', () => {
    const form = run([{ type: 'NOT_SIGNED_UP' }]);
    expect(form).toEqual({ kind: 'form', notSignedUp: true });
    expect(run([{ type: 'SUBMIT' }], form)).toEqual({ kind: 'submitting', notSignedUp: true });
    const pending = run([{ type: 'SUBMIT' }, { type: 'STATUS', state: 'pending' }], form);
    expect(pending.kind).toBe('pending');
    expect(run([{ type: 'STATUS', state: 'pending' }], pending).kind).toBe('pending');
    expect(run([{ type: 'STATUS', state: 'passed' }], pending).kind).toBe('passed');
    expect(run([{ type: 'STATUS', state: 'failed' }], pending).kind).toBe('failed');
  });

  it('the login says pending (4011) or failed (4012)', () => {
    expect(run([{ type: 'STATUS', state: 'pending' }]).kind).toBe('pending');
    expect(run([{ type: 'STATUS', state: 'failed' }]).kind).toBe('failed');
    expect(run([{ type: 'STATUS', state: 'none' }])).toBe(initialSignup);
  });

  it('a failed submission returns to the form; back returns to the login', () => {
    expect(run([{ type: 'OPEN_FORM' }, { type: 'SUBMIT' }, { type: 'STATUS', state: 'none' }]).kind).toBe('form');
    expect(run([{ type: 'OPEN_FORM' }, { type: 'BACK' }])).toEqual(initialSignup);
    expect(run([{ type: 'STATUS', state: 'failed' }, { type: 'BACK' }])).toEqual(initialSignup);
    const passed = run([{ type: 'STATUS', state: 'passed' }]);
    expect(signupReducer(passed, { type: 'SUBMIT' })).toBe(passed);
  });

  it('reads audit states', () => {
    expect(readAuditState({ signed: true, state: 'pending' })).toBe('pending');
    expect(readAuditState({ state: 'weird' })).toBeNull();
    expect(readAuditState(null)).toBeNull();
  });
});
