import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTIVITY_LIMIT,
  dismissActivity,
  lotteryActivity,
  paperActivity,
  redPacketActivity,
  reopenActivity,
  reportActivity,
  retireSlot,
  rollCallActivity,
  trayOrder,
  waitingCount,
  type ActivityLog,
  type ActivityReport,
} from './roomActivity';

const rollCall = (id: string, status: ActivityReport['status'] = 'waiting'): ActivityReport => ({ slot: 'rollCall', key: `rollCall:${id}`, kind: 'rollCall', title: 'Roll call', status });
const lottery = (id: string, status: ActivityReport['status'] = 'waiting'): ActivityReport => ({ slot: 'lottery', key: `lottery:${id}`, kind: 'lottery', title: 'Draw', status });

describe('room activity', () => {
  it('a new interaction of a slot retires the one before; both stay listed', () => {
    let log: ActivityLog = reportActivity([], rollCall('a'), 1);
    log = reportActivity(log, rollCall('b'), 2);
    expect(log.map((e) => [e.key, e.current])).toEqual([
      ['rollCall:a', false],
      ['rollCall:b', true],
    ]);
    expect(waitingCount(log)).toBe(1);
  });

  it('reporting the same state again changes nothing (the same log, no re-render)', () => {
    const log = reportActivity([], rollCall('a'), 1);
    expect(reportActivity(log, rollCall('a'), 5)).toBe(log);
  });

  it('what waits: something to do, or results not seen; put away still waits; signing ends the wait', () => {
    let log = reportActivity(reportActivity([], rollCall('a'), 1), lottery('l'), 2);
    expect(waitingCount(log)).toBe(2);
    log = dismissActivity(log, 'rollCall:a');
    expect(waitingCount(log)).toBe(2);
    log = reportActivity(log, rollCall('a', 'done'), 3);
    expect(waitingCount(log)).toBe(1);
    // The draw comes while the lottery's card shows: seen.
    log = reportActivity(log, lottery('l', 'done'), 4);
    log = reportActivity(log, lottery('l', 'results'), 5);
    expect(waitingCount(log)).toBe(0);
  });

  it('results that come while the card is put away wait until it is shown again', () => {
    let log = reportActivity([], lottery('l', 'done'), 1);
    log = dismissActivity(log, 'lottery:l');
    log = reportActivity(log, lottery('l', 'results'), 2);
    expect(waitingCount(log)).toBe(1);
    log = reopenActivity(log, 'lottery:l', 9);
    expect(log[0]).toMatchObject({ dismissed: false, resultsSeen: true, since: 1, raised: 9 });
    expect(waitingCount(log)).toBe(0);
  });

  it('a retired slot waits on nobody; the tray lists what waits first, then current, then past', () => {
    let log = reportActivity([], rollCall('a', 'done'), 1);
    log = reportActivity(log, lottery('l'), 2);
    log = reportActivity(log, { slot: 'pushed', key: 'goods:g', kind: 'goods', title: 'Mug', status: 'open' }, 3);
    log = retireSlot(log, 'rollCall');
    expect(trayOrder(log).map((e) => e.key)).toEqual(['lottery:l', 'goods:g', 'rollCall:a']);
    log = retireSlot(log, 'lottery');
    expect(waitingCount(log)).toBe(0);
    expect(retireSlot(log, 'lottery')).toBe(log);
  });

  it('keeps at most ACTIVITY_LIMIT entries, dropping the oldest past ones, never a current one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('rollCall', 'lottery', 'paper'), fc.integer({ min: 0, max: 80 })), { maxLength: 200 }), (reports) => {
        let log: ActivityLog = [];
        reports.forEach(([slot, id], i) => {
          log = reportActivity(log, { slot, key: `${slot}:${id}`, kind: 'rollCall', title: 't', status: 'waiting' }, i);
        });
        expect(log.length).toBeLessThanOrEqual(ACTIVITY_LIMIT);
        // One current entry per slot at most, and it is the slot's last report.
        for (const slot of ['rollCall', 'lottery', 'paper']) {
          const current = log.filter((e) => e.slot === slot && e.current);
          expect(current.length).toBeLessThanOrEqual(1);
          const last = [...reports].reverse().find(([s]) => s === slot);
          if (last !== undefined) expect(current[0]?.key).toBe(`${slot}:${last[1]}`);
        }
        expect(new Set(log.map((e) => e.key)).size).toBe(log.length);
      }),
    );
  });

  it('each kind says what waits on the viewer', () => {
    expect(['open', 'signing', 'signed', 'ended'].map((p) => rollCallActivity(p as never))).toEqual(['waiting', 'waiting', 'done', 'ended']);
    expect(['offered', 'answering', 'submitting', 'submitted', 'closed'].map((p) => paperActivity(p as never))).toEqual(['waiting', 'waiting', 'waiting', 'done', 'results']);
    expect(['nicknameRequired', 'passwordRequired', 'joining', 'participating', 'won', 'lost', 'ended'].map((p) => lotteryActivity(p as never))).toEqual(['waiting', 'waiting', 'waiting', 'done', 'results', 'results', 'results']);
    expect(['notStarted', 'open', 'mine', 'out'].map((p) => redPacketActivity(p as never))).toEqual(['open', 'waiting', 'done', 'ended']);
  });
});
