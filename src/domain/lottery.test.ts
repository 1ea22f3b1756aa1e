import { describe, expect, it } from 'vitest';
import { enterLottery, isLotteryOpen, phaseFromRecord, stepLottery, type LotteryEvent, type LotteryModel, type LotteryRound } from './lottery';

const open: LotteryRound = { raffleId: 'r1', title: 'Lucky draw', prize: 'Mug', winnerCount: 1, password: false };
const locked: LotteryRound = { ...open, password: true };
const me = 'u1';
const run = (model: LotteryModel, ...events: LotteryEvent[]) => events.reduce(stepLottery, model);

describe('lottery machine', () => {
  it('starts at the nickname gate, then the password, else participating', () => {
    expect(enterLottery(open, false).phase).toBe('nicknameRequired');
    expect(enterLottery(open, true).phase).toBe('participating');
    expect(enterLottery(locked, true).phase).toBe('passwordRequired');
    expect(run(enterLottery(locked, false), { type: 'nicknameSet' }).phase).toBe('passwordRequired');
    expect(run(enterLottery(open, false), { type: 'nicknameSet' }).phase).toBe('participating');
  });

  it('joins a password round once; a refusal goes back with the reason, cleared by the next try', () => {
    const joining = run(enterLottery(locked, true), { type: 'join' });
    expect(joining.phase).toBe('joining');
    expect(stepLottery(joining, { type: 'join' })).toBe(joining);
    const refused = stepLottery(joining, { type: 'failed', reason: 'wrong password' });
    expect(refused).toMatchObject({ phase: 'passwordRequired', failure: 'wrong password' });
    expect(run(refused, { type: 'join' }, { type: 'joined' })).toMatchObject({ phase: 'participating', failure: null });
  });

  it('the password is not asked before the nickname', () => {
    const gate = enterLottery(locked, false);
    expect(stepLottery(gate, { type: 'join' })).toBe(gate);
  });

  it('the draw: won when among the winners, lost when taking part, ended otherwise', () => {
    const winners = [{ uid: me, name: 'Ann' }];
    expect(run(enterLottery(open, true), { type: 'drawn', winners, me }).phase).toBe('won');
    expect(run(enterLottery(open, true), { type: 'drawn', winners: [{ uid: 'u2', name: 'Bo' }], me }).phase).toBe('lost');
    expect(run(enterLottery(open, false), { type: 'drawn', winners: [], me }).phase).toBe('ended');
    expect(run(enterLottery(locked, true), { type: 'drawn', winners: [], me }).phase).toBe('ended');
    const drawn = run(enterLottery(open, true), { type: 'drawn', winners, me });
    expect(drawn.winners).toEqual(winners);
    // Over is over: nothing changes a drawn round.
    for (const event of [{ type: 'joinedElsewhere' }, { type: 'drawn', winners: [], me }, { type: 'nicknameSet' }] as LotteryEvent[]) {
      expect(stepLottery(drawn, event)).toBe(drawn);
    }
    expect(isLotteryOpen(drawn.phase)).toBe(false);
  });

  it('another tab joining shows here at once', () => {
    expect(run(enterLottery(locked, true), { type: 'joinedElsewhere' }).phase).toBe('participating');
  });

  it('reads the room record: notJoined is the password or taking part; unknown states are none', () => {
    expect(phaseFromRecord('notJoined', locked)).toBe('passwordRequired');
    expect(phaseFromRecord('notJoined', open)).toBe('participating');
    expect(phaseFromRecord('won', open)).toBe('won');
    expect(phaseFromRecord('nicknameRequired', open)).toBe('nicknameRequired');
    expect(phaseFromRecord('whatever', open)).toBeNull();
  });
});
