/**
 * SPEC 4: a message can be withdrawn only shortly after sending (WITHDRAW_WINDOW_MS). The
 * panel keeps one clock for every row: instead of a timer per row it sleeps until the next
 * own message leaves the window (nextWithdrawExpiry), so an idle list costs nothing.
 */
import { WITHDRAW_WINDOW_MS } from '../../domain/constants';
import type { ChatEntry } from '../../realtime/chatEntry';

type Withdrawable = Pick<ChatEntry, 'mine' | 'sendTime'>;

/**
 * True while `now` is inside the withdraw window of an own message. The server's clock sent
 * sendTime, so a client clock behind it is tolerated (the server refuses when it disagrees).
 */
export function canWithdraw(entry: Withdrawable, now: number): boolean {
  return entry.mine && now - entry.sendTime < WITHDRAW_WINDOW_MS;
}

/** The earliest moment after `now` when an own entry leaves the window, or null if none will. */
export function nextWithdrawExpiry(entries: readonly Withdrawable[], now: number): number | null {
  let next: number | null = null;
  // Newest last: scanning backwards finds the open windows first and stops at the first
  // own message whose window has closed, since earlier ones closed before it.
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (!entry.mine) continue;
    const expiry = entry.sendTime + WITHDRAW_WINDOW_MS;
    if (expiry <= now) break;
    if (next === null || expiry < next) next = expiry;
  }
  return next;
}
