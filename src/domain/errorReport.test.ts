import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintOf, reportOf, ReportOutbox, REPORTS_PER_MINUTE, scrubStack, scrubText, REPORT_MESSAGE_MAX } from './errorReport';

describe('scrubbing a report', () => {
  it('takes out tokens, phone numbers and e-mail addresses', () => {
    expect(scrubText('GET /x?token=abc123&sid=s9 failed')).toBe('GET /x?token=[token]&sid=[token] failed');
    expect(scrubText('{"liveToken":"q1w2e3","name":"Ann"}')).toBe('{"liveToken":"[token]","name":"Ann"}');
    expect(scrubText('Authorization: Bearer eyJhbGciOi.xyz')).toContain('[token]');
    expect(scrubText('call 13812345678 or +44 20 7946 0958')).toBe('call [phone] or [phone]');
    expect(scrubText('mail ann.lee+x@example.co.uk now')).toBe('mail [email] now');
    expect(scrubText('session 7f3a9c2e4b1d8f6a0c5e7b9d2a4f6c8e ended')).toBe('session [token] ended');
    // Ordinary words and numbers stay.
    expect(scrubText('Cannot read properties of undefined (reading "offset") at 12:30')).toBe('Cannot read properties of undefined (reading "offset") at 12:30');
  });

  it('cuts long texts, and no input makes it throw or leave a phone number whole', () => {
    expect(scrubText('x'.repeat(5000)).length).toBe(REPORT_MESSAGE_MAX);
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('13912345678', 'a.b@c.io'), fc.string(), (before, secret, after) => {
        expect(scrubText(`${before} ${secret} ${after}`, 10_000)).not.toContain(secret);
      }),
    );
  });

  it('keeps a stack to its first lines, without query strings', () => {
    const stack = ['Error: boom', ...Array.from({ length: 20 }, (_v, i) => `    at f${i} (https://h.example/assets/index-abc.js?token=zz:1:${i})`)].join('\n');
    const kept = scrubStack(stack);
    expect(kept.split('\n')).toHaveLength(8);
    expect(kept).not.toContain('token');
  });
});

describe('a failure as a report', () => {
  it('has the same fingerprint for the same failure with other numbers, another for another place', () => {
    const a = fingerprintOf('error', 'Error: offset 12 missing', 'Error\n    at f (app.js:1:10)');
    expect(fingerprintOf('error', 'Error: offset 99 missing', 'Error\n    at f (app.js:1:10)')).toBe(a);
    expect(fingerprintOf('error', 'Error: offset 12 missing', 'Error\n    at g (app.js:9:3)')).not.toBe(a);
    expect(fingerprintOf('call', 'x', '', 4501)).not.toBe(fingerprintOf('call', 'x', '', 4502));
  });

  it('reads whatever was thrown', () => {
    expect(reportOf({ kind: 'rejection', error: 'plain text', route: '/live/video/1', room: '1', at: 5 })).toMatchObject({ message: 'plain text', stack: '', count: 1, room: '1' });
    expect(reportOf({ kind: 'rejection', error: { reason: 'x' }, route: '/', room: null, at: 5 }).message).toBe('{"reason":"x"}');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(reportOf({ kind: 'rejection', error: circular, route: '/', room: null, at: 5 }).message).toBe('[object Object]');
    expect(reportOf({ kind: 'error', error: new TypeError('bad token=abc'), route: '/x?token=1', room: null, at: 5 })).toMatchObject({ message: 'TypeError: bad token=[token]', route: '/x?token=[token]' });
  });
});

describe('the outbox', () => {
  const report = (message: string, at: number) => reportOf({ kind: 'error', error: new Error(message), route: '/', room: null, at });

  it('counts a repeat on the waiting report, drops one sent within the minute, and sends at most 10 distinct a minute', () => {
    const box = new ReportOutbox();
    expect(box.add(report('a', 0))).toBe(true);
    expect(box.add(report('a', 10))).toBe(false);
    expect(box.take()).toMatchObject([{ count: 2 }]);
    expect(box.add(report('a', 20))).toBe(false);
    expect(box.dropped).toBe(1);
    for (let i = 0; i < 20; i++) box.add(report(`distinct ${'x'.repeat(i)}`, 100 + i));
    expect(box.size).toBe(REPORTS_PER_MINUTE - 1);
    expect(box.take()).toHaveLength(REPORTS_PER_MINUTE - 1);
    // A minute later the same failure may be told again.
    expect(box.add(report('a', 60_001))).toBe(true);
  });
});
