import { describe, expect, it } from 'vitest';
import { isRollCallCurrent, currentRollCall, ROLL_CALL_ENDED_SHOWN_MS, ROLL_CALL_TRANSITIONS, rollCallSecondsLeft, startRollCall, stepRollCall, type RollCallPhase } from './rollCall';

const CALL = { id: 'rc1', confId: 'w1', deadline: 60_000 };

describe('roll call machine', () => {
  it('opens before the deadline and is over after it; a known sign-in starts signed', () => {
    expect(startRollCall(CALL, 0).phase).toBe('open');
    expect(startRollCall(CALL, 60_000).phase).toBe('ended');
    expect(startRollCall(CALL, 70_000, 30_000)).toMatchObject({ phase: 'signed', signedAt: 30_000 });
  });

  it('signs in once: open, signing, signed; a second click does nothing', () => {
    let m = startRollCall(CALL, 0);
    m = stepRollCall(m, { type: 'sign' });
    expect(m.phase).toBe('signing');
    expect(stepRollCall(m, { type: 'sign' })).toBe(m);
    m = stepRollCall(m, { type: 'signed', signedAt: 12_000 });
    expect(m).toMatchObject({ phase: 'signed', signedAt: 12_000 });
    for (const type of ['sign', 'deadlinePassed', 'refusedEnded'] as const) expect(stepRollCall(m, { type })).toBe(m);
  });

  it('a failed sign-in opens again with the reason, cleared by the next try', () => {
    let m = stepRollCall(startRollCall(CALL, 0), { type: 'sign' });
    m = stepRollCall(m, { type: 'failed', reason: 'network' });
    expect(m).toMatchObject({ phase: 'open', failure: 'network' });
    expect(stepRollCall(m, { type: 'sign' }).failure).toBeNull();
  });

  it('the server decides at the deadline: a sign-in on its way is not cut short by the viewer\'s clock', () => {
    const signing = stepRollCall(startRollCall(CALL, 0), { type: 'sign' });
    expect(stepRollCall(signing, { type: 'deadlinePassed' })).toBe(signing);
    expect(stepRollCall(signing, { type: 'refusedEnded' }).phase).toBe('ended');
    expect(stepRollCall(signing, { type: 'signed', signedAt: 61_000 }).phase).toBe('signed');
  });

  it('another tab signing moves every phase but signed to signed', () => {
    const phases = Object.keys(ROLL_CALL_TRANSITIONS) as RollCallPhase[];
    for (const phase of phases) {
      const m = { ...startRollCall(CALL, 0), phase };
      const next = stepRollCall(m, { type: 'signedElsewhere', signedAt: 5 });
      expect(next.phase).toBe('signed');
    }
  });

  it('counts whole seconds up, never below zero', () => {
    expect(rollCallSecondsLeft(60_000, 0)).toBe(60);
    expect(rollCallSecondsLeft(60_000, 59_001)).toBe(1);
    expect(rollCallSecondsLeft(60_000, 60_000)).toBe(0);
    expect(rollCallSecondsLeft(60_000, 99_000)).toBe(0);
  });

  it('a roll call long over (a replay to a late joiner) is not shown; the latest push wins over the answer on arrival', () => {
    expect(isRollCallCurrent(CALL, 60_000 + ROLL_CALL_ENDED_SHOWN_MS - 1)).toBe(true);
    expect(isRollCallCurrent(CALL, 60_000 + ROLL_CALL_ENDED_SHOWN_MS)).toBe(false);
    // A short roll call started after a long one: its deadline is earlier, it is still the one shown.
    const longer = { ...CALL, id: 'rc0', deadline: 90_000 };
    expect(currentRollCall(CALL, longer)).toBe(CALL);
    expect(currentRollCall(null, CALL)).toBe(CALL);
    expect(currentRollCall(CALL, null)).toBe(CALL);
  });
});
