/**
 * Where a room's recording stands, in the room's time (issue 36): the player's latest
 * report (src/state/replayPlayback.ts) followed at the rate played, through the viewer's
 * offset for the recording. A reader wakes when what it shows next changes (its
 * `nextChangeAt`), at least every REPLAY_MOMENT_TICK_MS while playing, and not at all while
 * paused: a paused replay costs nothing.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { replayMomentMs } from '../domain/replayChatWindow';
import { positionAt, replayPlayback } from '../state/replayPlayback';
import { useReplayOffset } from '../state/replayOffset';
import { useClock } from './clock';

export const REPLAY_MOMENT_TICK_MS = 1000;

export interface ReplayMoment {
  /** The room's time (ms) the recording shows now. */
  readonly moment: number;
  readonly recording: string;
  /** The room's time at the recording's position 0. */
  readonly startedAt: number;
  readonly offsetS: number;
  /** 0 while paused or waiting. */
  readonly rate: number;
}

const never = (): number | null => null;

export function useReplayMoment(roomId: string, nextChangeAt: (moment: number) => number | null = never): ReplayMoment | null {
  const clock = useClock();
  const position = useSnapshot(replayPlayback).current;
  const playing = position !== null && position.roomId === roomId && position.startedAt !== null ? position : null;
  const [offsetS] = useReplayOffset(playing?.recording ?? '');
  const [now, setNow] = useState(() => clock.now());
  const moment = playing === null || playing.startedAt === null ? null : replayMomentMs(playing.startedAt, positionAt(playing, Math.max(now, playing.readAt)), offsetS);
  const rate = playing?.rate ?? 0;
  const next = moment === null ? null : nextChangeAt(moment);
  useEffect(() => {
    if (moment === null || rate <= 0) return undefined;
    const wait = next === null ? REPLAY_MOMENT_TICK_MS : Math.min(REPLAY_MOMENT_TICK_MS, Math.max(0, (next - moment) / rate));
    const timer = clock.setTimeout(() => setNow(clock.now()), wait);
    return () => clock.clearTimeout(timer);
  }, [clock, moment, rate, next]);
  if (playing === null || moment === null || playing.startedAt === null) return null;
  return { moment, recording: playing.recording, startedAt: playing.startedAt, offsetS, rate };
}
