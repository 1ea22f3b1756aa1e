/**
 * Live latency: how far behind the live edge (the server's wall clock) the frame on screen
 * is, in ms. Pure; the engines pass in what they know.
 */

/** FLV: the stream's onMetaData `wallClockAtZeroMs` (server clock at timestamp 0) and the media time. */
export function flvLatencyMs(nowMs: number, wallClockAtZeroMs: number, currentTimeS: number): number {
  return Math.max(0, nowMs - (wallClockAtZeroMs + currentTimeS * 1000));
}

/** HLS: the program date-time of the frame on screen (EXT-X-PROGRAM-DATE-TIME). */
export function dateLatencyMs(nowMs: number, playingDateMs: number): number {
  return Math.max(0, nowMs - playingDateMs);
}

/** Without a clock in the stream: what is buffered ahead of the playhead (a lower bound). */
export function bufferAheadMs(buffered: { readonly length: number; start(i: number): number; end(i: number): number }, currentTimeS: number): number {
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTimeS + 0.1 && currentTimeS <= buffered.end(i)) return Math.max(0, (buffered.end(i) - currentTimeS) * 1000);
  }
  return 0;
}
