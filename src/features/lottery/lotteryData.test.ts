import { describe, expect, it } from 'vitest';
import { readLotteryRecord, readWinners } from './lotteryData';

describe('lottery record', () => {
  it('reads the rounds with the caller state and winners', () => {
    const rounds = readLotteryRecord({
      list: [
        { raffleId: 'r2', title: 'Second', prize: 'Mug', winnerCount: 2, password: true, state: 'open', myState: 'notJoined', winners: [] },
        { raffleId: 'r1', title: 'First', prize: 'Pen', winnerCount: 1, password: false, state: 'ended', endedAt: 1700000000000, myState: 'won', winners: [{ uid: 'u1', name: 'Ann' }] },
      ],
    });
    expect(rounds).toEqual([
      { round: { raffleId: 'r2', title: 'Second', prize: 'Mug', winnerCount: 2, password: true }, open: true, myState: 'notJoined', winners: [], endedAt: null },
      { round: { raffleId: 'r1', title: 'First', prize: 'Pen', winnerCount: 1, password: false }, open: false, myState: 'won', winners: [{ uid: 'u1', name: 'Ann' }], endedAt: 1700000000000 },
    ]);
  });

  it('leaves out what it cannot read and never throws', () => {
    expect(readLotteryRecord(null)).toEqual([]);
    expect(readLotteryRecord({ list: 'x' })).toEqual([]);
    expect(readLotteryRecord({ list: [{ raffleId: 'r', state: 'ready' }, { state: 'open' }, 5, { raffleId: 'ok', state: 'open', title: 7 }] })).toEqual([
      { round: { raffleId: 'ok', title: '', prize: '', winnerCount: null, password: false }, open: true, myState: '', winners: [], endedAt: null },
    ]);
    expect(readWinners([{ uid: 'a', name: 'A' }, { uid: '', name: 'B' }, null, { uid: 'c' }])).toEqual([{ uid: 'a', name: 'A' }]);
  });
});

describe('draw proof', () => {
  it('reads the revealed seed, the commitments and the entrant ids; anything else is no proof', async () => {
    const { readDrawProof } = await import('./lotteryData');
    const hash = 'ab'.repeat(32);
    const proof = { seed: 'cd'.repeat(32), seedHash: hash, entrantsHash: hash, winnerCount: 1, entrants: ['u1', 'u2'], winners: [{ uid: 'u2', name: 'B' }] };
    expect(readDrawProof(proof)).toEqual({ ...proof, winners: ['u2'] });
    expect(readDrawProof({ ...proof, seed: null })).toBeNull(); // before the draw
    expect(readDrawProof({ ...proof, seedHash: 'xyz' })).toBeNull();
    expect(readDrawProof('x')).toBeNull();
  });
});
