/**
 * The engines' settings per delay mode (pure data, tested in node).
 *
 * - No delay: FLV with the IO stash buffer off and buffer-latency chasing on (mpegts.js
 *   drops what is buffered beyond a second); HLS with the lowest-latency settings hls.js
 *   has (join one segment from the edge).
 * - Low delay: FLV without the stash; HLS two segments back.
 * - Fluent: the libraries' buffered defaults (three segments back, stash on).
 *
 * Neither library changes the playback rate: the player's own chaser does, toward the
 * delay mode's target from the stream's clock (domain/liveLatency, useLiveEdge), the same
 * way for both, and it knows when it cannot keep up. Two chasers would fight. Nor does
 * hls.js jump to the edge by itself (liveMaxLatencyDurationCount Infinity): that would
 * undo a viewer's live rewind; the chaser jumps past the room's auto-delay threshold, and
 * only while the viewer has not chosen to be behind.
 */
import type { DelayMode } from '../../domain/constants';

export interface FlvTuning {
  readonly enableStashBuffer: boolean;
  readonly stashInitialSize?: number;
  readonly liveBufferLatencyChasing: boolean;
  readonly liveBufferLatencyMaxLatency?: number;
  readonly liveBufferLatencyMinRemain?: number;
  readonly liveSync: boolean;
  readonly liveSyncMaxLatency?: number;
  readonly liveSyncTargetLatency?: number;
  readonly liveSyncPlaybackRate?: number;
}

export function flvTuning(delay: DelayMode): FlvTuning {
  switch (delay) {
    case 'noDelay':
      return {
        enableStashBuffer: false,
        liveBufferLatencyChasing: true,
        liveBufferLatencyMaxLatency: 0.9,
        liveBufferLatencyMinRemain: 0.2,
        liveSync: false,
      };
    case 'lowDelay':
      return { enableStashBuffer: false, liveBufferLatencyChasing: false, liveSync: false };
    case 'fluent':
      return { enableStashBuffer: true, stashInitialSize: 128 * 1024, liveBufferLatencyChasing: false, liveSync: false };
  }
}

export interface HlsTuning {
  readonly lowLatencyMode: boolean;
  readonly liveSyncDurationCount: number;
  readonly liveMaxLatencyDurationCount: number;
  readonly maxLiveSyncPlaybackRate: number;
  readonly maxBufferLength: number;
  readonly backBufferLength: number;
}

export function hlsTuning(delay: DelayMode): HlsTuning {
  switch (delay) {
    case 'noDelay':
      return { lowLatencyMode: true, liveSyncDurationCount: 1, liveMaxLatencyDurationCount: Infinity, maxLiveSyncPlaybackRate: 1, maxBufferLength: 4, backBufferLength: 4 };
    case 'lowDelay':
      return { lowLatencyMode: true, liveSyncDurationCount: 2, liveMaxLatencyDurationCount: Infinity, maxLiveSyncPlaybackRate: 1, maxBufferLength: 10, backBufferLength: 10 };
    case 'fluent':
      return { lowLatencyMode: false, liveSyncDurationCount: 3, liveMaxLatencyDurationCount: Infinity, maxLiveSyncPlaybackRate: 1, maxBufferLength: 30, backBufferLength: 30 };
  }
}
