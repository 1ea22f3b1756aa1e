import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissNotice, MAX_NOTICES, NOTICE_DURATION_MS, notices, pushNotice } from './notices';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const n of [...notices.items]) dismissNotice(n.id);
  vi.useRealTimers();
});

describe('notices', () => {
  it('shows a notice for a few seconds, then drops it', () => {
    pushNotice({ key: 'code.402', tone: 'warning' });
    expect(notices.items).toEqual([expect.objectContaining({ key: 'code.402', tone: 'warning' })]);
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 1);
    expect(notices.items).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(notices.items).toHaveLength(0);
  });

  it('defaults the tone to info and keeps params', () => {
    pushNotice({ key: 'error.unknownCode', params: { code: 7 } });
    expect(notices.items[0]).toMatchObject({ tone: 'info', params: { code: 7 } });
  });

  it('shows the same notice once and restarts its time', () => {
    const first = pushNotice({ key: 'code.402' });
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 10);
    const second = pushNotice({ key: 'code.402' });
    expect(second).toBe(first);
    expect(notices.items).toHaveLength(1);
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 10);
    expect(notices.items).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(notices.items).toHaveLength(0);
  });

  it('treats different params as different notices', () => {
    pushNotice({ key: 'error.unknownCode', params: { code: 1 } });
    pushNotice({ key: 'error.unknownCode', params: { code: 2 } });
    expect(notices.items).toHaveLength(2);
  });

  it('keeps at most a few notices, dropping the oldest', () => {
    const ids = Array.from({ length: MAX_NOTICES + 2 }, (_, i) => pushNotice({ key: `k.n${i}` }));
    expect(notices.items.map((n) => n.id)).toEqual(ids.slice(-MAX_NOTICES));
  });

  it('can be dismissed early', () => {
    const id = pushNotice({ key: 'code.402' });
    dismissNotice(id);
    expect(notices.items).toHaveLength(0);
    expect(() => vi.runAllTimers()).not.toThrow();
  });
});
