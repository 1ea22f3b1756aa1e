import { describe, expect, it } from 'vitest';
import { BizError } from '../http/envelope.js';
import {
  ADDRESS_FREE_FAILURES,
  ALARM_FREE_FAILURES,
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  FailureLimiter,
  FORGET_MS,
  FREE_FAILURES,
  guessPlan,
  SCOPE_ALARM_FAILURES,
} from './failureLimiter.js';

/** A check that takes a while (as scrypt on the thread pool does) and counts its runs. */
function slowCheck(answer: (guess: number) => boolean) {
  let evaluated = 0;
  const check = (guess: number) => async () => {
    evaluated++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!answer(guess)) throw new BizError(4103);
    return guess;
  };
  return { check, evaluated: () => evaluated };
}

const codeOf = (r: PromiseSettledResult<unknown>): number | 'ok' =>
  r.status === 'fulfilled' ? 'ok' : r.reason instanceof BizError ? r.reason.code : -1;

const wrong = () => Promise.reject(new BizError(4103));

describe('FailureLimiter under concurrency', () => {
  it('evaluates at most 10 of 1,000 simultaneous wrong guesses; the rest are 4203 without a check', async () => {
    const limiter = new FailureLimiter(() => 1_000_000, 0);
    const { check, evaluated } = slowCheck(() => false);
    const plan = guessPlan('password', '10002', '10.0.0.1');
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => limiter.guard(plan, [4103], check(i))));
    expect(evaluated()).toBe(FREE_FAILURES);
    expect(results.filter((r) => codeOf(r) === 4103)).toHaveLength(FREE_FAILURES);
    expect(results.filter((r) => codeOf(r) === 4203)).toHaveLength(1000 - FREE_FAILURES);
  });

  it('never counts right answers, nor refusals for other reasons', async () => {
    const limiter = new FailureLimiter(() => 0, 0);
    const { check, evaluated } = slowCheck(() => true);
    const plan = guessPlan('password', '10002', 'a');
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled(Array.from({ length: FREE_FAILURES }, (_, i) => limiter.guard(plan, [4103], check(i))));
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    }
    expect(evaluated()).toBe(3 * FREE_FAILURES);
    for (let i = 0; i < FREE_FAILURES * 2; i++) {
      await expect(limiter.guard(plan, [4103], () => Promise.reject(new BizError(4501)))).rejects.toMatchObject({ code: 4501 });
    }
    await expect(limiter.guard(plan, [4103], () => 'in')).resolves.toBe('in');
  });
});

