/**
 * The conference day's verdicts (bench/soak, issue 34 item 6) from its samples: the soak
 * itself takes an hour and is not part of `npm test`, so its judging is tested here on
 * made-up samples.
 */
import { describe, expect, it } from 'vitest';
import { soakTargets, type SoakSample } from '../../bench/soak/index';

const sample = (minute: number, over: Partial<SoakSample> = {}): SoakSample => ({
  minute,
  tabHeapMB: [10, 9],
  workerHeapMB: 1,
  domNodes: [500, 480],
  longTasksInBursts: 0,
  longTasksOutside: 0,
  longestOutsideMs: 0,
  socketsOpen: 1,
  socketsClosed: 0,
  ...over,
});

const verdicts = (samples: SoakSample[], from = 15) => Object.fromEntries(soakTargets(samples, from).map((t) => [t.what, t.met]));

describe('soakTargets', () => {
  it('meets every target when nothing grows, nothing blocks and one socket stays', () => {
    const all = verdicts([sample(0, { tabHeapMB: [30, 30] }), sample(15), sample(30), sample(60, { longTasksInBursts: 3 })]);
    expect(Object.values(all).every(Boolean)).toBe(true);
    expect(Object.keys(all)).toHaveLength(7);
  });

  it('judges only the window: growth before it is the warm-up', () => {
    const t = verdicts([sample(0, { tabHeapMB: [2, 2], workerHeapMB: 0.1 }), sample(15), sample(60, { tabHeapMB: [14, 9] })]);
    expect(t['tab 1: JavaScript heap growth after a forced GC']).toBe(true);
    const grown = verdicts([sample(15), sample(60, { tabHeapMB: [15.5, 9], workerHeapMB: 6.5 })]);
    expect(grown['tab 1: JavaScript heap growth after a forced GC']).toBe(false);
    expect(grown['the SharedWorker: JavaScript heap growth after a forced GC']).toBe(false);
  });

  it('fails a DOM that grows, a long task outside the bursts, and a reconnect', () => {
    const t = verdicts([sample(15), sample(30, { domNodes: [560, 480], longTasksOutside: 1, longestOutsideMs: 72 }), sample(60, { socketsClosed: 1 })]);
    expect(t['tab 1: elements in the document']).toBe(false);
    expect(t['tab 2: elements in the document']).toBe(true);
    expect(t['long tasks over 50 ms outside the bursts, all tabs']).toBe(false);
    expect(t['sockets open at the server at every sample; sockets closed (reconnects)']).toBe(false);
  });

  it('says nothing from fewer than two samples in the window', () => {
    expect(soakTargets([sample(0), sample(10)], 15)).toEqual([]);
  });
});
