/**
 * The chat offset of a recording (issue 36 item 1), remembered per recording in this
 * browser: the viewer lines up a recording whose start is off once, and it stays lined up.
 */
import { clampOffset } from '../../domain/replayChatWindow';

const KEY = 'webcast.replay.offset.';
/** Recordings remembered at most; the oldest setting goes first. */
export const OFFSETS_KEPT = 50;

export interface OffsetStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** The recording's offset in seconds (0 when none was set, or what is stored is not one). */
export function readReplayOffset(storage: OffsetStorage | null, recording: string): number {
  try {
    const stored = storage?.getItem(KEY + recording) ?? null;
    return stored === null ? 0 : clampOffset(JSON.parse(stored));
  } catch {
    return 0;
  }
}

/** Keeps the recording's offset (0: forgets it), and no more than OFFSETS_KEPT recordings. */
export function writeReplayOffset(storage: OffsetStorage | null, recording: string, offsetS: number, now: number): void {
  if (storage === null) return;
  try {
    const value = clampOffset(offsetS);
    if (value === 0) {
      storage.removeItem(KEY + recording);
      return;
    }
    storage.setItem(KEY + recording, JSON.stringify(value));
    storage.setItem(`${KEY}${recording}.at`, String(now));
    const kept: { key: string; at: number }[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key === null || !key.startsWith(KEY) || key.endsWith('.at')) continue;
      kept.push({ key, at: Number(storage.getItem(`${key}.at`)) || 0 });
    }
    kept.sort((a, b) => a.at - b.at);
    for (const old of kept.slice(0, Math.max(0, kept.length - OFFSETS_KEPT))) {
      storage.removeItem(old.key);
      storage.removeItem(`${old.key}.at`);
    }
  } catch {
    // A full or blocked storage: the offset holds for this visit only.
  }
}

export function browserStorage(): OffsetStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
