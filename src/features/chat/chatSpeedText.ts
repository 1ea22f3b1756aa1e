import type { ChatSample } from '../../realtime/chatSpeed';

/**
 * "1 in N" of a slowed chat, N rounded; null when nothing was left out (a quiet room shows
 * everything even when slowed, and then there is nothing to say).
 */
export function sampleRatio(sample: ChatSample): number | null {
  if (sample.arrived <= sample.shown) return null;
  if (sample.shown === 0) return sample.arrived;
  return Math.max(2, Math.round(sample.arrived / sample.shown));
}
