import { describe, expect, it } from 'vitest';
import { storeEngines } from '../testing/storeEngines.js';
import type { Batch, StoredReport } from './clientErrors.js';
import { keepReports, newestReports } from './clientErrorStore.js';

const report = (n: number, extra: Partial<StoredReport> = {}): StoredReport => ({
  kind: 'error',
  fingerprint: n.toString(16).padStart(8, '0'),
  message: `failure ${n}`,
  stack: '',
  route: '/live/video/10001',
  room: null,
  code: null,
  count: 1,
  at: 1_700_000_000_000 + n,
  ...extra,
});

const batch = (reports: StoredReport[]): Batch => ({ app: 'viewer', version: '1.0.0', build: 'b1', userAgent: 'test', reports });

describe.each(storeEngines())('client error reports on $engine', ({ open }) => {
  it('keeps what a report said, newest first', async () => {
    const store = await open();
    await keepReports(store, 1_800_000_000_000, batch([report(1), report(2, { room: '10001', code: 4203, count: 7 })]), 100);
    const listed = await newestReports(store, 10);
    expect(listed).toEqual([
      { ...report(2, { room: '10001', code: 4203, count: 7 }), receivedAt: 1_800_000_000_000, app: 'viewer', version: '1.0.0', build: 'b1', userAgent: 'test' },
      { ...report(1), receivedAt: 1_800_000_000_000, app: 'viewer', version: '1.0.0', build: 'b1', userAgent: 'test' },
    ]);
    expect(await newestReports(store, 1)).toHaveLength(1);
  });

  it('trims to the newest it keeps', async () => {
    const store = await open();
    for (let n = 1; n <= 5; n += 1) await keepReports(store, n, batch([report(n)]), 3);
    expect((await newestReports(store, 10)).map((r) => r.message)).toEqual(['failure 5', 'failure 4', 'failure 3']);
  });

  it('keeps a batch whole or not at all', async () => {
    const store = await open();
    const broken = { ...report(2), message: null } as unknown as StoredReport;
    await expect(keepReports(store, 1, batch([report(1), broken]), 100)).rejects.toThrow(/null|NOT NULL/i);
    expect(await newestReports(store, 10)).toEqual([]);
  });
});
