/**
 * Host control of a room's live state for demos, tests and benchmarks (admin API; header
 * x-admin-token):
 *
 *   GET  /admin/v1/rooms                      -> {rooms: [{id, title, gate, status, deleted, ...}]}
 *   POST /admin/v1/rooms/:id/live/start       {status?: 1 preparing | 2 live (default)} -> 7107
 *   POST /admin/v1/rooms/:id/live/end         -> status 3, 7107 {status: 3, replay}
 *   POST /admin/v1/rooms/:id/live/schedule    {startTime (ms) | inSeconds} -> status 0 with that start time, 7107 {status: 0}
 *   POST /admin/v1/rooms/:id/caption          {text, lang?, start?, end?} -> 7125
 *   POST /admin/v1/rooms/:id/staff            {as?: host (default) | assistant, password?} -> a console login:
 *                                             {as, loginName, password, console} (a new random password unless given)
 *
 * schedule and caption are also the console's, under /ccp/monitor/v1/host/rooms/:id/ with a
 * host or assistant login of the room (hostMount.ts).
 */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { LIVE_STATUS, LOCALES } from '../../src/domain/constants';
import { ROLE } from '../../src/domain/roles';
import { randomToken } from '../auth/random.js';
import { hashPasswordAsync } from '../directory/passwords.js';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { requireRoom } from '../entry/rooms.js';
import { endLive, startLive } from '../live/liveControl.js';
import { adminOnly } from './auth.js';
import { hostMounts } from './hostMount.js';
import { fieldsOf, optionalInt, optionalOneOf, requireText, type Fields } from './input.js';

/** A caption without an end stays up this long (PROTOCOL 7125 carries start and end in ms). */
export const CAPTION_DEFAULT_MS = 5000;
const CAPTION_MAX_CHARS = 500;
const TIME_RULE = { min: 0, max: 8.64e15 } as const;

export { ROOM_MESSAGE } from '../live/liveControl.js';
import { ROOM_MESSAGE } from '../live/liveControl.js';

/** The room id of an admin path (`/admin/v1/rooms/:id/...`), checked like any input. */
export function roomIdParam(request: FastifyRequest): string {
  return requireText(fieldsOf(request.params, 'params'), 'id', { max: 64 });
}

interface RoomListRow {
  id: string;
  title: string;
  gate: string;
  status: number;
  deleted: number;
  capacity: number | null;
  replay_capacity: number | null;
  start_time: number | null;
}

async function listRooms(ctx: ServerContext) {
  const rows = (await sql<RoomListRow>`SELECT id, title, gate, status, deleted, capacity, replay_capacity, start_time FROM rooms ORDER BY created_at, id`.execute(ctx.store.db)).rows;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    gate: r.gate,
    status: r.status,
    deleted: r.deleted === 1,
    capacity: r.capacity,
    replayCapacity: r.replay_capacity,
    startTime: r.start_time,
  }));
}

/** The room waits for a start at a time to come (the guide page counts down to it). */
async function scheduleLive(ctx: ServerContext, id: string, fields: Fields) {
  await requireRoom(ctx, id);
  const inSeconds = optionalInt(fields, 'inSeconds', { min: 0, max: 366 * 86_400 });
  const startTime = optionalInt(fields, 'startTime', TIME_RULE) ?? (inSeconds === undefined ? undefined : ctx.now() + inSeconds * 1000);
  if (startTime === undefined) throw invalid('startTime', 'give startTime (ms) or inSeconds');
  await sql`UPDATE rooms SET status = ${LIVE_STATUS.notStarted}, start_time = ${startTime} WHERE id = ${id}`.execute(ctx.store.db);
  const message = await ctx.hub.send(id, ROOM_MESSAGE.liveStatus, { status: LIVE_STATUS.notStarted });
  return { id, status: LIVE_STATUS.notStarted, startTime, offset: message.offset };
}

