/**
 * The one clock of the chat list: the time used to decide which own messages may still be
 * withdrawn. It does not tick every second; it wakes once when the next own message leaves
 * the window (nextWithdrawExpiry), so rows re-render only when their button must go.
 */
import { useEffect, useState } from 'react';
import type { ChatEntry } from '../../realtime/chatEntry';
import { nextWithdrawExpiry } from './withdrawWindow';

export function useWithdrawClock(entries: readonly ChatEntry[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const expiry = nextWithdrawExpiry(entries, now);
    if (expiry === null) return undefined;
    // +1 ms: at exactly sendTime + window the message is out (canWithdraw uses <).
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, expiry - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [entries, now]);
  return now;
}
