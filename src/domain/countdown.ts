/** Time to a room's start, for the player's cover and the guide page. */

/** Milliseconds until the start time, never negative; null without a start time. */
export function countdownMs(startTime: number | null, nowMs: number): number | null {
  return startTime === null ? null : Math.max(0, startTime - nowMs);
}

/** "d hh:mm:ss" parts of a countdown. */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.ceil(ms / 1000);
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The countdown as "hh:mm:ss" and its whole days. */
export function countdownText(ms: number): { days: number; time: string } {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${two(hours)}:${two(minutes)}:${two(seconds)}` };
}
