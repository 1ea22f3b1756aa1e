import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

describe('countdownText', () => {
  it('writes hours, minutes and seconds with the days apart, rounding up', () => {
    expect(countdownText(90061_000)).toEqual({ days: 1, time: '01:01:01' });
    expect(countdownText(500)).toEqual({ days: 0, time: '00:00:01' });
    expect(countdownText(0)).toEqual({ days: 0, time: '00:00:00' });
  });
});
