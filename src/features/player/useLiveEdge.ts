/**
 * How far behind its edge the live plays, sampled twice a second while playing: the
 * latency on the root element (for measuring) and in the control bar (its own small store,
 * so the readout re-renders, not the player), "behind live" for the control bar (against
 * the least latency this load has seen, so a new load, line or retry starts afresh), and
 * the debug overlay's figures when it is open.
 *
 * It also keeps the live at its delay mode's target (domain/liveLatency): a little faster
 * while it lags with buffer to spare, a jump to the edge past the room's auto-delay
 * threshold, and the verdict "cannot keep up" when it lags for ten seconds with nothing
 * buffered to speed through. Never while the viewer chose to be behind (paused, rewound).
 */
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { DelayMode, StreamType } from '../../domain/constants';
import { cannotKeepUp, chase, laggingSince, latencyTargetMs } from '../../domain/liveLatency';
import { useClock } from '../../ui/clock';
import { behindLive } from './controlRules';
import type { PlaybackEngine } from './engine';
import { bufferAheadMs } from './latency';
import type { PlayerPhase } from './playerMachine';

const LATENCY_SAMPLE_MS = 500;
/** At most one jump to the edge in this long: a jump that lands short must not loop. */
const JUMP_SPACING_MS = 10_000;

/** The latency readout's store: the newest sample, or null when there is none. */
export interface LatencyStore {
  subscribe(listener: () => void): () => void;
  get(): number | null;
  set(latencyMs: number | null): void;
}

function createLatencyStore(): LatencyStore {
  let value: number | null = null;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set(latencyMs) {
      // Tenths of a second: what the readout shows; finer changes re-render nothing.
      const rounded = latencyMs === null ? null : Math.round(latencyMs / 100) * 100;
      if (rounded === value) return;
      value = rounded;
      for (const listener of listeners) listener();
    },
  };
}

/** The newest latency of the store, for the readout. */
export const useLatency = (store: LatencyStore): number | null => useSyncExternalStore(store.subscribe, store.get);

export interface Figures {
  readonly engine: string;
  readonly latencyMs: number | null;
  readonly bufferMs: number;
  readonly width: number;
  readonly height: number;
  readonly dropped: number;
}

interface LiveEdgeState {
  readonly loadId: number;
  /** The live plays more than BEHIND_LIVE_MS behind the least latency of this load. */
  readonly lagging: boolean;
  /** The viewer paused the live since it was last at its edge. */
  readonly paused: boolean;
}

const freshEdge = (loadId: number): LiveEdgeState => ({ loadId, lagging: false, paused: false });

export interface LiveEdgeOptions {
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly rootRef: RefObject<HTMLDivElement | null>;
  readonly engineRef: RefObject<PlaybackEngine | null>;
  readonly phase: PlayerPhase;
  readonly loadId: number;
  readonly debug: boolean;
  /** The live plays (chasing and the readout are for a live only). */
  readonly live: boolean;
  readonly type: StreamType;
  readonly delay: DelayMode;
  /** SPEC session autoDelayThreshold: lagging the target by more than this jumps to the edge. */
  readonly jumpAfterMs: number;
  /** This load starts where the viewer went back to (an FLV live rewound through its HLS): behind by choice. */
  readonly behindByChoice?: boolean;
}

export interface LiveEdgeView {
  /** Behind the live edge: paused since the edge, or lagging. */
  readonly behind: boolean;
  readonly figures: Figures | null;
  /** The viewer paused or rewound (true) or went back to the edge (false). */
  readonly setPausedSinceEdge: (paused: boolean) => void;
  readonly latency: LatencyStore;
  /** The live lags its target for a while and cannot catch up (the network is slower than the stream). */
  readonly cannotKeepUp: boolean;
  /** The target latency of the delay mode and player playing. */
  readonly targetMs: number;
}

