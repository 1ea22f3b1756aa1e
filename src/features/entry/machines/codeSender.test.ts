import { describe, expect, it } from 'vitest';
import { CODE_COOLDOWN_SECONDS, codeSenderReducer, initialCodeSender, secondsLeft, waitSecondsOf, type CodeSenderState } from './codeSender';

describe('codeSender machine', () => {
  it('sends, counts down 60 s, then allows a resend', () => {
    let s: CodeSenderState = codeSenderReducer(initialCodeSender, { type: 'SEND' });
    expect(s).toEqual({ kind: 'sending', sentOnce: false });
    s = codeSenderReducer(s, { type: 'SENT', now: 1000 });
    expect(s).toMatchObject({ kind: 'cooling', until: 1000 + CODE_COOLDOWN_SECONDS * 1000, tooFast: false });
    expect(secondsLeft(s, 1000)).toBe(60);
    expect(secondsLeft(s, 1500)).toBe(60);
    expect(secondsLeft(s, 2000)).toBe(59);
    s = codeSenderReducer(s, { type: 'TICK', now: 60_999 });
    expect(s.kind).toBe('cooling');
    s = codeSenderReducer(s, { type: 'TICK', now: 61_000 });
    expect(s).toEqual({ kind: 'idle', sentOnce: true });
    expect(secondsLeft(s, 61_000)).toBe(0);
  });

  it("waits as long as the server's 4203 says", () => {
    const sending = codeSenderReducer(initialCodeSender, { type: 'SEND' });
    const s = codeSenderReducer(sending, { type: 'TOO_FAST', now: 0, waitSeconds: 42 });
    expect(s).toMatchObject({ kind: 'cooling', until: 42_000, tooFast: true });
    expect(secondsLeft(s, 0)).toBe(42);
    expect(codeSenderReducer(sending, { type: 'TOO_FAST', now: 0, waitSeconds: 0 })).toMatchObject({ until: 1000 });
  });

  it('goes back to idle on a failure, and ignores events outside the table', () => {
    const sending = codeSenderReducer(initialCodeSender, { type: 'SEND' });
    expect(codeSenderReducer(sending, { type: 'FAILED' })).toEqual(initialCodeSender);
    expect(codeSenderReducer(sending, { type: 'SEND' })).toBe(sending);
    expect(codeSenderReducer(initialCodeSender, { type: 'SENT', now: 1 })).toBe(initialCodeSender);
    const cooling = codeSenderReducer(sending, { type: 'SENT', now: 0 });
    expect(codeSenderReducer(cooling, { type: 'SEND' })).toBe(cooling);
  });
});

describe('waitSecondsOf', () => {
  it('reads data, then the msg, else the full cooldown', () => {
    expect(waitSecondsOf({ waitSeconds: 12.2 }, undefined)).toBe(13);
    expect(waitSecondsOf(undefined, 'requested too fast, wait 45 s')).toBe(45);
    expect(waitSecondsOf(undefined, 'slow down')).toBe(CODE_COOLDOWN_SECONDS);
    expect(waitSecondsOf({ waitSeconds: -1 }, '')).toBe(CODE_COOLDOWN_SECONDS);
  });
});
