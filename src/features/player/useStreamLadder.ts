/**
 * The weak-network ladder (domain/streamLadder) fed from the player's machine: a live that
 * stalls while playing (not because the viewer paused, nor the playhead moved: the machine's
 * `seekStall`) is a stall; a live that plays again is quiet; a load that failed its retries is a failure; a
 * tick every ten seconds while a lower quality plays lets it step back up. The viewer's own
 * choice of quality, line or player resets it (`chosen`).
 */
import { useEffect, useLayoutEffect, useReducer, useRef, type Dispatch } from 'react';
import type { QualityLevel } from '../../domain/constants';
import { INITIAL_LADDER, ladderReducer, type LadderEvent, type LadderOffer, type LadderState } from '../../domain/streamLadder';
import { useClock } from '../../ui/clock';
import type { PlayerPhase } from './playerMachine';
import type { Line, PlayTarget } from './sources';

const TICK_MS = 10_000;

export function useStreamLadder(): readonly [LadderState, Dispatch<LadderEvent>] {
  return useReducer(ladderReducer, INITIAL_LADDER);
}

export interface LadderFeed {
  readonly phase: PlayerPhase;
  readonly target: PlayTarget | null;
  readonly line: Line | null;
  readonly lines: readonly { readonly id: string }[];
  readonly wanted: QualityLevel;
  readonly hlsPlays: boolean;
  readonly userPaused: boolean;
  /** The stall is the loading of a moved playhead (playerMachine's `seekStall`). */
  readonly seekStall: boolean;
}

function offerOf(feed: LadderFeed): LadderOffer | null {
  const { target, line } = feed;
  if (target?.kind !== 'play' || !target.live) return null;
  return {
    qualities: line?.renditions.map((r) => r.id) ?? [],
    lines: feed.lines.map((l) => l.id),
    lineId: target.lineId,
    type: target.type,
    quality: target.quality,
    hlsPlays: feed.hlsPlays,
  };
}

export function useLadderFeed(ladder: LadderState, dispatch: Dispatch<LadderEvent>, feed: LadderFeed): void {
  const clock = useClock();
  const feedRef = useRef(feed);
  // Before the effects below read it (layout effects run first).
  useLayoutEffect(() => {
    feedRef.current = feed;
  });
  const previous = useRef<PlayerPhase>(feed.phase);

  const { phase } = feed;
  useEffect(() => {
    const before = previous.current;
    previous.current = phase;
    const current = feedRef.current;
    const offer = offerOf(current);
    if (offer === null) return;
    const at = clock.now();
    if (phase === 'playing') dispatch({ type: 'PLAYING', at });
    else if (phase === 'stalled' && before === 'playing' && !current.userPaused && !current.seekStall) dispatch({ type: 'STALL', at, offer });
    else if (phase === 'failed') dispatch({ type: 'FAILED', at, offer });
  }, [phase, clock, dispatch]);

  const stepping = ladder.qualityCap !== null && phase === 'playing';
  useEffect(() => {
    if (!stepping) return;
    const timer = clock.setInterval(() => {
      const offer = offerOf(feedRef.current);
      if (offer !== null) dispatch({ type: 'TICK', at: clock.now(), offer, wanted: feedRef.current.wanted });
    }, TICK_MS);
    return () => clock.clearInterval(timer);
  }, [stepping, clock, dispatch]);
}
