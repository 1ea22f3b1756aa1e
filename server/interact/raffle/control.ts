/**
 * Host control of a raffle round: start (push 7113 state start) and end (draw the winners
 * uniformly among the entrants, store them, push 7113 state end with the winners).
 */
import type { ServerContext } from '../../context.js';
import { invalid } from '../../http/envelope.js';
import { newId } from '../shared/ids.js';
import { cryptoRandomBelow, pickUniform, type RandomBelow } from './draw.js';
import { addEntrant, advance, eligibleAudience, entrants, findRaffle, insertRaffle, insertWinners, rafflesOf, type Raffle } from './store.js';

function raffleOfRoom(ctx: ServerContext, webcastId: string, raffleId: string): Raffle {
  const raffle = findRaffle(ctx, raffleId);
  if (!raffle || raffle.webcastId !== webcastId) throw invalid('raffleId', 'no such lottery in this room');
  return raffle;
}

/**
 * The raffle to start: the given one, else the room's first one not yet started, else a new
 * round copied from the room's first raffle (so a demo can run lotteries again and again).
 */
function raffleToStart(ctx: ServerContext, webcastId: string, raffleId: string | undefined): Raffle {
  if (raffleId !== undefined) return raffleOfRoom(ctx, webcastId, raffleId);
  const ready = rafflesOf(ctx, webcastId, ['ready'])[0];
  if (ready) return ready;
  const model = rafflesOf(ctx, webcastId, ['ready', 'open', 'ended'])[0];
  if (!model) throw invalid('raffleId', 'this room has no lottery');
  const copy = { id: newId('rf'), webcastId, title: model.title, prize: model.prize, winnerCount: model.winnerCount, password: model.password };
  insertRaffle(ctx, copy);
  return raffleOfRoom(ctx, webcastId, copy.id);
}

export function startRaffle(ctx: ServerContext, webcastId: string, raffleId?: string) {
  const body = ctx.db.transaction(() => {
    const raffle = raffleToStart(ctx, webcastId, raffleId);
    const running = rafflesOf(ctx, webcastId, ['open'])[0];
    if (running && running.id !== raffle.id) throw invalid('raffleId', `lottery ${running.id} is running: end it first`);
    if (!advance(ctx, raffle.id, 'start')) throw invalid('raffleId', `this lottery is ${raffle.state}, it can only start when ready`);
    return {
      raffleId: raffle.id,
      state: 'start' as const,
      title: raffle.title,
      prize: raffle.prize,
      winnerCount: raffle.winnerCount,
      password: raffle.password !== null,
    };
  })();
  ctx.hub.publish(webcastId, 7113, body);
  return body;
}

export function endRaffle(ctx: ServerContext, webcastId: string, raffleId?: string, randomBelow: RandomBelow = cryptoRandomBelow) {
  const body = ctx.db.transaction(() => {
    const raffle = raffleId !== undefined ? raffleOfRoom(ctx, webcastId, raffleId) : rafflesOf(ctx, webcastId, ['open'])[0];
    if (!raffle) throw invalid('raffleId', 'no lottery is running in this room');
    if (!advance(ctx, raffle.id, 'end')) throw invalid('raffleId', `this lottery is ${raffle.state}, only a running one can end`);
    if (raffle.password === null) for (const person of eligibleAudience(ctx, webcastId)) addEntrant(ctx, raffle.id, person);
    const pool = entrants(ctx, raffle.id);
    const drawn = pickUniform(pool, raffle.winnerCount, randomBelow);
    insertWinners(ctx, raffle.id, drawn);
    return { raffleId: raffle.id, state: 'end' as const, title: raffle.title, prize: raffle.prize, entrants: pool.length, winners: drawn };
  })();
  ctx.hub.publish(webcastId, 7113, body);
  return body;
}
