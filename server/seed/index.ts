/**
 * First-start seeding of the reference server and the addresses it prints: the demo rooms
 * (rooms.ts), each room's interactive content (content.ts), the demo org directory
 * (directory/seed.ts) and the groups the rooms offer (groups/seed.ts). Each step writes
 * only what is missing, so calling this on every start is safe and a restart keeps what
 * users did.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import vm from 'node:vm';
import type { ServerContext } from '../context.js';
import { DEMO_GROUP_HOST, seedDirectory } from '../directory/seed.js';
import { seedRoomGroups } from '../groups/seed.js';
import { DEMO_ROOMS, DEMO_STAFF, seedRooms, type SeededRoom } from './rooms.js';
import { seedRoomContent } from './content.js';
import { seedReplayDemo } from './replayChat.js';

export type { SeededRoom } from './rooms.js';

export async function seedIfEmpty(ctx: ServerContext): Promise<SeededRoom[]> {
  const rooms = await seedRooms(ctx);
  await seedRoomContent(
    ctx,
    rooms.map((r) => r.id),
  );
  await seedReplayDemos(ctx);
  await seedDirectory(ctx.store, ctx.now);
  await seedRoomGroups(
    ctx,
    rooms.map((r) => r.id),
    DEMO_GROUP_HOST,
  );
  return rooms;
}

/** The demo rooms that are a replay from the start get their recorded chat and story (after their content: the story uses it). */
export async function seedReplayDemos(ctx: ServerContext): Promise<void> {
  for (const room of DEMO_ROOMS) {
    if (room.recordedChat === undefined) continue;
    const recording = (
      await sql<{ startedAt: number; durationMs: number; locale: string }>`
        SELECT r.started_at AS "startedAt", r.duration_ms AS "durationMs", m.locale AS locale FROM room_records r JOIN rooms m ON m.id = r.webcast_id
        WHERE r.webcast_id = ${room.id} AND r.started_at IS NOT NULL ORDER BY r.id DESC LIMIT 1`.execute(ctx.store.db)
    ).rows[0];
    if (!recording) continue;
    const host = DEMO_STAFF.host;
    await seedReplayDemo(ctx.store, {
      webcastId: room.id,
      host: { uid: host.userId(room.id), name: host.name(room.id), role: host.role, headImgUrl: '' },
      startedAt: recording.startedAt,
      durationMs: recording.durationMs,
      messages: room.recordedChat,
      locale: recording.locale,
    });
  }
}

/** The router prefix as "/" or "/x/" (with the trailing slash the login URLs are joined to). */
function normalisePrefix(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '/';
  return /^[A-Za-z0-9._~\-/]+$/.test(trimmed) ? `/${trimmed}/` : null;
}

/**
 * The application prefix of the built client, read from its runtime config
 * (`<clientDir>/config.js`, which may be edited after the build): the script is evaluated
 * in a sandbox with an empty `window`. Missing, broken or odd config gives "/".
 */
export function builtAppPrefix(clientDir: string): string {
  let source: string;
  try {
    source = fs.readFileSync(path.join(clientDir, 'config.js'), 'utf8');
  } catch {
    return '/';
  }
  const sandbox: { window: Record<string, unknown> } = { window: {} };
  try {
    vm.runInNewContext(source, sandbox, { timeout: 1000, filename: 'config.js' });
  } catch {
    return '/';
  }
  const config = sandbox.window.__WEBCAST_CONFIG__;
  const prefix = typeof config === 'object' && config !== null ? (config as Record<string, unknown>).appPrefix : undefined;
  return normalisePrefix(prefix) ?? '/';
}

/** One login page URL per demo room, e.g. http://127.0.0.1:8080/live/login/10001. */
export function demoRoomUrls(baseUrl: string, appPrefix: string, rooms: readonly SeededRoom[]): { room: SeededRoom; url: string }[] {
  const base = baseUrl.replace(/\/+$/, '');
  return rooms.map((room) => ({ room, url: `${base}${appPrefix}live/login/${encodeURIComponent(room.id)}` }));
}
