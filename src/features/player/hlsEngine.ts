/** HLS through hls.js (its light build: this module is its own chunk, loaded on demand). */
import Hls, { type ErrorData } from 'hls.js/light';
import type { ErrorKind } from './playerMachine';
import { absoluteUrl, seekableEnd, type EngineEvents, type EngineSource, type PlaybackEngine } from './engine';
import { hlsTuning } from './engineConfig';
import { dateLatencyMs } from './latency';

/**
 * hls.js's fatal errors: a load the server refused (an HTTP status: the line died) is
 * `network`; a load with no answer (status 0) or that timed out is `offline`.
 */
function hlsErrorKind(data: ErrorData): ErrorKind {
  if (data.type !== Hls.ErrorTypes.NETWORK_ERROR) return 'media';
  const status = data.response?.code ?? 0;
  return status >= 400 ? 'network' : 'offline';
}

export function createHlsEngine(video: HTMLVideoElement, source: EngineSource, events: EngineEvents): PlaybackEngine {
  const tuning = hlsTuning(source.delay);
  const hls = new Hls({
    ...tuning,
    // The demo's segments are small: transmuxing them here is quicker than starting a
    // worker (a second copy of hls.js) before the first frame.
    enableWorker: false,
    // Fetch the first segment while the MediaSource opens.
    startFragPrefetch: true,
    // Live: start where the tuning says; the replay from its start.
    startPosition: source.live ? -1 : 0,
    manifestLoadingMaxRetry: 2,
    levelLoadingMaxRetry: 2,
    fragLoadingMaxRetry: 3,
  });
  let mediaRecoveries = 0;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 1) {
      mediaRecoveries += 1;
      hls.recoverMediaError();
      return;
    }
    events.onError(hlsErrorKind(data), String(data.details));
  });
  hls.attachMedia(video);
  hls.loadSource(absoluteUrl(source.url));
  return {
    name: 'hls.js',
    latencyMs: () => {
      if (!source.live) return null;
      const date = hls.playingDate;
      if (date !== null) return dateLatencyMs(Date.now(), date.getTime());
      const latency = hls.latency;
      return Number.isFinite(latency) && latency > 0 ? latency * 1000 : null;
    },
    // hls.js knows where its tuning wants a live to play; without it, a segment short of the end.
    liveEdge: () => (source.live ? (hls.liveSyncPosition ?? seekableEnd(video.seekable, 3)) : null),
    destroy: () => hls.destroy(),
  };
}
