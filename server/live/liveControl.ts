/**
 * Starting and ending a room's live: one piece of server code behind the admin API (and so
 * `npm run room`) and the host console's socket request 7107, so the two agree (issue 15
 * item 4): the start time, the replay address and the recording of the session.
 */
import { LIVE_STATUS } from '../../src/domain/constants';
import type { ServerContext } from '../context.js';
import { findRoom, requireRoom } from '../entry/rooms.js';
import { vodLoops } from '../media/hlsPlaylists.js';
import { replayOf, replayUrl } from './streams.js';

export const ROOM_MESSAGE = { liveStatus: 7107, caption: 7125 } as const;

/** The room is preparing or live (7107); the start time is when it first went live. */
export async function startLive(ctx: ServerContext, id: string, status: typeof LIVE_STATUS.preparing | typeof LIVE_STATUS.live) {
  const room = requireRoom(ctx, id);
  // The start time is when the room went live; a repeated start keeps it.
  const startTime = status === LIVE_STATUS.live && room.status !== LIVE_STATUS.live ? ctx.now() : room.startTime;
  ctx.db.prepare('UPDATE rooms SET status = ?, start_time = ? WHERE id = ?').run(status, startTime, id);
  const message = await ctx.hub.send(id, ROOM_MESSAGE.liveStatus, { status });
  return { id, status, startTime, offset: message.offset };
}

/** The room ended (7107 with the replay); a session that was on air becomes a recording. */
export async function endLive(ctx: ServerContext, id: string) {
  const before = requireRoom(ctx, id);
  ctx.db.prepare('UPDATE rooms SET status = ? WHERE id = ?').run(LIVE_STATUS.ended, id);
  const ended = findRoom(ctx.db, id);
  const replay = ended ? replayOf(ctx.config, ended) : null;
  // The session that ended is a recording of the room (the demo's recordings all play the demo VOD).
  if (replay !== null && before.status !== LIVE_STATUS.ended && before.status !== LIVE_STATUS.notStarted) recordSession(ctx, id, before.title, before.startTime, before.settings.replay.loops);
  const message = await ctx.hub.send(id, ROOM_MESSAGE.liveStatus, { status: LIVE_STATUS.ended, ...(replay === null ? {} : { replay }) });
  return { id, status: LIVE_STATUS.ended, replay, offset: message.offset };
}

/** The demo VOD's length: every recording of the reference server plays it (a room's replay.loops times). */
export const RECORDING_MS = 20_000;

/** `startedAt`: when the session went live, the recording's time zero (its chat replays from there). */
function recordSession(ctx: ServerContext, id: string, title: string, startedAt: number | null, loops: number): void {
  const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM room_records WHERE webcast_id = ?').get(id) as { n: number }).n;
  const at = ctx.now();
  ctx.db
    .prepare('INSERT INTO room_records (webcast_id, title, duration_ms, url, created_at, started_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, `${title} (${count + 1})`, RECORDING_MS * vodLoops(loops), `${replayUrl({ publicUrl: null }, loops)}?record=${count + 1}`, at, startedAt);
}

