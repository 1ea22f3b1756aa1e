/**
 * The socket login (PROTOCOL 2.3 step 1): the first frame carries `cmd:login`, `aid:100`
 * and the `sid` the live login answered. The answer is push 1100: `{status: 200, userId}`,
 * or a refusal whose status says why, after which the socket is closed.
 */
import { sql } from 'kysely';
import type { Frame } from '../../src/protocol/frame';
import { SOCKET_LOGIN_AID } from '../../src/domain/constants';
import type { Session } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';
import { isKicked } from '../chat/kicks.js';
import { BUSINESS_MESSAGES } from '../http/envelope.js';

export type LoginOutcome =
  | { readonly ok: true; readonly session: Session }
  | { readonly ok: false; readonly status: number; readonly msg: string };

export const isLoginFrame = (frame: Frame): boolean => frame.code === null && frame.headers.cmd === 'login';

const refuse = (status: number, msg?: string): LoginOutcome => ({ ok: false, status, msg: msg ?? BUSINESS_MESSAGES[status] ?? 'login refused' });

export async function authenticateSocketLogin(ctx: ServerContext, frame: Frame): Promise<LoginOutcome> {
  if (frame.headers.aid !== String(SOCKET_LOGIN_AID)) return refuse(4501, `aid: must be ${SOCKET_LOGIN_AID}`);
  const sid = frame.headers.sid;
  if (!sid) return refuse(4501, 'sid: required');
  const q = ctx.store.db;
  const session = await ctx.sessions.useSid(sid);
  if (!session) {
    // An ended session of a kicked user says so; anything else is an expired login.
    const row = (await sql<{ userId: string; webcastId: string }>`SELECT user_id AS "userId", webcast_id AS "webcastId" FROM sessions WHERE sid = ${sid}`.execute(q))
      .rows[0];
    if (row && (await isKicked(q, row.webcastId, row.userId, ctx.now()))) return refuse(4003);
    return refuse(402);
  }
  const room = (await sql<{ deleted: number }>`SELECT deleted FROM rooms WHERE id = ${session.webcastId}`.execute(q)).rows[0];
  if (!room || room.deleted === 1) return refuse(4006);
  if (await isKicked(q, session.webcastId, session.userId, ctx.now())) return refuse(4003);
  return { ok: true, session };
}
