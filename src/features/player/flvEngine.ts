/** Live HTTP-FLV through mpegts.js (this module is its own chunk, loaded on demand). */
import mpegts from 'mpegts.js';
import { absoluteUrl, seekableEnd, type EngineEvents, type EngineSource, type PlaybackEngine } from './engine';
import { flvTuning } from './engineConfig';
import { bufferAheadMs, flvLatencyMs } from './latency';
import type { ErrorKind } from './playerMachine';

/** mpegts.js's network errors: an HTTP refusal (the line died) is `network`; no answer, a timeout or a cut stream is `offline`. */
function flvErrorKind(type: unknown, detail: unknown): ErrorKind {
  if (type !== mpegts.ErrorTypes.NETWORK_ERROR) return 'media';
  return detail === mpegts.ErrorDetails.NETWORK_STATUS_CODE_INVALID ? 'network' : 'offline';
}

export function createFlvEngine(video: HTMLVideoElement, source: EngineSource, events: EngineEvents): PlaybackEngine {
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: source.live, url: absoluteUrl(source.url), hasAudio: true, hasVideo: !source.audio },
    { ...flvTuning(source.delay), isLive: source.live, lazyLoad: false, autoCleanupSourceBuffer: true },
  );
  // The demo server's onMetaData says when FLV time 0 was on its wall clock.
  let wallClockAtZeroMs: number | null = null;
  player.on(mpegts.Events.METADATA_ARRIVED, (metadata: unknown) => {
    const at = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>).wallClockAtZeroMs : undefined;
    if (typeof at === 'number' && Number.isFinite(at)) wallClockAtZeroMs = at;
  });
  player.on(mpegts.Events.ERROR, (type: unknown, detail: unknown) => {
    events.onError(flvErrorKind(type, detail), String(detail));
  });
  // A live stream that ends while the room is still live is a dropped connection.
  player.on(mpegts.Events.LOADING_COMPLETE, () => {
    if (source.live) events.onError('offline', 'stream ended');
  });
  player.attachMediaElement(video);
  player.load();
  return {
    name: 'mpegts.js',
    latencyMs: () => {
      if (!source.live) return null;
      if (wallClockAtZeroMs !== null) return flvLatencyMs(Date.now(), wallClockAtZeroMs, video.currentTime);
      return bufferAheadMs(video.buffered, video.currentTime);
    },
    // FLV's seekable range is what is buffered: play from just short of its end.
    liveEdge: () => (source.live ? seekableEnd(video.buffered, 0.3) : null),
    destroy: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}