async function caption(ctx: ServerContext, id: string, fields: Fields) {
  const room = await requireRoom(ctx, id);
  const text = requireText(fields, 'text', { max: CAPTION_MAX_CHARS });
  const lang = optionalOneOf(fields, 'lang', LOCALES) ?? room.locale;
  const start = optionalInt(fields, 'start', TIME_RULE) ?? ctx.now();
  const end = optionalInt(fields, 'end', TIME_RULE) ?? start + CAPTION_DEFAULT_MS;
  if (end < start) throw invalid('end', 'must not be before start');
  const message = await ctx.hub.send(id, ROOM_MESSAGE.caption, { text, start, end, lang });
  return { id, text, start, end, lang, offset: message.offset };
}

const STAFF_ROLES = { host: [ROLE.host, ROLE.hostAlt], assistant: [ROLE.assistant] } as const;
const GENERATED_PASSWORD_LENGTH = 12;

/**
 * A login for the host's console: the room's host (or assistant) account gets the password
 * given, or a new random one, and the answer says how to use it. This is how a person gets
 * a console login on the reference server (`npm run room -- staff <room>`).
 */
async function staffLogin(ctx: ServerContext, id: string, fields: Fields) {
  await requireRoom(ctx, id);
  const as = optionalOneOf(fields, 'as', ['host', 'assistant'] as const) ?? 'host';
  const given = fields.password;
  if (given !== undefined && (typeof given !== 'string' || given.length < 6 || given.length > 64)) throw invalid('password', 'from 6 to 64 characters');
  const password = typeof given === 'string' ? given : randomToken(GENERATED_PASSWORD_LENGTH);
  const roles = STAFF_ROLES[as];
  const row = (
    await sql<{ userId: string; loginName: string }>`SELECT s.user_id AS "userId", s.login_name AS "loginName" FROM room_staff s JOIN users u ON u.id = s.user_id
      WHERE s.webcast_id = ${id} AND u.role IN (${sql.join(roles)}) ORDER BY u.role, s.user_id LIMIT 1`.execute(ctx.store.db)
  ).rows[0];
  if (!row) throw invalid('as', `this room has no ${as} account`);
  const hash = await hashPasswordAsync(password);
  await sql`UPDATE room_staff SET password_hash = ${hash} WHERE webcast_id = ${id} AND user_id = ${row.userId}`.execute(ctx.store.db);
  return { as, loginName: row.loginName, password, console: `/live/meetLive/${id}` };
}

export const liveAdminRoutes: RouteModule = (app, ctx) => {
  const guard = { onRequest: adminOnly(ctx) };
  app.get('/admin/v1/rooms', guard, async () => okEnvelope({ rooms: await listRooms(ctx) }));
  app.post('/admin/v1/rooms/:id/live/start', guard, async (request) =>
    okEnvelope(await startLive(ctx, roomIdParam(request), optionalOneOf(fieldsOf(request.body), 'status', [LIVE_STATUS.preparing, LIVE_STATUS.live]) ?? LIVE_STATUS.live)),
  );
  app.post('/admin/v1/rooms/:id/live/end', guard, async (request) => okEnvelope(await endLive(ctx, roomIdParam(request))));
  app.post('/admin/v1/rooms/:id/staff', guard, async (request) => okEnvelope(await staffLogin(ctx, roomIdParam(request), fieldsOf(request.body))));
  // The countdown and captions: the same code for the CLI and the console (hostMount.ts).
  for (const mount of hostMounts(ctx)) {
    const at = { onRequest: mount.onRequest };
    app.post(`${mount.base}/:id/live/schedule`, at, async (request) => okEnvelope(await scheduleLive(ctx, roomIdParam(request), fieldsOf(request.body))));
    app.post(`${mount.base}/:id/caption`, at, async (request) => okEnvelope(await caption(ctx, roomIdParam(request), fieldsOf(request.body))));
  }
};
