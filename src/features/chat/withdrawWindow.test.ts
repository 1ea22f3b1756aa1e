import { describe, expect, it } from 'vitest';
import { WITHDRAW_WINDOW_MS } from '../../domain';
import { canWithdraw, nextWithdrawExpiry } from './withdrawWindow';

const T = 1_700_000_000_000;
const mine = (sendTime: number) => ({ mine: true, sendTime });
const theirs = (sendTime: number) => ({ mine: false, sendTime });

describe('canWithdraw', () => {
  it('allows own messages strictly inside the window', () => {
    expect(canWithdraw(mine(T), T)).toBe(true);
    expect(canWithdraw(mine(T), T + WITHDRAW_WINDOW_MS - 1)).toBe(true);
    expect(canWithdraw(mine(T), T + WITHDRAW_WINDOW_MS)).toBe(false);
  });

  it("never allows others' messages", () => {
    expect(canWithdraw(theirs(T), T)).toBe(false);
  });

  it('tolerates a client clock behind the server (sendTime in the future)', () => {
    expect(canWithdraw(mine(T + 5000), T)).toBe(true);
  });
});

describe('nextWithdrawExpiry', () => {
  it('is the earliest expiry of own messages still open', () => {
    const list = [mine(T - 200_000), mine(T - 100_000), theirs(T - 10_000), mine(T - 50_000)];
    expect(nextWithdrawExpiry(list, T)).toBe(T - 100_000 + WITHDRAW_WINDOW_MS);
  });

  it('is null when no own message is open', () => {
    expect(nextWithdrawExpiry([theirs(T), mine(T - WITHDRAW_WINDOW_MS)], T)).toBeNull();
    expect(nextWithdrawExpiry([], T)).toBeNull();
  });
});
