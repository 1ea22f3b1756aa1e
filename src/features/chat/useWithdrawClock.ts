/**
 * The one clock of the chat list: the time used to decide which own messages may still be
 * withdrawn. It does not tick every second; it wakes once when the next own message leaves
 * the window (nextWithdrawExpiry), so rows re-render only when their button must go.
 */
import { useEffect, useState } from 'react';
import type { ChatEntry } from '../../realtime/chatEntry';
import { nextWithdrawExpiry } from './withdrawWindow';
import { useClock } from '../../ui/clock';

export function useWithdrawClock(entries: readonly ChatEntry[]): number {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const expiry = nextWithdrawExpiry(entries, now);
    if (expiry === null) return undefined;
    // +1 ms: at exactly sendTime + window the message is out (canWithdraw uses <).
    const timer = clock.setTimeout(() => setNow(clock.now()), Math.max(0, expiry - clock.now()) + 1);
    return () => clock.clearTimeout(timer);
  }, [clock, entries, now]);
  return now;
}
