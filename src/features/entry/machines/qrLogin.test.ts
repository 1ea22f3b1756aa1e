import { describe, expect, it } from 'vitest';
import { initialQr, qrReducer, qrResultEvent, readQrTicket, type QrEvent, type QrState } from './qrLogin';

const ticket = { ticket: 't1', scanUrl: 'http://127.0.0.1/sim/qr/scan?ticket=t1', expiresAt: 120_000 };
const run = (events: QrEvent[], from: QrState = initialQr) => events.reduce(qrReducer, from);

describe('QR login machine', () => {
  it('issued -> waiting -> scanned -> confirmed logs in with the code', () => {
    expect(run([{ type: 'ISSUED', ...ticket }])).toEqual({ kind: 'waiting', ...ticket });
    const scanned = run([{ type: 'ISSUED', ...ticket }, { type: 'POLLED', state: 'scanned' }]);
    expect(scanned).toEqual({ kind: 'scanned', ...ticket });
    // A late "waiting" does not undo the scan.
    expect(qrReducer(scanned, { type: 'POLLED', state: 'waiting' })).toEqual(scanned);
    expect(qrReducer(scanned, { type: 'CONFIRMED', code: 'c9' })).toEqual({ kind: 'loggingIn', code: 'c9' });
  });

  it('expires on the clock, is invalid on 4302, and renews', () => {
    const waiting = run([{ type: 'ISSUED', ...ticket }]);
    expect(qrReducer(waiting, { type: 'TICK', now: 119_999 })).toBe(waiting);
    const expired = qrReducer(waiting, { type: 'TICK', now: 120_000 });
    expect(expired).toEqual({ kind: 'expired' });
    expect(qrReducer(expired, { type: 'RENEW' })).toEqual({ kind: 'loading' });
    expect(qrReducer(waiting, { type: 'INVALID' })).toEqual({ kind: 'invalid' });
    expect(qrReducer({ kind: 'loggingIn', code: 'c' }, { type: 'INVALID' })).toEqual({ kind: 'invalid' });
    expect(qrReducer({ kind: 'invalid' }, { type: 'RENEW' })).toEqual({ kind: 'loading' });
  });

  it('fails with the message and ignores events outside the table', () => {
    expect(qrReducer(initialQr, { type: 'ERROR', message: 'x' })).toEqual({ kind: 'failed', message: 'x' });
    expect(qrReducer({ kind: 'loggingIn', code: 'c' }, { type: 'LOGIN_FAILED', message: 'no' })).toEqual({ kind: 'failed', message: 'no' });
    expect(qrReducer(initialQr, { type: 'CONFIRMED', code: 'c' })).toBe(initialQr);
    const expired: QrState = { kind: 'expired' };
    expect(qrReducer(expired, { type: 'POLLED', state: 'scanned' })).toBe(expired);
  });
});

describe('answers', () => {
  it('reads a ticket with an http(s) address only', () => {
    expect(readQrTicket(ticket)).toEqual(ticket);
    expect(readQrTicket({ ...ticket, scanUrl: 'javascript:alert(1)' })).toBeNull();
    expect(readQrTicket({ ticket: 't' })).toBeNull();
    expect(readQrTicket(null)).toBeNull();
  });

  it('turns follow/result into events', () => {
    expect(qrResultEvent({ state: 'waiting' })).toEqual({ type: 'POLLED', state: 'waiting' });
    expect(qrResultEvent({ state: 'scanned' })).toEqual({ type: 'POLLED', state: 'scanned' });
    expect(qrResultEvent({ state: 'confirmed', code: 'abc' })).toEqual({ type: 'CONFIRMED', code: 'abc' });
    expect(qrResultEvent({ state: 'confirmed' })).toBeNull();
    expect(qrResultEvent('x')).toBeNull();
  });
});
