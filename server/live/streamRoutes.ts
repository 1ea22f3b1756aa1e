/**
 * Stream and playback calls: the host's push address, the playback config, the room's
 * camera streams and lines (multi-stream list), one line's pull addresses for a camera and
 * the default stream (camera and line). Addresses follow streams.ts; the push address
 * carries the room's stream key and is for hosts only.
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { isHost } from '../../src/domain/roles';
import { LINE_IDS } from '../media/catalog.js';
import { requireRoom, ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';
import { defaultCamera, isLineId, isStreaming, lineStream, liveLines, replayOf, roomCameras } from './streams.js';
import { WEBCAST_QUERY, type WebcastQuery } from './schemas.js';

const PULL_SCHEMA = {
  querystring: {
    type: 'object',
    required: ['webcastId'],
    properties: {
      webcastId: ROOM_ID_SCHEMA,
      streamId: { type: 'string', minLength: 1, maxLength: 32 },
      camera: { type: 'string', minLength: 1, maxLength: 32 },
    },
  },
} as const;

/** The host name the push address uses: PUBLIC_URL's, else the one the request came to. */
function ingestHost(publicUrl: string | null, hostHeader: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).hostname;
  return (hostHeader ?? '127.0.0.1').replace(/:\d+$/, '');
}

export const streamRoutes: RouteModule = (app, ctx) => {
  app.get<WebcastQuery>('/ccp/monitor/v2/stream/push/url', { schema: WEBCAST_QUERY }, async (request) => {
    const { session, room } = await viewerIn(ctx, request, request.query.webcastId);
    if (!isHost(session.role)) throw new BizError(4009, 'only the host pushes the stream');
    const row = (await sql<{ stream_key: string }>`SELECT stream_key FROM room_secrets WHERE webcast_id = ${room.id}`.execute(ctx.store.db)).rows[0];
    if (!row) throw new BizError(4009, 'this room has no push address');
    const host = ingestHost(ctx.config.publicUrl, request.headers.host);
    return okEnvelope({ url: `rtmp://${host}/live`, streamKey: `${room.id}?key=${row.stream_key}` });
  });

  app.get<WebcastQuery>('/ccp/monitor/v2/playback/config', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const records = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM room_records WHERE webcast_id = ${room.id}`.execute(ctx.store.db)).rows[0]!.n;
    const p = room.settings.player;
    return okEnvelope({
      status: room.status,
      replayEnabled: room.settings.replay.enabled,
      replay: replayOf(ctx.config, room),
      records,
      autoSwitchToReplay: room.settings.replay.enabled,
      defaultType: p.defaultType,
      defaultQuality: p.defaultQuality,
      delayMode: p.delayMode,
    });
  });

  app.get<WebcastQuery>('/ccp/monitor/v2/stream/multi/list', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const byDefault = defaultCamera(room);
    return okEnvelope({
      streams: roomCameras(room).map((camera) => ({ id: camera.id, name: camera.name, default: camera.id === byDefault })),
      lines: liveLines(ctx.config),
    });
  });

  app.get<{ Querystring: { webcastId: string; streamId?: string; camera?: string } }>(
    '/ccp/monitor/v2/stream/pull/url',
    { schema: PULL_SCHEMA },
    async (request) => {
      const room = await requireRoom(ctx, request.query.webcastId);
      const line = request.query.streamId ?? room.settings.player.defaultLine;
      if (!isLineId(line)) throw invalid('streamId', `must be one of ${LINE_IDS.join(', ')}`);
      const cameras = roomCameras(room);
      const camera = request.query.camera === undefined ? defaultCamera(room) : cameras.find((c) => c.id === request.query.camera)?.id;
      if (camera === undefined) throw invalid('camera', `must be one of ${cameras.map((c) => c.id).join(', ')}`);
      if (!isStreaming(room)) return okEnvelope({ status: room.status, live: false, replay: replayOf(ctx.config, room) });
      return okEnvelope({ status: room.status, live: true, camera, stream: lineStream(ctx.config, line, camera) });
    },
  );

  app.get<WebcastQuery>('/ccp/monitor/v2/stream/default/list', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const p = room.settings.player;
    const line = isLineId(p.defaultLine) ? p.defaultLine : LINE_IDS[0];
    const camera = defaultCamera(room);
    return okEnvelope({ camera, line, quality: p.defaultQuality, type: p.defaultType, stream: lineStream(ctx.config, line, camera) });
  });
};
