/**
 * The engines' settings per delay mode (pure data, tested in node).
 *
 * - No delay: FLV with the IO stash buffer off and latency chasing on (mpegts.js drops
 *   what is buffered beyond a second); HLS with the lowest-latency settings hls.js has
 *   (join one segment from the edge, speed up to catch up).
 * - Low delay: FLV without the stash, chasing by playback rate; HLS two segments back.
 * - Fluent: the libraries' buffered defaults (three segments back, stash on).
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
        liveSync: true,
        liveSyncMaxLatency: 0.6,
        liveSyncTargetLatency: 0.3,
        liveSyncPlaybackRate: 1.2,
      };
    case 'lowDelay':
      return { enableStashBuffer: false, liveBufferLatencyChasing: false, liveSync: true, liveSyncMaxLatency: 2, liveSyncTargetLatency: 1.2, liveSyncPlaybackRate: 1.1 };
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
      return { lowLatencyMode: true, liveSyncDurationCount: 1, liveMaxLatencyDurationCount: 3, maxLiveSyncPlaybackRate: 1.5, maxBufferLength: 4, backBufferLength: 4 };
    case 'lowDelay':
      return { lowLatencyMode: true, liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 5, maxLiveSyncPlaybackRate: 1.2, maxBufferLength: 10, backBufferLength: 10 };
    case 'fluent':
      return { lowLatencyMode: false, liveSyncDurationCount: 3, liveMaxLatencyDurationCount: 10, maxLiveSyncPlaybackRate: 1, maxBufferLength: 30, backBufferLength: 30 };
  }
}
