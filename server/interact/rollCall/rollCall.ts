/**
 * Roll call: the host starts one with a deadline (push 7117 `{confId, id, deadline}`);
 * each viewer signs in once before the deadline (POST /ccp/receiver/v1/rollcall/answer).
 * A repeated sign-in answers with the first one.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { ServerContext } from '../../context.js';
import type { StoreQueries } from '../../store/sqlStore.js';
import { invalid, okEnvelope } from '../../http/envelope.js';
import { enter } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { ID, objectOf } from '../shared/schema.js';

export const ROLL_CALL_DEFAULT_SECONDS = 60;
export const ROLL_CALL_SECONDS = { min: 5, max: 3600 } as const;

interface RollCallRow {
  id: string;
  webcast_id: string;
  started_at: number;
  deadline: number;
}

/** Starts a roll call and tells the room; returns the 7117 body. */
export async function startRollCall(ctx: ServerContext, webcastId: string, seconds: number) {
  const id = newId('rc');
  const startedAt = ctx.now();
  const deadline = startedAt + seconds * 1000;
  await sql`INSERT INTO roll_calls (id, webcast_id, started_at, deadline) VALUES (${id}, ${webcastId}, ${startedAt}, ${deadline})`.execute(ctx.store.db);
  const body = { confId: webcastId, id, deadline };
  ctx.hub.publish(webcastId, 7117, body);
  return body;
}

/** The room's latest roll call and who signed in, first first (the console's results); null before any. */
export async function rollCallSignIns(q: StoreQueries, webcastId: string) {
  const call = (await sql<RollCallRow>`SELECT * FROM roll_calls WHERE webcast_id = ${webcastId} ORDER BY started_at DESC, id DESC LIMIT 1`.execute(q)).rows[0];
  if (!call) return { rollCall: null, signIns: [] };
  const signIns = (
    await sql<{ uid: string; name: string; signedAt: number }>`SELECT a.user_id AS uid, COALESCE(u.name, a.user_id) AS name, a.created_at AS "signedAt"
      FROM roll_call_answers a LEFT JOIN users u ON u.id = a.user_id WHERE a.roll_call_id = ${call.id} ORDER BY a.created_at, a.user_id`.execute(q)
  ).rows;
  return { rollCall: { id: call.id, startedAt: call.started_at, deadline: call.deadline }, signIns };
}

/** The caller's sign-in of a roll call (the first: a repeat answers with it). */
async function signedAt(q: StoreQueries, rollCallId: string, userId: string): Promise<{ created_at: number } | undefined> {
  return (await sql<{ created_at: number }>`SELECT created_at FROM roll_call_answers WHERE roll_call_id = ${rollCallId} AND user_id = ${userId}`.execute(q)).rows[0];
}

/** How long after its deadline the current roll call is still answered (the client's ROLL_CALL_ENDED_SHOWN_MS). */
const CURRENT_AFTER_DEADLINE_MS = 60_000;

export function rollCallRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // A viewer who joins late, reloads or comes back after a gap may have missed the 7117 push
  // (a busy room replays only its newest 1,000 messages): this answers the roll call that is
  // still open, or ended within the last minute, with the caller's own sign-in.
  app.get<{ Querystring: { webcastId: string } }>(
    LIVE_CALLS.rollCallCurrent.path,
    { schema: { querystring: objectOf({ webcastId: ID }, ['webcastId']) } },
    async (request) => {
      const { session, room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
      const q = ctx.store.db;
      const call = (
        await sql<RollCallRow>`SELECT * FROM roll_calls WHERE webcast_id = ${room.id} AND deadline > ${ctx.now() - CURRENT_AFTER_DEADLINE_MS} ORDER BY started_at DESC, id DESC LIMIT 1`.execute(q)
      ).rows[0];
      if (!call) return okEnvelope({ rollCall: null });
      const mine = await signedAt(q, call.id, session.userId);
      return okEnvelope({ rollCall: { id: call.id, confId: room.id, deadline: call.deadline, signedAt: mine?.created_at ?? null } });
    },
  );

  app.post<{ Body: { confId: string; id: string } }>(
    LIVE_CALLS.rollCallAnswer.path,
    { schema: { body: objectOf({ confId: ID, id: ID }, ['confId', 'id']) } },
    async (request) => {
      const { session, room } = await enter(ctx, request, request.body.confId, 'confId');
      const q = ctx.store.db;
      const call = (await sql<RollCallRow>`SELECT * FROM roll_calls WHERE id = ${request.body.id} AND webcast_id = ${room.id}`.execute(q)).rows[0];
      if (!call) throw invalid('id', 'no such roll call in this room');
      const earlier = await signedAt(q, call.id, session.userId);
      if (!earlier) {
        if (ctx.now() > call.deadline) throw invalid('id', 'roll call has ended');
        await sql`INSERT INTO roll_call_answers (roll_call_id, user_id, created_at) VALUES (${call.id}, ${session.userId}, ${ctx.now()}) ON CONFLICT DO NOTHING`.execute(q);
      }
      const signed = earlier ?? (await signedAt(q, call.id, session.userId))!;
      return okEnvelope({ id: call.id, confId: room.id, signedIn: true, signedAt: signed.created_at, deadline: call.deadline });
    },
  );
}
