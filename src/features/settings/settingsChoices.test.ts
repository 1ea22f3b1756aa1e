import { describe, expect, it } from 'vitest';
import { QUALITY_LEVELS } from '../../domain/constants';
import { effectiveDelay, parseDelay, parseQuality, parseType, playbackHint, qualityChoices, typeChoices } from './settingsChoices';

describe('definition choices', () => {
  it('the qualities of the playing line, best first', () => {
    expect(qualityChoices({ qualities: ['original', 'hd', 'sd'] }, null)).toEqual([
      { value: 'original', available: true },
      { value: 'hd', available: true },
      { value: 'sd', available: true },
    ]);
  });

  it('every level while nothing plays', () => {
    expect(qualityChoices({ qualities: [] }, 'sd').map((c) => c.value)).toEqual([...QUALITY_LEVELS]);
    expect(qualityChoices({ qualities: [] }, null).every((c) => c.available)).toBe(true);
  });

  it('a saved level the line lacks stays listed, unavailable, in level order', () => {
    expect(qualityChoices({ qualities: ['original', 'sd'] }, 'ultraHd')).toEqual([
      { value: 'original', available: true },
      { value: 'ultraHd', available: false },
      { value: 'sd', available: true },
    ]);
  });
});

describe('player choices', () => {
  it('both while the live offer is unknown; what the line has while live', () => {
    expect(typeChoices({ mode: 'none', types: [] })).toEqual([
      { value: 'hls', available: true },
      { value: 'flv', available: true },
    ]);
    expect(typeChoices({ mode: 'live', types: ['hls'] })).toEqual([
      { value: 'hls', available: true },
      { value: 'flv', available: false },
    ]);
    expect(typeChoices({ mode: 'replay', types: [] }).every((c) => c.available)).toBe(true);
  });
});

describe('select values', () => {
  it('room default and unknown text are null; delay falls back to its default', () => {
    expect(parseQuality('')).toBeNull();
    expect(parseQuality('hd')).toBe('hd');
    expect(parseQuality('4k')).toBeNull();
    expect(parseType('flv')).toBe('flv');
    expect(parseType('rtmp')).toBeNull();
    expect(parseDelay('fluent')).toBe('fluent');
    expect(parseDelay('warp')).toBe('lowDelay');
    expect(effectiveDelay({ delay: null })).toBe('lowDelay');
    expect(effectiveDelay({ delay: 'noDelay' })).toBe('noDelay');
  });

  it('hints: before the live plays, and in the replay', () => {
    expect(playbackHint('none')).toBe('notLiveHint');
    expect(playbackHint('replay')).toBe('replayHint');
    expect(playbackHint('live')).toBeNull();
  });
});
