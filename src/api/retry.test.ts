import { describe, expect, it, vi } from 'vitest';
import { defaultSleep, retry, retryDelay } from './retry';

const recordingSleep = () => {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { delays, sleep };
};

describe('retry', () => {
  it('defaults to 3 retries (4 attempts) with exponential delays', async () => {
    const { delays, sleep } = recordingSleep();
    const fn = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(retry(fn, { baseDelayMs: 100, sleep })).rejects.toThrow('down');
    expect(fn).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([100, 200, 400]);
  });

  it('stops at the first success', async () => {
    const { delays, sleep } = recordingSleep();
    let n = 0;
    const result = await retry(
      async (attempt) => {
        n += 1;
        if (attempt < 3) throw new Error('again');
        return 'done';
      },
      { baseDelayMs: 10, sleep },
    );
    expect(result).toBe('done');
    expect(n).toBe(3);
    expect(delays).toEqual([10, 20]);
  });

  it('does not retry what shouldRetry refuses', async () => {
    const { delays, sleep } = recordingSleep();
    const fn = vi.fn(async () => {
      throw new Error('final');
    });
    await expect(retry(fn, { sleep, shouldRetry: () => false })).rejects.toThrow('final');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it('honours a custom retry count, including 0', async () => {
    const { sleep } = recordingSleep();
    const fn = vi.fn(async () => {
      throw new Error('x');
    });
    await expect(retry(fn, { retries: 0, sleep })).rejects.toThrow();
    expect(fn).toHaveBeenCalledTimes(1);
    fn.mockClear();
    await expect(retry(fn, { retries: 5, sleep })).rejects.toThrow();
    expect(fn).toHaveBeenCalledTimes(6);
  });

  it('stops retrying once the signal aborts', async () => {
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      controller.abort();
      throw new Error('x');
    });
    await expect(retry(fn, { signal: controller.signal, sleep: async () => undefined })).rejects.toThrow('x');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('computes base * 2^(n-1)', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(500, n))).toEqual([500, 1000, 2000, 4000]);
  });

  it('default sleep waits on timers and ends early on abort', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      void defaultSleep(1000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);

      const controller = new AbortController();
      let early = false;
      void defaultSleep(60_000, controller.signal).then(() => (early = true));
      controller.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(early).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
