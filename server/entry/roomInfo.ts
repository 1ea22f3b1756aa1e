/**
 * Room info, GET /ccp/monitor/v2/webcast/{id}: everything the login and video pages need
 * before anyone has logged in: title, cover, start time, status, introduction, theme
 * colour, locale, the entry gate (which login types and fields), feature switches, the
 * player's lines and qualities, and the replay once ended. Never a secret: no password,
 * member code, whitelist or stream key is read here.
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { okEnvelope } from '../http/envelope.js';
import { themeColourOrDefault } from '../../src/domain/colour';
import { GATES, type LoginField, type LoginType } from './gates.js';
import { requireRoom, ROOM_ID_SCHEMA, type LiveStatus, type Room } from './rooms.js';
import type { RoomSettings } from './roomSettings.js';
import { liveLines, replayOf, roomCameras, type LineStream } from '../live/streams.js';
import { praiseTotal } from '../live/praiseStore.js';

export interface RoomInfo {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly coverUrl: string | null;
  readonly startTime: number | null;
  /** PROTOCOL 2.4 7107: 0 not started, 1 preparing, 2 live, 3 ended. */
  readonly status: LiveStatus;
  readonly introduction: string;
  /** The room's host as the guide page names them ("hosted by"); null for a room without one. */
  readonly host: { readonly name: string } | null;
  readonly themeColour: string;
  readonly locale: string;
  readonly entry: {
    readonly gate: string;
    readonly types: readonly LoginType[];
    readonly fields: readonly LoginField[];
    readonly privacyRequired: boolean;
    readonly privacy: { readonly title: string; readonly content: string };
    /** A thirdParty room's app (never a secret: the app code is in its authorisation address). */
    readonly thirdParty: { readonly appCode: string; readonly appName: string } | null;
  };
  readonly features: RoomSettings['features'];
  readonly player: {
    readonly lines: readonly LineStream[];
    readonly defaultLine: string;
    readonly multiStream: boolean;
    readonly defaultQuality: string;
    readonly defaultType: 'hls' | 'flv';
    readonly delayMode: string;
  };
  /** The replay address once ended (null while live or without replay). */
  readonly replay: string | null;
  readonly online: number;
  readonly praise: number;
  /** The series (aggregations) the room belongs to: each one's rooms are agg/relation/list's. */
  readonly series: readonly string[];
}

export async function roomInfoOf(ctx: ServerContext, room: Room): Promise<RoomInfo> {
  const gate = GATES[room.gate];
  const s = room.settings;
  return {
    id: room.id,
    webcastId: room.id,
    title: room.title,
    coverUrl: room.coverUrl,
    startTime: room.startTime,
    status: room.status,
    introduction: room.introduction,
    host: await hostOf(ctx, room.id),
    themeColour: themeColourOrDefault(room.themeColour),
    locale: room.locale,
    entry: {
      gate: room.gate,
      types: gate.types,
      fields: gate.fields,
      privacyRequired: s.privacy.required,
      privacy: { title: s.privacy.title, content: s.privacy.content },
      thirdParty: room.gate === 'thirdParty' ? s.thirdParty : null,
    },
    features: s.features,
    player: {
      lines: liveLines(ctx.config),
      defaultLine: s.player.defaultLine,
      // Several camera streams to choose from (the multi-stream list names them).
      multiStream: roomCameras(room).length > 1,
      defaultQuality: s.player.defaultQuality,
      defaultType: s.player.defaultType,
      delayMode: s.player.delayMode,
    },
    replay: replayOf(ctx.config, room),
    online: await ctx.hub.onlineCount(room.id),
    praise: await praiseTotal(ctx.store.db, room.id),
    series: (await sql<{ agg_id: string }>`SELECT agg_id FROM aggregations WHERE webcast_id = ${room.id} ORDER BY agg_id`.execute(ctx.store.db)).rows.map((r) => r.agg_id),
  };
}

export const roomInfoRoutes: RouteModule = (app, ctx) => {
  app.get<{ Params: { id: string } }>(
    '/ccp/monitor/v2/webcast/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: ROOM_ID_SCHEMA } } } },
    async (request) => okEnvelope(await roomInfoOf(ctx, await requireRoom(ctx, request.params.id))),
  );
};

/** The room's host (role 6 or 7 among its staff), by name. */
async function hostOf(ctx: ServerContext, webcastId: string): Promise<{ name: string } | null> {
  const row = (
    await sql<{ name: string }>`SELECT u.name AS name FROM room_staff s JOIN users u ON u.id = s.user_id
      WHERE s.webcast_id = ${webcastId} AND u.role IN (6, 7) ORDER BY u.role, u.id LIMIT 1`.execute(ctx.store.db)
  ).rows[0];
  return row === undefined ? null : { name: row.name };
}
