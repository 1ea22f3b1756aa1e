/**
 * Lottery calls of the live service: join a password raffle, the winners of a round, the
 * room's raffle record with the caller's state in each round (SPEC 4: participating, won,
 * lost, round ended) and the winner's contact for the prize.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nicknameGate, validateLotteryPassword, validatePhone, LOTTERY_PASSWORD_MAX } from '../../../src/domain';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import { requireSession } from '../../auth/sessions.js';
import { guessPlan, guessLimiterOf } from '../../auth/failureLimiter.js';
import type { ServerContext } from '../../context.js';
import { BizError, invalid, okEnvelope } from '../../http/envelope.js';
import { callerIn, enter, type Caller } from '../shared/access.js';
import { invalidBy } from '../shared/problems.js';
import { ID, objectOf } from '../shared/schema.js';
import { addEntrant, entrants, findRaffle, isEntrant, isWinner, rafflesOf, saveContact, winners, type Raffle } from './store.js';

/** What a round is for one user (SPEC 4), plus the two ways of not being in it. */
export type MyRaffleState = 'participating' | 'won' | 'lost' | 'ended' | 'notJoined' | 'nicknameRequired';

async function myState(ctx: ServerContext, raffle: Raffle, caller: Caller): Promise<MyRaffleState> {
  const uid = caller.user.id;
  if (raffle.state === 'ended') {
    if (await isWinner(ctx.store.db, raffle.id, uid)) return 'won';
    return (await isEntrant(ctx.store.db, raffle.id, uid)) ? 'lost' : 'ended';
  }
  if (await isEntrant(ctx.store.db, raffle.id, uid)) return 'participating';
  if (caller.user.name_changed !== 1) return 'nicknameRequired';
  // Without a password everyone in the room with a nickname takes part.
  return raffle.password === null ? 'participating' : 'notJoined';
}

async function raffleIn(ctx: ServerContext, request: FastifyRequest, raffleId: string): Promise<{ raffle: Raffle; caller: Caller }> {
  const session = await requireSession(ctx.sessions, request);
  const raffle = await findRaffle(ctx.store.db, raffleId);
  if (!raffle || raffle.state === 'ready') throw invalid('raffleId', 'no such lottery');
  return { raffle, caller: await callerIn(ctx, session, raffle.webcastId, 'raffleId') };
}

const CONTACT_MAX = { name: 20, address: 200 } as const;

export function raffleRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { raffleId: string } }>(
    LIVE_CALLS.raffleWinners.path,
    { schema: { querystring: objectOf({ raffleId: ID }, ['raffleId']) } },
    async (request) => {
      const { raffle } = await raffleIn(ctx, request, request.query.raffleId);
      // What a viewer needs to check the draw (src/domain/verifiableDraw.ts): the seed and the
      // entrant ids only once the round has ended.
      const ended = raffle.state === 'ended';
      return okEnvelope({
        raffleId: raffle.id,
        state: raffle.state,
        winnerCount: raffle.winnerCount,
        winners: await winners(ctx.store.db, raffle.id),
        seedHash: raffle.seedHash,
        entrantsHash: ended ? raffle.entrantsHash : null,
        seed: ended ? raffle.seed : null,
        entrants: ended ? (await entrants(ctx.store.db, raffle.id)).map((p) => p.uid) : null,
      });
    },
  );

  app.get<{ Querystring: { webcastId: string } }>(
    LIVE_CALLS.raffleRecord.path,
    { schema: { querystring: objectOf({ webcastId: ID }, ['webcastId']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.query.webcastId, 'webcastId');
      const rounds = (await rafflesOf(ctx.store.db, caller.room.id, ['open', 'ended'])).reverse();
      return okEnvelope({
        list: await Promise.all(
          rounds.map(async (r) => ({
          raffleId: r.id,
          title: r.title,
          prize: r.prize,
          winnerCount: r.winnerCount,
          password: r.password !== null,
          state: r.state,
          startedAt: r.startedAt,
          endedAt: r.endedAt,
          myState: await myState(ctx, r, caller),
          winners: r.state === 'ended' ? await winners(ctx.store.db, r.id) : [],
        })),
        ),
      });
    },
  );

  app.post<{ Body: { raffleId: string; password: string } }>(
    LIVE_CALLS.rafflePassword.path,
    {
      schema: {
        // The length rule is the domain's (validateLotteryPassword); the schema only caps the size.
        body: objectOf({ raffleId: ID, password: { type: 'string', maxLength: LOTTERY_PASSWORD_MAX * 20 } }, ['raffleId', 'password']),
      },
    },
    async (request) => {
      const { raffle, caller } = await raffleIn(ctx, request, request.body.raffleId);
      if (raffle.state === 'ended') throw invalid('raffleId', 'this lottery round has ended');
      if (raffle.password === null) throw invalid('raffleId', 'this lottery has no password: everyone in the room with a nickname takes part');
      const password = validateLotteryPassword(request.body.password);
      if (!password.ok) throw invalidBy('password', password.error);
      const gate = nicknameGate({ nickname: caller.user.name, nicknameChanged: caller.user.name_changed === 1 });
      if (!gate.ok) throw invalidBy('nickname', gate.error);
      const expected = raffle.password;
      await guessLimiterOf(ctx).guard(guessPlan('lottery', raffle.id, caller.user.id), [4106], () => {
        if (password.value !== expected) throw new BizError(4106);
      });
      await addEntrant(ctx.store.db, ctx.now(), raffle.id, { uid: caller.user.id, name: caller.user.name });
      return okEnvelope({ raffleId: raffle.id, myState: 'participating' satisfies MyRaffleState });
    },
  );

  app.post<{ Body: { raffleId: string; name?: string; phone?: string; address?: string } }>(
    LIVE_CALLS.raffleWinner.path,
    {
      schema: {
        body: objectOf(
          {
            raffleId: ID,
            name: { type: 'string', maxLength: CONTACT_MAX.name },
            phone: { type: 'string', maxLength: 32 },
            address: { type: 'string', maxLength: CONTACT_MAX.address },
          },
          ['raffleId'],
        ),
      },
    },
    async (request) => {
      const { raffle, caller } = await raffleIn(ctx, request, request.body.raffleId);
      if (!(await isWinner(ctx.store.db, raffle.id, caller.user.id))) throw invalid('raffleId', 'you did not win this lottery');
      const name = (request.body.name ?? '').trim();
      if (!name) throw invalid('name', 'is required');
      const phone = validatePhone(request.body.phone ?? '');
      if (!phone.ok) throw invalidBy('phone', phone.error);
      const address = (request.body.address ?? '').trim();
      if (!address) throw invalid('address', 'is required');
      await saveContact(ctx.store.db, ctx.now(), raffle.id, caller.user.id, { name, phone: phone.value, address });
      return okEnvelope({ raffleId: raffle.id, saved: true });
    },
  );
}
