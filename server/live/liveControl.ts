/**
 * Starting and ending a room's live: one piece of server code behind the admin API (and so
 * `npm run room`) and the host console's socket request 7107, so the two agree (issue 15
 * item 4): the start time, the replay address and the recording of the session.
 */
import { sql } from 'kysely';
import { LIVE_STATUS } from '../../src/domain/constants';
import { forUpdate } from '../store/sqlStore.js';
import type { ServerContext } from '../context.js';
import { findRoom, requireRoom } from '../entry/rooms.js';
import { vodLoops } from '../media/hlsPlaylists.js';
import { replayOf, replayUrl } from './streams.js';

export const ROOM_MESSAGE = { liveStatus: 7107, caption: 7125 } as const;

/** The room is preparing or live (7107); the start time is when it first went live. */
export async function startLive(ctx: ServerContext, id: string, status: typeof LIVE_STATUS.preparing | typeof LIVE_STATUS.live) {
  const room = await requireRoom(ctx, id);
  // The start time is when the room went live; a repeated start keeps it.
  const startTime = status === LIVE_STATUS.live && room.status !== LIVE_STATUS.live ? ctx.now() : room.startTime;
  await sql`UPDATE rooms SET status = ${status}, start_time = ${startTime} WHERE id = ${id}`.execute(ctx.store.db);
  const message = await ctx.hub.send(id, ROOM_MESSAGE.liveStatus, { status });
  return { id, status, startTime, offset: message.offset };
}

/** The room ended (7107 with the replay); a session that was on air becomes a recording. */
export async function endLive(ctx: ServerContext, id: string) {
  const before = await requireRoom(ctx, id);
  await sql`UPDATE rooms SET status = ${LIVE_STATUS.ended} WHERE id = ${id}`.execute(ctx.store.db);
  const ended = await findRoom(ctx.store.db, id);
  const replay = ended ? replayOf(ctx.config, ended) : null;
  // The session that ended is a recording of the room (the demo's recordings all play the demo VOD).
  if (replay !== null && before.status !== LIVE_STATUS.ended && before.status !== LIVE_STATUS.notStarted) await recordSession(ctx, id, before.title, before.startTime, before.settings.replay.loops);
  const message = await ctx.hub.send(id, ROOM_MESSAGE.liveStatus, { status: LIVE_STATUS.ended, ...(replay === null ? {} : { replay }) });
  return { id, status: LIVE_STATUS.ended, replay, offset: message.offset };
}

/** The demo VOD's length: every recording of the reference server plays it (a room's replay.loops times). */
export const RECORDING_MS = 20_000;

/** `startedAt`: when the session went live, the recording's time zero (its chat replays from there). */
async function recordSession(ctx: ServerContext, id: string, title: string, startedAt: number | null, loops: number): Promise<void> {
  await ctx.store.db.transaction().execute(async (tx) => {
    // Numbered in one transaction with the room's row locked: two nodes ending a live at once number their recordings apart.
    await sql`SELECT id FROM rooms WHERE id = ${id}${forUpdate(tx)}`.execute(tx);
    const count = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM room_records WHERE webcast_id = ${id}`.execute(tx)).rows[0]!.n;
    await sql`INSERT INTO room_records (webcast_id, title, duration_ms, url, created_at, started_at)
      VALUES (${id}, ${`${title} (${count + 1})`}, ${RECORDING_MS * vodLoops(loops)}, ${`${replayUrl({ publicUrl: null }, loops)}?record=${count + 1}`}, ${ctx.now()}, ${startedAt})`.execute(tx);
  });
}

