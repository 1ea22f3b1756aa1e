/**
 * The timing offset of a recording (issue 36 item 1), remembered per recording in this
 * browser: the viewer lines up a recording whose start is off once, and it stays lined up,
 * for its chat and for its timeline (cards, slides, captions) alike. One stored map,
 * recording address to seconds, the latest set last; `useReplayOffset` shares a change with
 * every reader of the page at once.
 */
import { useCallback } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { clampOffset } from '../domain/replayChatWindow';

const KEY = 'webcast.replay.offsets';
/** Recordings remembered at most; the oldest setting goes first. */
export const OFFSETS_KEPT = 50;

export type OffsetStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readAll(storage: OffsetStorage | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The recording's offset in seconds (0 when none was set, or what is stored is not one). */
export function readReplayOffset(storage: OffsetStorage | null, recording: string): number {
  return clampOffset(readAll(storage)[recording]);
}

/** Keeps the recording's offset (0: forgets it), and no more than OFFSETS_KEPT recordings. */
export function writeReplayOffset(storage: OffsetStorage | null, recording: string, offsetS: number): void {
  if (storage === null) return;
  const all = readAll(storage);
  delete all[recording];
  const value = clampOffset(offsetS);
  if (value !== 0) all[recording] = value;
  const kept = Object.entries(all).slice(-OFFSETS_KEPT);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A full or blocked storage: the offset holds for this visit only.
  }
}

/** What this page has read or set, by recording (read from storage the first time). */
const offsets = proxy<{ byRecording: Record<string, number> }>({ byRecording: {} });

/** A recording's offset and its setter, shared by every reader of the page. */
export function useReplayOffset(recording: string): readonly [number, (offsetS: number) => void] {
  const known = useSnapshot(offsets).byRecording[recording];
  // '' is no recording (a live): nothing to read.
  const offsetS = known ?? (recording === '' ? 0 : readReplayOffset(browserStorage(), recording));
  const set = useCallback(
    (value: number) => {
      writeReplayOffset(browserStorage(), recording, value);
      offsets.byRecording[recording] = clampOffset(value);
    },
    [recording],
  );
  return [offsetS, set] as const;
}

export function browserStorage(): OffsetStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
