import { describe, expect, it, vi } from 'vitest';
import { PAINT_WAIT_MAX_MS, paintedSoon, type PaintPorts } from './paintedSoon';

function fakePorts(visible: boolean): PaintPorts & { frames: Map<number, () => void> } {
  const frames = new Map<number, () => void>();
  let next = 1;
  return {
    frames,
    visible: () => visible,
    requestFrame: (fn) => {
      frames.set(next, fn);
      return next++;
    },
    cancelFrame: (id) => frames.delete(id),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
}

const settledWithin = async (promise: Promise<void>, ms: number): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
};

describe('paintedSoon', () => {
  it('a visible tab resolves at its next frame, and the fallback timer is cleared', async () => {
    vi.useFakeTimers();
    const ports = fakePorts(true);
    const painted = paintedSoon(ports);
    expect(await settledWithin(painted, 10)).toBe(false);
    for (const fn of ports.frames.values()) fn();
    expect(await settledWithin(painted, 0)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('a visible tab without frames resolves after PAINT_WAIT_MAX_MS and cancels its frame', async () => {
    vi.useFakeTimers();
    const ports = fakePorts(true);
    const painted = paintedSoon(ports);
    expect(await settledWithin(painted, PAINT_WAIT_MAX_MS - 1)).toBe(false);
    expect(await settledWithin(painted, 1)).toBe(true);
    expect(ports.frames.size).toBe(0);
    vi.useRealTimers();
  });

  it('a hidden tab resolves at once without asking for a frame', async () => {
    vi.useFakeTimers();
    const ports = fakePorts(false);
    const painted = paintedSoon(ports);
    expect(await settledWithin(painted, 0)).toBe(true);
    expect(ports.frames.size).toBe(0);
    vi.useRealTimers();
  });
});
