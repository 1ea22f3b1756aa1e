import { afterEach, describe, expect, it } from 'vitest';
import { positionAt, replayPlayback, reportReplayPosition } from './replayPlayback';

afterEach(() => reportReplayPosition(null));

describe('replay playback', () => {
  it("follows the player's position between its reports, at its rate, and stands still while paused", () => {
    const at = { roomId: 'r', recording: '/vod.m3u8', startedAt: 5_000, positionS: 10, readAt: 1_000, rate: 2 };
    reportReplayPosition(at);
    expect(replayPlayback.current).toEqual(at);
    expect(positionAt(at, 1_500)).toBe(11);
    expect(positionAt(at, 900)).toBe(10);
    expect(positionAt({ ...at, rate: 0 }, 60_000)).toBe(10);
    reportReplayPosition(null);
    expect(replayPlayback.current).toBeNull();
  });
});
