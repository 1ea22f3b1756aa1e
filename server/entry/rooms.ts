/**
 * Rooms as the entry and live-service code sees them: the rooms row with its settings
 * parsed, and the one way a call names a room it must act on (unknown -> 4002, deleted ->
 * 4006).
 */
import { sql } from 'kysely';
import type { StoreQueries } from '../store/sqlStore.js';
import type { ServerContext } from '../context.js';
import { BizError } from '../http/envelope.js';
import { LIVE_STATUS } from '../../src/domain/constants';
import { parseRoomSettings, type RoomSettings } from './roomSettings.js';
import { isGateName, type GateName } from './gates.js';

export type LiveStatus = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];

export interface Room {
  readonly id: string;
  readonly title: string;
  readonly gate: GateName;
  readonly status: LiveStatus;
  readonly startTime: number | null;
  readonly coverUrl: string | null;
  readonly introduction: string;
  readonly themeColour: string;
  readonly locale: string;
  /** Viewers at once while live; null = unlimited. */
  readonly capacity: number | null;
  /** Viewers at once of the replay; null = unlimited. */
  readonly replayCapacity: number | null;
  readonly deleted: boolean;
  readonly settings: RoomSettings;
}

interface RoomRow {
  id: string;
  title: string;
  gate: string;
  status: number;
  start_time: number | null;
  cover_url: string | null;
  introduction: string;
  theme_colour: string;
  locale: string;
  capacity: number | null;
  replay_capacity: number | null;
  deleted: number;
  config: string;
}

const toStatus = (n: number): LiveStatus => (n === 1 || n === 2 || n === 3 ? n : 0);

function toRoom(row: RoomRow): Room {
  return {
    id: row.id,
    title: row.title,
    // An unknown gate in the store admits nobody but staff rather than everybody.
    gate: isGateName(row.gate) ? row.gate : 'closed',
    status: toStatus(row.status),
    startTime: row.start_time,
    coverUrl: row.cover_url,
    introduction: row.introduction,
    themeColour: row.theme_colour,
    locale: row.locale,
    capacity: row.capacity,
    replayCapacity: row.replay_capacity,
    deleted: row.deleted === 1,
    settings: parseRoomSettings(row.config),
  };
}

export async function findRoom(q: StoreQueries, id: string): Promise<Room | null> {
  const row = (
    await sql<RoomRow>`SELECT id, title, gate, status, start_time, cover_url, introduction, theme_colour, locale, capacity, replay_capacity, deleted, config
      FROM rooms WHERE id = ${id}`.execute(q)
  ).rows[0];
  return row ? toRoom(row) : null;
}

/** The room a call acts on: unknown -> 4002, deleted -> 4006. */
export async function requireRoom(ctx: ServerContext, id: string): Promise<Room> {
  const room = await findRoom(ctx.store.db, id);
  if (!room) throw new BizError(4002);
  if (room.deleted) throw new BizError(4006);
  return room;
}

export const isEnded = (room: Room): boolean => room.status === LIVE_STATUS.ended;

/** Ended with no replay: nothing left to watch (login -> 4004). */
export const isOver = (room: Room): boolean => isEnded(room) && !room.settings.replay.enabled;

/**
 * JSON schema of a room id in a path, query or body. No pattern: an id of odd characters is
 * simply unknown (4002, "live address invalid"), which is what the viewer should read.
 */
export const ROOM_ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 64 } as const;