export function useLiveEdge({ videoRef, rootRef, engineRef, phase, loadId, debug, live, type, delay, jumpAfterMs, behindByChoice = false }: LiveEdgeOptions): LiveEdgeView {
  const clock = useClock();
  const [latency] = useState(createLatencyStore);
  const [lagging, setLagging] = useState(false);
  const chaseState = useRef<{ laggingSince: number | null; jumpedAt: number; verdict: boolean }>({ laggingSince: null, jumpedAt: -Infinity, verdict: false });
  const targetMs = latencyTargetMs(type, delay);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [edgeState, setEdge] = useState<LiveEdgeState>(() => freshEdge(loadId));
  const edge = edgeState.loadId === loadId ? edgeState : freshEdge(loadId);
  const bestLatency = useRef<{ loadId: number; ms: number | null }>({ loadId, ms: null });

  const setPausedSinceEdge = (paused: boolean) => {
    // Back at the edge: the least latency is measured afresh from there.
    if (!paused) bestLatency.current = { loadId, ms: null };
    setEdge((current) => ({ ...(current.loadId === loadId ? current : freshEdge(loadId)), paused, ...(paused ? {} : { lagging: false }) }));
  };

  const heldBack = edge.paused || behindByChoice;
  const chasing = live && !heldBack;
  useEffect(() => {
    const chaser = chaseState.current;
    if (phase !== 'playing' && phase !== 'stalled') {
      latency.set(null);
      return;
    }
    const sample = () => {
      const video = videoRef.current;
      const root = rootRef.current;
      if (video === null || root === null) return;
      const measured = engineRef.current?.latencyMs() ?? null;
      if (measured === null) root.removeAttribute('data-latency-ms');
      else root.setAttribute('data-latency-ms', String(Math.round(measured)));
      latency.set(live ? measured : null);
      if (chasing && measured !== null && !video.paused) keepToTarget(video, measured);
      else if (video.playbackRate !== 1 && live) video.playbackRate = 1;
      if (measured !== null && !video.paused) {
        // The least latency of this load, kept outside React; the player re-renders only
        // when the verdict "behind the live edge" changes, not at every sample.
        const best = bestLatency.current.loadId === loadId && bestLatency.current.ms !== null ? Math.min(bestLatency.current.ms, measured) : measured;
        bestLatency.current = { loadId, ms: best };
        const lagging = behindLive(measured, best, false);
        setEdge((edge) => {
          const own = edge.loadId === loadId ? edge : freshEdge(loadId);
          return own.lagging === lagging && own === edge ? edge : { ...own, lagging };
        });
      }
      if (debug) {
        const quality = video.getVideoPlaybackQuality?.();
        setFigures({
          engine: engineRef.current?.name ?? '-',
          latencyMs: measured,
          bufferMs: bufferAheadMs(video.buffered, video.currentTime),
          width: video.videoWidth,
          height: video.videoHeight,
          dropped: quality?.droppedVideoFrames ?? 0,
        });
      }
    };
    /** One step of the chaser: a rate, or a jump to the edge; and the verdict "cannot keep up". */
    const keepToTarget = (video: HTMLVideoElement, measured: number) => {
      const now = clock.now();
      const action = chase({ latencyMs: measured, targetMs, bufferAheadMs: bufferAheadMs(video.buffered, video.currentTime), jumpAfterMs });
      if (action.kind === 'jump') {
        const edgeTime = engineRef.current?.liveEdge() ?? null;
        if (edgeTime !== null && edgeTime > video.currentTime && now - chaser.jumpedAt > JUMP_SPACING_MS) {
          chaser.jumpedAt = now;
          video.currentTime = edgeTime;
        }
      } else if (video.playbackRate !== action.rate) video.playbackRate = action.rate;
      chaser.laggingSince = laggingSince(chaser.laggingSince, now, measured, targetMs);
      const cannot = cannotKeepUp(chaser.laggingSince, now);
      // Only a changed verdict reaches React: a sample is not worth a render of the player.
      if (cannot !== chaser.verdict) {
        chaser.verdict = cannot;
        setLagging(cannot);
      }
    };
    const timer = clock.setInterval(sample, LATENCY_SAMPLE_MS);
    return () => {
      clock.clearInterval(timer);
      chaser.laggingSince = null;
      if (chaser.verdict) {
        chaser.verdict = false;
        setLagging(false);
      }
    };
  }, [clock, phase, debug, loadId, videoRef, rootRef, engineRef, live, chasing, targetMs, jumpAfterMs, latency]);

  return { behind: heldBack || edge.lagging, figures, setPausedSinceEdge, latency, cannotKeepUp: lagging, targetMs };
}
