import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEntrants, drawWinners, entrantsDigest, sha256Hex, verifyDraw } from './verifiableDraw';

const seed = 'a3'.repeat(32);

describe('verifiable draw', () => {
  it('hashes as SHA-256 does', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('the winners depend on the seed and the entrant set only, not on their order', () => {
    const ids = ['u3', 'u1', 'u2', 'u5', 'u4'];
    const winners = drawWinners(seed, ids, 2);
    expect(winners).toHaveLength(2);
    expect(drawWinners(seed, [...ids].reverse(), 2)).toEqual(winners);
    expect(drawWinners(seed, ids, 9)).toHaveLength(5);
    expect(drawWinners(seed, [], 3)).toEqual([]);
    expect(entrantsDigest(ids)).toBe(entrantsDigest(['u1', 'u2', 'u3', 'u4', 'u5', 'u1']));
  });

  it('winners are distinct entrants, for any seed and list', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }), fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 30 }), fc.integer({ min: 0, max: 40 }), (s, ids, count) => {
        const winners = drawWinners(s, ids, count);
        expect(new Set(winners).size).toBe(winners.length);
        expect(winners.length).toBe(Math.min(count, ids.length));
        for (const w of winners) expect(ids).toContain(w);
      }),
    );
  });

  it('every entrant can win: over many seeds each is drawn about equally often', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const wins = new Map(ids.map((id) => [id, 0]));
    for (let i = 0; i < 2000; i++) {
      const [w] = drawWinners(sha256Hex(String(i)), ids, 1);
      wins.set(w!, wins.get(w!)! + 1);
    }
    for (const n of wins.values()) expect(n).toBeGreaterThan(400);
  });

  it('verifies an honest draw and names what is wrong with a dishonest one', () => {
    const entrants = ['u1', 'u2', 'u3', 'u4'];
    const honest = { seed, seedHash: sha256Hex(seed), entrantsHash: entrantsDigest(entrants), entrants, winnerCount: 2, winners: drawWinners(seed, entrants, 2) };
    expect(verifyDraw(honest)).toEqual({ ok: true });
    expect(verifyDraw({ ...honest, seed: 'b4'.repeat(32) })).toEqual({ ok: false, reason: 'seed' });
    expect(verifyDraw({ ...honest, entrants: [...entrants, 'u9'] })).toEqual({ ok: false, reason: 'entrants' });
    const others = canonicalEntrants(entrants).filter((id) => !honest.winners.includes(id));
    expect(verifyDraw({ ...honest, winners: [others[0]!, honest.winners[1]!] })).toEqual({ ok: false, reason: 'winners' });
  });
});
