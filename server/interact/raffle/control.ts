/**
 * Host control of a raffle round, drawn so that anyone can check it (src/domain/
 * verifiableDraw.ts): start makes the round's secret seed and pushes 7113 state start with
 * its SHA-256; end fixes the entrants and pushes 7113 state drawing with the SHA-256 of
 * their ids, then draws the winners from the seed and the entrants alone, stores them and
 * pushes 7113 state end with the winners and the seed.
 */
import type { ServerContext } from '../../context.js';
import type { StoreQueries } from '../../store/sqlStore.js';
import { invalid } from '../../http/envelope.js';
import { newId } from '../shared/ids.js';
import { randomBytes } from 'node:crypto';
import { drawWinners, entrantsDigest, sha256Hex } from '../../../src/domain/verifiableDraw';
import { addEntrant, advance, commitRaffle, eligibleAudience, entrants, findRaffle, insertRaffle, insertWinners, rafflesOf, type Raffle } from './store.js';

async function raffleOfRoom(q: StoreQueries, webcastId: string, raffleId: string): Promise<Raffle> {
  const raffle = await findRaffle(q, raffleId);
  if (!raffle || raffle.webcastId !== webcastId) throw invalid('raffleId', 'no such lottery in this room');
  return raffle;
}

/**
 * The raffle to start: the given one, else the room's first one not yet started, else a new
 * round copied from the room's first raffle (so a demo can run lotteries again and again).
 */
async function raffleToStart(tx: StoreQueries, now: number, webcastId: string, raffleId: string | undefined): Promise<Raffle> {
  if (raffleId !== undefined) return raffleOfRoom(tx, webcastId, raffleId);
  const ready = (await rafflesOf(tx, webcastId, ['ready']))[0];
  if (ready) return ready;
  const model = (await rafflesOf(tx, webcastId, ['ready', 'open', 'ended']))[0];
  if (!model) throw invalid('raffleId', 'this room has no lottery');
  const copy = { id: newId('rf'), webcastId, title: model.title, prize: model.prize, winnerCount: model.winnerCount, password: model.password };
  await insertRaffle(tx, now, copy);
  return raffleOfRoom(tx, webcastId, copy.id);
}

export async function startRaffle(ctx: ServerContext, webcastId: string, raffleId?: string) {
  const body = await ctx.store.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const raffle = await raffleToStart(tx, now, webcastId, raffleId);
    const running = (await rafflesOf(tx, webcastId, ['open']))[0];
    if (running && running.id !== raffle.id) throw invalid('raffleId', `lottery ${running.id} is running: end it first`);
    if (!(await advance(tx, now, raffle.id, 'start'))) throw invalid('raffleId', `this lottery is ${raffle.state}, it can only start when ready`);
    const seed = randomBytes(32).toString('hex');
    const seedHash = sha256Hex(seed);
    await commitRaffle(tx, raffle.id, { seed, seedHash });
    return {
      raffleId: raffle.id,
      state: 'start' as const,
      title: raffle.title,
      prize: raffle.prize,
      winnerCount: raffle.winnerCount,
      password: raffle.password !== null,
      seedHash,
    };
  });
  ctx.hub.publish(webcastId, 7113, body);
  return body;
}

export async function endRaffle(ctx: ServerContext, webcastId: string, raffleId?: string) {
  const { drawing, body } = await ctx.store.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const raffle = raffleId !== undefined ? await raffleOfRoom(tx, webcastId, raffleId) : (await rafflesOf(tx, webcastId, ['open']))[0];
    if (!raffle) throw invalid('raffleId', 'no lottery is running in this room');
    if (!(await advance(tx, now, raffle.id, 'end'))) throw invalid('raffleId', `this lottery is ${raffle.state}, only a running one can end`);
    if (raffle.password === null) for (const person of await eligibleAudience(tx, now, webcastId)) await addEntrant(tx, now, raffle.id, person);
    const pool = await entrants(tx, raffle.id);
    const ids = pool.map((p) => p.uid);
    const entrantsHash = entrantsDigest(ids);
    await commitRaffle(tx, raffle.id, { entrantsHash });
    // A round started before the seed existed (an older data directory) gets one now.
    let seed = raffle.seed;
    let seedHash = raffle.seedHash;
    if (seed === null || seedHash === null) {
      seed = randomBytes(32).toString('hex');
      seedHash = sha256Hex(seed);
      await commitRaffle(tx, raffle.id, { seed, seedHash });
    }
    const byId = new Map(pool.map((p) => [p.uid, p]));
    const drawn = drawWinners(seed, ids, raffle.winnerCount).map((uid) => byId.get(uid)!);
    await insertWinners(tx, now, raffle.id, drawn);
    return {
      drawing: { raffleId: raffle.id, state: 'drawing' as const, entrants: pool.length, entrantsHash, seedHash },
      body: { raffleId: raffle.id, state: 'end' as const, title: raffle.title, prize: raffle.prize, winnerCount: raffle.winnerCount, entrants: pool.length, winners: drawn, seed, seedHash, entrantsHash },
    };
  });
  // The entrants are fixed (and committed to) before the seed is revealed with the winners.
  ctx.hub.publish(webcastId, 7113, drawing);
  ctx.hub.publish(webcastId, 7113, body);
  return body;
}
