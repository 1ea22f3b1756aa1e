/**
 * Start reminders (SPEC 4 "Subscription"): the room's subscribe config and POST
 * message_subscribe by SMS, email or the messaging-service account. A room whose
 * reminder service is off answers 4407; a second subscription of the same viewer, or of
 * the same number or address, on the same channel answers 4408.
 */
import { isUniqueViolation } from '../store/sqlStore.js';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { requireRoom, ROOM_ID_SCHEMA, type Room } from '../entry/rooms.js';
import { SUBSCRIBE_CHANNELS, type SubscribeChannel } from '../entry/roomSettings.js';
import { emailField, phoneField } from '../entry/fields.js';
import { viewerIn } from './viewer.js';
import { WEBCAST_QUERY, type WebcastQuery } from './schemas.js';
import { sessionOf } from '../auth/sessions.js';

const SUBSCRIBE_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId', 'type'],
    properties: {
      webcastId: ROOM_ID_SCHEMA,
      type: { type: 'string', enum: SUBSCRIBE_CHANNELS },
      account: { type: 'string', maxLength: 254 },
    },
  },
} as const;

interface SubscribeBody {
  readonly webcastId: string;
  readonly type: SubscribeChannel;
  readonly account?: string;
}

/** The address reminders go to, checked for its channel. */
function accountFor(type: SubscribeChannel, account: string | undefined, userId: string): string {
  if (type === 'sms') return phoneField('account', account);
  if (type === 'email') return emailField('account', account);
  // The messaging-service reminder goes to the viewer's own account unless one is named.
  if (account === undefined || account.trim() === '') return `user:${userId}`;
  if (!/^[A-Za-z0-9_:-]{1,128}$/.test(account)) throw invalid('account', 'must be a messaging account id');
  return account;
}

/** Channels the viewer asking (if logged in to this room) has subscribed to. */
async function subscribedChannels(ctx: ServerContext, request: FastifyRequest, room: Room): Promise<SubscribeChannel[]> {
  const session = await sessionOf(ctx.sessions, request);
  if (!session || session.webcastId !== room.id) return [];
  return (
    await sql<{ channel: SubscribeChannel }>`SELECT channel FROM subscriptions WHERE webcast_id = ${room.id} AND user_id = ${session.userId} ORDER BY channel`.execute(ctx.store.db)
  ).rows.map((r) => r.channel);
}

export const subscribeRoutes: RouteModule = (app, ctx) => {
  app.get<WebcastQuery>('/ccp/monitor/v2/subscribe/config', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const s = room.settings.subscribe;
    return okEnvelope({
      enabled: s.enabled,
      channels: s.channels,
      startTime: room.startTime,
      subscribed: await subscribedChannels(ctx, request, room),
    });
  });

  app.post<{ Body: SubscribeBody }>('/ccp/monitor/v2/message_subscribe', { schema: SUBSCRIBE_SCHEMA }, async (request) => {
    const { session, room } = await viewerIn(ctx, request, request.body.webcastId);
    const s = room.settings.subscribe;
    if (!s.enabled) throw new BizError(4407);
    const { type } = request.body;
    if (!s.channels.includes(type)) throw invalid('type', `this room reminds by ${s.channels.join(', ')}`);
    const account = accountFor(type, request.body.account, session.userId);
    const q = ctx.store.db;
    const taken = (await sql`SELECT 1 FROM subscriptions WHERE webcast_id = ${room.id} AND channel = ${type} AND (user_id = ${session.userId} OR account = ${account})`.execute(q)).rows[0];
    if (taken) throw new BizError(4408);
    try {
      await sql`INSERT INTO subscriptions (webcast_id, user_id, channel, account, created_at) VALUES (${room.id}, ${session.userId}, ${type}, ${account}, ${ctx.now()})`.execute(q);
    } catch (error) {
      // The same subscription made at the same moment (another tab, another node): the key decides.
      if (isUniqueViolation(error)) throw new BizError(4408);
      throw error;
    }
    return okEnvelope({ subscribed: true, type, startTime: room.startTime });
  });
};
