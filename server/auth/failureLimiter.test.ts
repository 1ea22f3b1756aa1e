import { describe, expect, it } from 'vitest';
import { BizError } from '../http/envelope.js';
import { FAILURE_WINDOW_MS, FailureLimiter, guessBudgets, MAX_FAILURES, ROOM_MAX_FAILURES } from './failureLimiter.js';

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

describe('FailureLimiter under concurrency', () => {
  it('evaluates at most 10 of 1,000 simultaneous wrong guesses; the rest are 4203 without a check', async () => {
    const limiter = new FailureLimiter(() => 1_000_000);
    const { check, evaluated } = slowCheck(() => false);
    const budgets = guessBudgets('password', '10002', '10.0.0.1');
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => limiter.guard(budgets, [4103], check(i))));
    expect(evaluated()).toBe(MAX_FAILURES);
    expect(results.filter((r) => codeOf(r) === 4103)).toHaveLength(MAX_FAILURES);
    expect(results.filter((r) => codeOf(r) === 4203)).toHaveLength(1000 - MAX_FAILURES);
  });

  it('gives a reserved attempt back when the guess was right, so right answers never use up the budget', async () => {
    const limiter = new FailureLimiter(() => 0);
    const { check, evaluated } = slowCheck(() => true);
    const budgets = guessBudgets('password', '10002', 'a');
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled(Array.from({ length: MAX_FAILURES }, (_, i) => limiter.guard(budgets, [4103], check(i))));
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    }
    expect(evaluated()).toBe(3 * MAX_FAILURES);
  });

  it('gives the attempt back when the check fails for another reason than a wrong guess', async () => {
    const limiter = new FailureLimiter(() => 0);
    const budgets = guessBudgets('password', '10002', 'a');
    for (let i = 0; i < MAX_FAILURES * 2; i++) {
      await expect(limiter.guard(budgets, [4103], () => Promise.reject(new BizError(4501)))).rejects.toMatchObject({ code: 4501 });
    }
    await expect(limiter.guard(budgets, [4103], () => 'in')).resolves.toBe('in');
  });

  it('refuses with the seconds left, and lets guesses in again once the oldest failure leaves the window', async () => {
    let now = 0;
    const limiter = new FailureLimiter(() => now);
    const budgets = guessBudgets('member', '10003', 'a');
    for (let i = 0; i < MAX_FAILURES; i++) {
      await expect(limiter.guard(budgets, [4102], () => Promise.reject(new BizError(4102)))).rejects.toMatchObject({ code: 4102 });
      now += 1000;
    }
    await expect(limiter.guard(budgets, [4102], () => 'x')).rejects.toMatchObject({ code: 4203, data: { waitSeconds: FAILURE_WINDOW_MS / 1000 - 10 } });
    now = FAILURE_WINDOW_MS + 1;
    await expect(limiter.guard(budgets, [4102], () => 'x')).resolves.toBe('x');
  });

  it('caps a room across addresses: a farm of addresses gets at most ROOM_MAX_FAILURES evaluations per window', async () => {
    const limiter = new FailureLimiter(() => 0);
    const { check, evaluated } = slowCheck(() => false);
    const results = await Promise.allSettled(
      Array.from({ length: 3000 }, (_, i) => limiter.guard(guessBudgets('password', '10002', `10.0.${i >> 8}.${i & 255}`), [4103], check(i))),
    );
    expect(evaluated()).toBe(ROOM_MAX_FAILURES);
    expect(results.filter((r) => codeOf(r) === 4203)).toHaveLength(3000 - ROOM_MAX_FAILURES);
    // Another room is not affected.
    await expect(limiter.guard(guessBudgets('password', '10009', '10.0.0.1'), [4103], () => 'ok')).resolves.toBe('ok');
  });

  it('reserves nothing when one budget is used up (the other is not charged for a refused try)', async () => {
    const limiter = new FailureLimiter(() => 0);
    const own = guessBudgets('password', 'r', 'a');
    for (let i = 0; i < MAX_FAILURES; i++) await limiter.guard(own, [4103], () => Promise.reject(new BizError(4103))).catch(() => undefined);
    for (let i = 0; i < 50; i++) await expect(limiter.guard(own, [4103], () => 'x')).rejects.toMatchObject({ code: 4203 });
    // The room budget holds the 10 real failures only: 190 more from other addresses are evaluated.
    const { check, evaluated } = slowCheck(() => false);
    await Promise.allSettled(Array.from({ length: 400 }, (_, i) => limiter.guard(guessBudgets('password', 'r', `b${i}`), [4103], check(i))));
    expect(evaluated()).toBe(ROOM_MAX_FAILURES - MAX_FAILURES);
  });
});
