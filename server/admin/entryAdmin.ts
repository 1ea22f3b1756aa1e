/**
 * Host control for entry (admin API, header x-admin-token):
 * - POST /admin/v1/rooms/:id/signups/:uid/audit {state: 'passed' | 'failed'}: the sign-up
 *   audit;
 * - GET  /admin/v1/rooms/:id/signups: the room's sign-ups with their states;
 *   (these two also under /ccp/monitor/v1/host/rooms/:id/ for the console: hostMount.ts)
 * - POST /admin/v1/rooms/:id/disposable {name?, uid?, ttlSeconds?}: a one-time login link;
 * - POST /admin/v1/rooms/:id/notice {content}: the room notice (empty content removes it).
 */
import { sql } from 'kysely';
import { recordTimeline } from '../replay/timeline.js';
import type { RouteModule } from '../http/app.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { randomToken } from '../auth/random.js';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { adminOnly } from './auth.js';
import { guessLimiterOf } from '../auth/failureLimiter.js';
import { hostMounts, type HostControlMount } from './hostMount.js';
import { findRoom, ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { auditSignup, listSignups } from '../entry/signups.js';
import { findUser } from '../entry/users.js';
import { loginPagePath, withQuery } from '../entry/appPaths.js';
import { BizError } from '../http/envelope.js';

const ROOM_PARAMS = { type: 'object', required: ['id'], properties: { id: ROOM_ID_SCHEMA } } as const;
const USER_ID = { type: 'string', minLength: 1, maxLength: 64 } as const;

const AUDIT_SCHEMA = {
  params: { type: 'object', required: ['id', 'uid'], properties: { id: ROOM_ID_SCHEMA, uid: USER_ID } },
  body: { type: 'object', required: ['state'], properties: { state: { type: 'string', enum: ['passed', 'failed'] } } },
} as const;

const DISPOSABLE_SCHEMA = {
  params: ROOM_PARAMS,
  body: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 20 },
      uid: USER_ID,
      ttlSeconds: { type: 'integer', minimum: 60, maximum: 30 * 24 * 3600 },
    },
  },
} as const;

const NOTICE_SCHEMA = {
  params: ROOM_PARAMS,
  body: { type: 'object', required: ['content'], properties: { content: { type: 'string', maxLength: 2000 } } },
} as const;

/** The room an admin call names (deleted rooms too: they can still be inspected). */
async function adminRoom(ctx: ServerContext, id: string) {
  const room = await findRoom(ctx.store.db, id);
  if (!room) throw new BizError(4002);
  return room;
}

function signupAuditRoutes(app: FastifyInstance, ctx: ServerContext, mount: HostControlMount): void {
  app.post<{ Params: { id: string; uid: string }; Body: { state: 'passed' | 'failed' } }>(
    `${mount.base}/:id/signups/:uid/audit`,
    { onRequest: mount.onRequest, schema: AUDIT_SCHEMA },
    async (request) => {
      const room = await adminRoom(ctx, request.params.id);
      const record = await auditSignup(ctx.store.db, ctx.now(), room.id, request.params.uid, request.body.state);
      return okEnvelope({ uid: record.userId, state: record.state, auditedAt: record.auditedAt });
    },
  );

  app.get<{ Params: { id: string } }>(`${mount.base}/:id/signups`, { onRequest: mount.onRequest, schema: { params: ROOM_PARAMS } }, async (request) => {
    const room = await adminRoom(ctx, request.params.id);
    const names = new Map(
      (
        await sql<{ id: string; name: string }>`SELECT u.id, u.name FROM signups s JOIN users u ON u.id = s.user_id WHERE s.webcast_id = ${room.id}`.execute(
          ctx.store.db,
        )
      ).rows.map((u) => [u.id, u.name]),
    );
    const signups = (await listSignups(ctx.store.db, room.id)).map((s) => ({
      uid: s.userId,
      name: names.get(s.userId) ?? '',
      phone: s.phone,
      email: s.email,
      state: s.state,
      answers: s.answers,
      createdAt: s.createdAt,
      auditedAt: s.auditedAt,
    }));
    return okEnvelope({ webcastId: room.id, signups });
  });
}

/**
 * Whether strangers are guessing the room's watch password or member codes (issue 35 item
 * 1): the guessing limiter's alarm, for the console to tell the staff. Guessing is slowed
 * while it lasts; the right password still lets people in.
 */
function guessingRoutes(app: FastifyInstance, ctx: ServerContext, mount: HostControlMount): void {
  app.get<{ Params: { id: string } }>(`${mount.base}/:id/guessing`, { onRequest: mount.onRequest, schema: { params: ROOM_PARAMS } }, async (request) => {
    const room = await adminRoom(ctx, request.params.id);
    const limiter = guessLimiterOf(ctx);
    return okEnvelope({ webcastId: room.id, password: limiter.alarmOf('password', room.id), memberCode: limiter.alarmOf('member', room.id) });
  });
}

export const entryAdminRoutes: RouteModule = (app, ctx) => {
  const guard = { onRequest: adminOnly(ctx) };

  // The sign-up audit and the guessing alarm: the same code for the CLI and the console (hostMount.ts).
  for (const mount of hostMounts(ctx)) {
    signupAuditRoutes(app, ctx, mount);
    guessingRoutes(app, ctx, mount);
  }

  app.post<{ Params: { id: string }; Body: { name?: string; uid?: string; ttlSeconds?: number } | undefined }>(
    '/admin/v1/rooms/:id/disposable',
    { ...guard, schema: DISPOSABLE_SCHEMA },
    async (request) => {
      const room = await adminRoom(ctx, request.params.id);
      const { name, uid, ttlSeconds } = request.body ?? {};
      if (uid !== undefined && !(await findUser(ctx.store.db, uid))) throw invalid('uid', 'no such user');
      const token = randomToken();
      const expiresAt = ttlSeconds === undefined ? null : ctx.now() + ttlSeconds * 1000;
      await sql`INSERT INTO disposable_links (token, webcast_id, user_id, name, created_at, expires_at)
        VALUES (${token}, ${room.id}, ${uid ?? null}, ${name ?? null}, ${ctx.now()}, ${expiresAt})`.execute(ctx.store.db);
      return okEnvelope({ token, expiresAt, path: withQuery(loginPagePath(ctx.config, room.id), { disposable: token }) });
    },
  );

  app.post<{ Params: { id: string }; Body: { content: string } }>(
    '/admin/v1/rooms/:id/notice',
    { ...guard, schema: NOTICE_SCHEMA },
    async (request) => {
      const room = await adminRoom(ctx, request.params.id);
      const content = request.body.content.trim();
      if (content === '') await sql`DELETE FROM room_notices WHERE webcast_id = ${room.id}`.execute(ctx.store.db);
      else
        await sql`INSERT INTO room_notices (webcast_id, content, updated_at) VALUES (${room.id}, ${content}, ${ctx.now()})
          ON CONFLICT (webcast_id) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at`.execute(ctx.store.db);
      // A replay shows the notice as it changed (docs/protocol.md 5.10).
      await recordTimeline(ctx, room.id, 'notice', { content });
      return okEnvelope({ webcastId: room.id, notice: content === '' ? null : { content, updatedAt: ctx.now() } });
    },
  );
};
