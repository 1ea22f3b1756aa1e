import { describe, expect, it } from 'vitest';
import { isHeld, playbackHolds, setPlaybackHold } from './playbackHolds';

describe('playback holds', () => {
  it('holds a room while any hold is on, and lets go when the last goes', () => {
    expect(isHeld(playbackHolds, 'r1')).toBe(false);
    setPlaybackHold('r1', 'delayCharge', true);
    expect(isHeld(playbackHolds, 'r1')).toBe(true);
    expect(isHeld(playbackHolds, 'r2')).toBe(false);
    setPlaybackHold('r1', 'delayCharge', false);
    expect(isHeld(playbackHolds, 'r1')).toBe(false);
  });
});
