/**
 * Live login (PROTOCOL 1.3): POST /ccp/monitor/v2/live_login, its aggregated-event form
 * /live_login/agg, the one-time link /live_login/disposable, the session refresh, and the
 * logout that ends a session at once.
 *
 * Order of refusals: bad input (4501); unknown room (4002); deleted (4006); a login type
 * the room does not take (4501, field type); privacy agreement not accepted (4107); live
 * over without replay (4004); the gate's own answer (4103, 4102, 4101, 4009, 4010, 4011,
 * 4012, 4105, 4302, 4104); room or replay full (4007, 4008).
 */
import { sql } from 'kysely';
import { changedRows } from '../store/sqlStore.js';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { socketUrlFor } from '../socket/url.js';
import { isStaff, ROLE } from '../../src/domain/roles';
import { GATES, LOGIN_TYPES, gateAdmits, type LoginType } from './gates.js';
import { isOver, requireRoom, ROOM_ID_SCHEMA, type Room } from './rooms.js';
import { checkCredentials, type Entrant, type LoginRequest } from './credentials.js';
import { admit } from './admission.js';
import { createUser, findUser } from './users.js';
import { loginOriginOf } from '../auth/loginOrigin.js';
import { tokenOf } from '../auth/sessions.js';
import { endSession } from '../socket/sessionsEnd.js';

const LOGIN_PROPERTIES = {
  webcastId: ROOM_ID_SCHEMA,
  type: { type: 'string', enum: LOGIN_TYPES },
  name: { type: 'string', maxLength: 64 },
  password: { type: 'string', maxLength: 128 },
  memberCode: { type: 'string', maxLength: 64 },
  phone: { type: 'string', maxLength: 32 },
  smsCode: { type: 'string', maxLength: 16 },
  email: { type: 'string', maxLength: 254 },
  emailCode: { type: 'string', maxLength: 16 },
  code: { type: 'string', maxLength: 128 },
  appCode: { type: 'string', maxLength: 32 },
  privacyAccepted: { type: 'boolean' },
} as const;

const LOGIN_SCHEMA = { body: { type: 'object', required: ['webcastId', 'type'], properties: LOGIN_PROPERTIES } } as const;

const AGG_LOGIN_SCHEMA = {
  body: {
    type: 'object',
    required: ['aggId', 'webcastId', 'type'],
    properties: { ...LOGIN_PROPERTIES, aggId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
} as const;

const DISPOSABLE_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId', 'token'],
    properties: {
      webcastId: ROOM_ID_SCHEMA,
      token: { type: 'string', minLength: 1, maxLength: 128 },
      privacyAccepted: { type: 'boolean' },
    },
  },
} as const;

const REFRESH_SCHEMA = {
  querystring: {
    type: 'object',
    required: ['token', 'sid', 'webcastId'],
    properties: {
      token: { type: 'string', minLength: 1, maxLength: 128 },
      sid: { type: 'string', minLength: 1, maxLength: 128 },
      webcastId: ROOM_ID_SCHEMA,
    },
  },
} as const;

/** SPEC 5: the privacy agreement must be ticked before login (4107). Staff are the organisers. */
function assertPrivacyAccepted(room: Room, accepted: boolean | undefined, staff: boolean): void {
  if (!staff && room.settings.privacy.required && accepted !== true) throw new BizError(4107);
}

function assertOpenFor(room: Room, type: LoginType, privacyAccepted: boolean | undefined): void {
  if (!gateAdmits(room.gate, type)) {
    const types = GATES[room.gate].types;
    throw invalid('type', types.length ? `this room takes login type ${types.join(' or ')}` : 'this room takes staff logins only');
  }
  const staff = type === 'staff';
  assertPrivacyAccepted(room, privacyAccepted, staff);
  if (!staff && isOver(room)) throw new BizError(4004);
}

const wsOf = (ctx: ServerContext, request: FastifyRequest): string => socketUrlFor(ctx.config, request);

async function login(ctx: ServerContext, request: FastifyRequest, body: LoginRequest) {
  const room = await requireRoom(ctx, body.webcastId);
  assertOpenFor(room, body.type, body.privacyAccepted);
  const origin = loginOriginOf(request);
  const entrant = await checkCredentials({ ctx, room, request: body, origin });
  // Check the room again: it may have ended or gone while a password was being checked.
  const current = await requireRoom(ctx, room.id);
  assertOpenFor(current, body.type, body.privacyAccepted);
  return admit(ctx, current, entrant, body.type, wsOf(ctx, request), origin);
}

