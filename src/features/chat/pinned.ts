/** Which message the pinned strip shows: the newest entry marked top (SPEC 3 `top`). */
import type { ChatEntry } from '../../realtime/chatEntry';

export function latestPinned(entries: readonly ChatEntry[]): ChatEntry | null {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.top) return entries[i]!;
  return null;
}
