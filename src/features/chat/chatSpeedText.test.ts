import { describe, expect, it } from 'vitest';
import { sampleRatio } from './chatSpeedText';

describe('chat speed: what a slowed chat says', () => {
  it('says "1 in N" only when something was left out', () => {
    expect(sampleRatio({ shown: 12, arrived: 12 })).toBeNull();
    expect(sampleRatio({ shown: 0, arrived: 0 })).toBeNull();
    expect(sampleRatio({ shown: 50, arrived: 2000 })).toBe(40);
    expect(sampleRatio({ shown: 50, arrived: 2025 })).toBe(41);
    // Nearly everything shown still says that something was not.
    expect(sampleRatio({ shown: 50, arrived: 51 })).toBe(2);
    expect(sampleRatio({ shown: 0, arrived: 7 })).toBe(7);
  });
});