interface DisposableBody {
  readonly webcastId: string;
  readonly token: string;
  readonly privacyAccepted?: boolean;
}

interface LinkRow {
  webcast_id: string;
  user_id: string | null;
  name: string | null;
  expires_at: number | null;
  used_at: number | null;
}

/** A one-time link: its user (or a new guest with its name) enters once; after that 4301. */
async function disposableEntrant(ctx: ServerContext, room: Room, token: string): Promise<Entrant> {
  const link = (
    await sql<LinkRow>`SELECT webcast_id, user_id, name, expires_at, used_at FROM disposable_links WHERE token = ${token}`.execute(ctx.store.db)
  ).rows[0];
  if (!link || link.webcast_id !== room.id || link.used_at !== null || (link.expires_at !== null && link.expires_at <= ctx.now())) {
    throw new BizError(4301);
  }
  const account = link.user_id ? await findUser(ctx.store.db, link.user_id) : null;
  return {
    account,
    role: account && isStaff(account.role) ? account.role : ROLE.guest,
    exclusive: account !== null,
    commit: async (tx) => {
      // Spent in the login's transaction: two logins with one link, one enters.
      const used = await sql`UPDATE disposable_links SET used_at = ${ctx.now()} WHERE token = ${token} AND used_at IS NULL`.execute(tx);
      if (changedRows(used) !== 1) throw new BizError(4301);
      return account ?? createUser(tx, ctx.now(), link.name ? { fallbackName: link.name } : {});
    },
  };
}

export const loginRoutes: RouteModule = (app, ctx) => {
  app.post<{ Body: LoginRequest }>('/ccp/monitor/v2/live_login', { schema: LOGIN_SCHEMA }, async (request) =>
    okEnvelope(await login(ctx, request, request.body)),
  );

  app.post<{ Body: LoginRequest & { aggId: string } }>('/ccp/monitor/v2/live_login/agg', { schema: AGG_LOGIN_SCHEMA }, async (request) => {
    const { aggId, webcastId } = request.body;
    const { rows: rooms } = await sql<{ webcast_id: string }>`SELECT webcast_id FROM aggregations WHERE agg_id = ${aggId}`.execute(ctx.store.db);
    if (rooms.length === 0) throw new BizError(4002);
    if (!rooms.some((r) => r.webcast_id === webcastId)) throw new BizError(4009, 'this room is not part of the event');
    return okEnvelope(await login(ctx, request, request.body));
  });

  app.post<{ Body: DisposableBody }>('/ccp/monitor/v2/live_login/disposable', { schema: DISPOSABLE_SCHEMA }, async (request) => {
    const room = await requireRoom(ctx, request.body.webcastId);
    assertPrivacyAccepted(room, request.body.privacyAccepted, false);
    if (isOver(room)) throw new BizError(4004);
    const entrant = await disposableEntrant(ctx, room, request.body.token);
    return okEnvelope(await admit(ctx, room, entrant, 'disposable', wsOf(ctx, request), loginOriginOf(request)));
  });

  app.get<{ Querystring: { token: string; sid: string; webcastId: string } }>(
    '/ccp/monitor/v2/webcast/user/refresh',
    { schema: REFRESH_SCHEMA },
    async (request) => {
      const { token, sid, webcastId } = request.query;
      const session = await ctx.sessions.use(token);
      if (!session || session.sid !== sid || session.webcastId !== webcastId) throw new BizError(402);
      return okEnvelope({ token: session.token, sid: session.sid, userId: session.userId, role: session.role, expiresAt: session.expiresAt });
    },
  );

  /**
   * Logout: the token of the `token` header stops working now (402 afterwards) rather than
   * after 24 h unused, and its sockets are told (1100 status 4013) and closed. Repeating it
   * is harmless: a token already ended answers 200 with `ended: false`.
   */
  app.post('/ccp/monitor/v2/logout', async (request) => {
    const token = tokenOf(request);
    if (token === null) throw new BizError(402);
    const live = (await ctx.sessions.use(token)) !== null;
    if (live) await endSession(ctx, token);
    return okEnvelope({ ended: live });
  });
};
