/**
 * Room settings the player and the room page read: cloud (document sharing, whiteboard),
 * other (online and praise display, sharing, languages), market (goods, recommendations,
 * rewards), the anti-record watermark (its text filled in for the viewer asking) and the
 * room's discussion groups.
 */
import { sql } from 'kysely';
import { settingsOf } from '../interact/shared/settings.js';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { requireRoom, ROOM_ID_SCHEMA, type Room } from '../entry/rooms.js';
import type { RoomGroup } from '../entry/roomSettings.js';
import { findUser } from '../entry/users.js';
import { WEBCAST_QUERY, type WebcastQuery } from './schemas.js';
import { sessionOf } from '../auth/sessions.js';

/** The watermark text for whoever asks: {name} and {userId} filled for a viewer of the room. */
async function watermarkText(ctx: ServerContext, request: FastifyRequest, room: Room): Promise<string> {
  const session = await sessionOf(ctx.sessions, request);
  const user = session && session.webcastId === room.id ? await findUser(ctx.store.db, session.userId) : null;
  return room.settings.watermark.text.replaceAll('{name}', user?.name ?? '').replaceAll('{userId}', user?.id ?? '').trim();
}

/** Members of a discussion group (the groups store, migration 5, is always there). */
async function memberCount(ctx: ServerContext, gid: string): Promise<number> {
  return (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM group_members WHERE gid = ${gid}`.execute(ctx.store.db)).rows[0]!.n;
}

const groupView = async (ctx: ServerContext, group: RoomGroup) => ({ ...group, members: await memberCount(ctx, group.gid) });

export const settingsRoutes: RouteModule = (app, ctx) => {
  app.get<WebcastQuery>('/ccp/monitor/v2/setting/cloud', { schema: WEBCAST_QUERY }, async (request) =>
    okEnvelope((await requireRoom(ctx, request.query.webcastId)).settings.cloud),
  );

  app.get<WebcastQuery>('/ccp/monitor/v2/setting/other', { schema: WEBCAST_QUERY }, async (request) =>
    okEnvelope((await requireRoom(ctx, request.query.webcastId)).settings.other),
  );

  app.get<WebcastQuery>('/ccp/monitor/v2/market/config', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const s = room.settings;
    // The room's offer as configured, and the host's switches now (console, admin commerce).
    const switches = await settingsOf(ctx.store.db, room.id);
    return okEnvelope({
      goods: s.features.goods && switches.goodsEnabled,
      recommend: s.features.recommend,
      rewards: s.features.rewards && switches.rewardsEnabled,
      posters: s.features.posters,
      privateMerchant: s.openPlatform.privateMerchant,
    });
  });

  app.get<WebcastQuery>('/ccp/monitor/v2/watermark/config', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const w = room.settings.watermark;
    return okEnvelope({ enabled: w.enabled, text: w.enabled ? await watermarkText(ctx, request, room) : '', opacity: w.opacity, fontSize: w.fontSize });
  });

  app.get<WebcastQuery>('/ccp/monitor/v2/group_info/list', { schema: WEBCAST_QUERY }, async (request) => {
    const g = (await requireRoom(ctx, request.query.webcastId)).settings.groups;
    return okEnvelope({ groups: g.enabled ? await Promise.all(g.list.map((group) => groupView(ctx, group))) : [] });
  });

  app.get<WebcastQuery>('/ccp/monitor/v2/group_config', { schema: WEBCAST_QUERY }, async (request) => {
    const g = (await requireRoom(ctx, request.query.webcastId)).settings.groups;
    return okEnvelope({ enabled: g.enabled, count: g.enabled ? g.list.length : 0 });
  });

  app.get<{ Params: { a: string; b: string } }>(
    '/ccp/monitor/v2/group/:a/:b',
    {
      schema: {
        params: { type: 'object', required: ['a', 'b'], properties: { a: ROOM_ID_SCHEMA, b: { type: 'string', minLength: 1, maxLength: 64 } } },
      },
    },
    async (request) => {
      const g = (await requireRoom(ctx, request.params.a)).settings.groups;
      const group = g.enabled ? g.list.find((x) => x.gid === request.params.b) : undefined;
      if (!group) throw invalid('b', 'no such group in this room');
      return okEnvelope(await groupView(ctx, group));
    },
  );
};
