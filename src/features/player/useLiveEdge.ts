/**
 * How far behind its edge the live plays, sampled twice a second while playing: the
 * latency on the root element (for measuring), "behind live" for the control bar (against
 * the least latency this load has seen, so a new load, line or retry starts afresh), and
 * the debug overlay's figures when it is open.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useClock } from '../../ui/clock';
import { behindLive } from './controlRules';
import type { PlaybackEngine } from './engine';
import { bufferAheadMs } from './latency';
import type { PlayerPhase } from './playerMachine';

const LATENCY_SAMPLE_MS = 500;

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
}

export interface LiveEdgeView {
  /** Behind the live edge: paused since the edge, or lagging. */
  readonly behind: boolean;
  readonly figures: Figures | null;
  /** The viewer paused (true) or went back to the edge (false). */
  readonly setPausedSinceEdge: (paused: boolean) => void;
}

export function useLiveEdge({ videoRef, rootRef, engineRef, phase, loadId, debug }: LiveEdgeOptions): LiveEdgeView {
  const clock = useClock();
  const [figures, setFigures] = useState<Figures | null>(null);
  const [edgeState, setEdge] = useState<LiveEdgeState>(() => freshEdge(loadId));
  const edge = edgeState.loadId === loadId ? edgeState : freshEdge(loadId);
  const bestLatency = useRef<{ loadId: number; ms: number | null }>({ loadId, ms: null });

  const setPausedSinceEdge = (paused: boolean) => {
    // Back at the edge: the least latency is measured afresh from there.
    if (!paused) bestLatency.current = { loadId, ms: null };
    setEdge((current) => ({ ...(current.loadId === loadId ? current : freshEdge(loadId)), paused, ...(paused ? {} : { lagging: false }) }));
  };

  useEffect(() => {
    if (phase !== 'playing' && phase !== 'stalled') return;
    const sample = () => {
      const video = videoRef.current;
      const root = rootRef.current;
      if (video === null || root === null) return;
      const latency = engineRef.current?.latencyMs() ?? null;
      if (latency === null) root.removeAttribute('data-latency-ms');
      else root.setAttribute('data-latency-ms', String(Math.round(latency)));
      if (latency !== null && !video.paused) {
        // The least latency of this load, kept outside React; the player re-renders only
        // when the verdict "behind the live edge" changes, not at every sample.
        const best = bestLatency.current.loadId === loadId && bestLatency.current.ms !== null ? Math.min(bestLatency.current.ms, latency) : latency;
        bestLatency.current = { loadId, ms: best };
        const lagging = behindLive(latency, best, false);
        setEdge((edge) => {
          const own = edge.loadId === loadId ? edge : freshEdge(loadId);
          return own.lagging === lagging && own === edge ? edge : { ...own, lagging };
        });
      }
      if (debug) {
        const quality = video.getVideoPlaybackQuality?.();
        setFigures({
          engine: engineRef.current?.name ?? '-',
          latencyMs: latency,
          bufferMs: bufferAheadMs(video.buffered, video.currentTime),
          width: video.videoWidth,
          height: video.videoHeight,
          dropped: quality?.droppedVideoFrames ?? 0,
        });
      }
    };
    const timer = clock.setInterval(sample, LATENCY_SAMPLE_MS);
    return () => clock.clearInterval(timer);
  }, [clock, phase, debug, loadId, videoRef, rootRef, engineRef]);

  return { behind: edge.paused || edge.lagging, figures, setPausedSinceEdge };
}
