import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fakePorts';

describe('fake clock', () => {
  it('runs timeouts once and intervals at every period, in due order', () => {
    const clock = createFakeClock(1000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`once@${clock.now()}`), 250);
    const every = clock.setInterval(() => seen.push(`tick@${clock.now()}`), 100);
    clock.advance(350);
    expect(seen).toEqual(['tick@1100', 'tick@1200', 'once@1250', 'tick@1300']);
    expect(clock.now()).toBe(1350);
    clock.clearInterval(every);
    clock.advance(1000);
    expect(seen).toHaveLength(4);
    expect(clock.timerCount).toBe(0);
  });

  it('lets an interval clear itself from its own callback', () => {
    const clock = createFakeClock();
    let runs = 0;
    const id = clock.setInterval(() => {
      runs += 1;
      if (runs === 3) clock.clearInterval(id);
    }, 10);
    clock.advance(1000);
    expect(runs).toBe(3);
    expect(clock.timerCount).toBe(0);
  });

  it('clamps a zero interval, so one advance cannot spin forever', () => {
    const clock = createFakeClock();
    let runs = 0;
    clock.setInterval(() => (runs += 1), 0);
    clock.advance(5);
    expect(runs).toBe(5);
  });
});