describe('backing off per guesser', () => {
  it('locks after the free failures for 30 s, then doubles with each further wrong answer, up to an hour', async () => {
    let now = 0;
    const limiter = new FailureLimiter(() => now, 0);
    const plan = guessPlan('member', '10003', 'a', 'device-a');
    for (let i = 0; i < FREE_FAILURES; i++) await expect(limiter.guard(plan, [4103], wrong)).rejects.toMatchObject({ code: 4103 });
    await expect(limiter.guard(plan, [4103], () => 'x')).rejects.toMatchObject({ code: 4203, data: { waitSeconds: BACKOFF_BASE_MS / 1000 } });
    const locks: number[] = [];
    for (let k = 0; k < 9; k++) {
      // Just before the lock ends the guesser is still refused, then one more wrong answer locks it twice as long.
      const lock = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** k);
      locks.push(lock / 1000);
      now += lock - 1;
      await expect(limiter.guard(plan, [4103], () => 'x')).rejects.toMatchObject({ code: 4203 });
      now += 1;
      await expect(limiter.guard(plan, [4103], wrong)).rejects.toMatchObject({ code: 4103 });
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('a right answer clears the guesser\'s device budget; an hour without a failure forgets the rest', async () => {
    let now = 0;
    const limiter = new FailureLimiter(() => now, 0);
    const plan = guessPlan('password', 'r', 'office', 'device-a');
    for (let i = 0; i < FREE_FAILURES - 1; i++) await limiter.guard(plan, [4103], wrong).catch(() => undefined);
    await expect(limiter.guard(plan, [4103], () => 'right')).resolves.toBe('right');
    for (let i = 0; i < FREE_FAILURES - 1; i++) await expect(limiter.guard(plan, [4103], wrong)).rejects.toMatchObject({ code: 4103 });
    now += FORGET_MS + 1;
    for (let i = 0; i < FREE_FAILURES - 1; i++) await expect(limiter.guard(plan, [4103], wrong)).rejects.toMatchObject({ code: 4103 });
  });

  it('keeps an office address open to its other devices, but not to a guesser who changes device ids', async () => {
    const limiter = new FailureLimiter(() => 0, 0);
    const guess = (device: string) => limiter.guard(guessPlan('password', 'r', 'office', device), [4103], wrong).then(() => 'ok', (e: BizError) => e.code);
    const typist = [];
    for (let i = 0; i < FREE_FAILURES + 2; i++) typist.push(await guess('device-typist'));
    expect(typist).toEqual([...Array(FREE_FAILURES).fill(4103), 4203, 4203]);
    // A colleague on the same address still has tries; a guesser changing ids runs into the address's own budget.
    expect(await guess('device-colleague')).toBe(4103);
    const rotating = [];
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) rotating.push(await guess(`device-${i}`));
    expect(rotating.filter((c) => c === 4103)).toHaveLength(ADDRESS_FREE_FAILURES - FREE_FAILURES - 1);
    expect(rotating.slice(-1)).toEqual([4203]);
  });
});

describe('a scope under attack (issue 35: strangers locked a password room)', () => {
  it('raises an alarm instead of refusing: a farm of addresses never stops a right answer from a fresh guesser', async () => {
    const limiter = new FailureLimiter(() => 0, 0);
    const { check } = slowCheck(() => false);
    // 30 addresses, 10 wrong guesses each (300 > the alarm's 200).
    await Promise.allSettled(Array.from({ length: 300 }, (_, i) => limiter.guard(guessPlan('password', '10002', `10.0.0.${i % 30}`), [4103], check(i))));
    const alarm = limiter.alarmOf('password', '10002');
    expect(alarm).toMatchObject({ active: true, guessers: 30, windowSeconds: 600, since: 0 });
    expect(alarm.failures).toBeGreaterThanOrEqual(SCOPE_ALARM_FAILURES);
    const right = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => limiter.guard(guessPlan('password', '10002', `192.0.2.${i}`, `device-${i}`), [4103], () => 'in')));
    expect(right.every((r) => r.status === 'fulfilled')).toBe(true);
    // Another room is not alarmed.
    expect(limiter.alarmOf('password', '10009').active).toBe(false);
  });

  it('under the alarm a guesser gets 3 free failures, and each wrong answer waits the tarpit', async () => {
    const limiter = new FailureLimiter(() => 0, 200);
    for (let i = 0; i < SCOPE_ALARM_FAILURES; i++) await limiter.guard(guessPlan('password', 'r', `farm-${i}`), [4103], wrong).catch(() => undefined);
    expect(limiter.alarmOf('password', 'r').active).toBe(true);
    const began = Date.now();
    const codes = [];
    for (let i = 0; i < ALARM_FREE_FAILURES + 1; i++) codes.push(await limiter.guard(guessPlan('password', 'r', 'new', 'd'), [4103], wrong).then(() => 'ok', (e: BizError) => e.code));
    expect(codes).toEqual([...Array(ALARM_FREE_FAILURES).fill(4103), 4203]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(ALARM_FREE_FAILURES * 200 - 20);
    await expect(limiter.guard(guessPlan('password', 'r', 'honest', 'h'), [4103], () => 'in')).resolves.toBe('in');
  });

  it('lowers the alarm once the window holds fewer failures than the threshold', async () => {
    let now = 0;
    const limiter = new FailureLimiter(() => now, 0);
    for (let i = 0; i < SCOPE_ALARM_FAILURES; i++) await limiter.guard(guessPlan('password', 'r', `farm-${i}`), [4103], wrong).catch(() => undefined);
    expect(limiter.alarmOf('password', 'r').active).toBe(true);
    now += 10 * 60_000 + 1;
    expect(limiter.alarmOf('password', 'r')).toMatchObject({ active: false, failures: 0, since: null });
  });
});
