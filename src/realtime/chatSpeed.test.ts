import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_SPEEDS, createChatSampler, readChatSpeed, SAMPLE_WINDOW_SECONDS } from './chatSpeed';

/** Feeds `perSecond` plain messages a second for `seconds`, evenly; returns the admitted times. */
function flood(speed: 10 | 5 | 2, perSecond: number, seconds: number, start = 0) {
  const sampler = createChatSampler(speed, start);
  const admitted: number[] = [];
  const step = 1000 / perSecond;
  for (let t = start; t < start + seconds * 1000; t += step) if (sampler.admits(false, t)) admitted.push(t);
  return { sampler, admitted };
}

describe('chat speed', () => {
  it('reads a stored speed, anything else is every message', () => {
    expect(CHAT_SPEEDS.map(readChatSpeed)).toEqual([...CHAT_SPEEDS]);
    expect([3, '5', null, undefined, -1].map(readChatSpeed)).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows at most the limit a second of a flood, spread evenly over the second', () => {
    for (const speed of [10, 5, 2] as const) {
      const { admitted } = flood(speed, 2000, 10);
      expect(admitted.length).toBeGreaterThanOrEqual(speed * 10 - 1);
      expect(admitted.length).toBeLessThanOrEqual(speed * 10 + 1);
      // Even: no two rows closer than the limit's interval (the first one aside).
      const gaps = admitted.slice(1).map((t, i) => t - admitted[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / speed - 1);
    }
  });

  it('shows every message of a room slower than the limit', () => {
    const { admitted } = flood(5, 4, 10);
    expect(admitted).toHaveLength(40);
  });

  it('always shows priority messages, which spend the credit of the others', () => {
    const sampler = createChatSampler(2, 0);
    let plain = 0;
    let priority = 0;
    for (let t = 0; t < 10_000; t += 10) {
      // A priority message every 250 ms: four a second, above the limit of 2.
      if (t % 250 === 0) {
        expect(sampler.admits(true, t)).toBe(true);
        priority++;
      } else if (sampler.admits(false, t)) plain++;
    }
    expect(priority).toBe(40);
    // Priority alone is above the limit: the others wait (the first credit aside).
    expect(plain).toBeLessThanOrEqual(1);
  });

  it('counts what it showed of what arrived over the window, exactly', () => {
    const { sampler, admitted } = flood(5, 200, 10);
    expect(sampler.sample(9_999)).toEqual({ shown: admitted.length, arrived: 2000 });
    // Seconds older than the window leave the count.
    expect(sampler.sample(9_999 + 3_000)).toEqual({
      shown: admitted.filter((t) => t >= 3_000).length,
      arrived: 2000 - 3 * 200,
    });
    expect(sampler.sample(9_999 + SAMPLE_WINDOW_SECONDS * 1000)).toEqual({ shown: 0, arrived: 0 });
  });

  it('never leaves out a priority message and never exceeds the limit without one (any arrival pattern)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(10, 5, 2),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 400 }), priority: fc.boolean() }), { maxLength: 500 }),
        (speed: 10 | 5 | 2, arrivals) => {
          const sampler = createChatSampler(speed, 0);
          let t = 0;
          let plainShown = 0;
          let prioritySeen = 0;
          for (const { gap, priority } of arrivals) {
            t += gap;
            const shown = sampler.admits(priority, t);
            if (priority) {
              if (!shown) return false;
              prioritySeen++;
            } else if (shown) plainShown++;
          }
          // Credit starts at one message and refills at the limit's rate; priority only takes from it.
          return prioritySeen > 0 || plainShown <= 1 + (t * speed) / 1000;
        },
      ),
    );
  });
});
