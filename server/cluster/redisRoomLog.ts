/**
 * A room's message log in Redis, shared by every node of a cluster (REDIS_URL).
 *
 * Each room has three keys with one hash tag (so a Redis Cluster would keep them on one
 * shard): the offset counter, the stream of messages and the room's epoch. One Lua script
 * appends a message: it takes the next offset from the counter, writes the body with that
 * offset into the stream (the stream's entry id is `0-<offset>`, so reading "after offset
 * N" is one XRANGE), trims the stream to the history window and publishes the message to
 * the room's channel, all in one atomic step. Redis runs scripts one at a time, so offsets
 * are gapless per room whichever node appends, and every node subscribed to the channel
 * hears the messages in offset order.
 *
 * The epoch says which life of the log the offsets belong to (as Centrifugo's does). It is
 * made with the room's first message; a Redis that lost its data has no epoch, so the next
 * append makes a new one and starts the offsets again. A client that holds offsets of
 * another epoch must not trust them: the join reply states the epoch (docs/protocol.md 5.6).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RoomMessage } from '../rooms/roomLog.js';

/** Messages a room's stream keeps (approximately: Redis trims whole nodes of the stream). */
export const REDIS_ROOM_LOG_WINDOW = 100_000;

/** A room's keys, one hash tag per room: its offset counter, log stream and epoch here, its online counts in redisOnline.ts. */
export const roomKey = (webcastId: string, part: 'off' | 'log' | 'epoch' | 'online'): string => `webcast:room:{${webcastId}}:${part}`;
/** The channel a room's messages are published on. */
export const roomChannel = (webcastId: string): string => `webcast:room:{${webcastId}}`;
export const ROOM_CHANNEL_PATTERN = /^webcast:room:\{(.+)\}$/;

/**
 * Both scripts begin so (KEYS: counter, stream, epoch): a room without an epoch gets the one
 * given as ARGV[n], and a counter or stream left from an earlier life is dropped.
 */
const epochOrNew = (argv: number): string => `
local epoch = redis.call('GET', KEYS[3])
if not epoch then
  epoch = ARGV[${argv}]
  redis.call('SET', KEYS[3], epoch)
  redis.call('DEL', KEYS[1], KEYS[2])
end`;

const APPEND_SCRIPT = `${epochOrNew(4)}
local o = redis.call('INCR', KEYS[1])
local os = string.format('%d', o)
local body = ARGV[1] .. ',"offset":' .. os .. '}'
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '0-' .. os, 'c', ARGV[2], 'b', body, 't', ARGV[3])
redis.call('PUBLISH', ARGV[6], epoch .. '|' .. os .. '|' .. ARGV[2] .. '|' .. ARGV[3] .. '|' .. body)
return {o, epoch}
`;

/** Makes the epoch when the room has none yet; returns the epoch and the newest offset. */
const HEAD_SCRIPT = `${epochOrNew(1)}
local latest = tonumber(redis.call('GET', KEYS[1]) or '0')
return {latest, epoch}
`;

export const newEpoch = (): string => randomBytes(6).toString('hex');

/** One room message as published on its channel: the epoch beside it. */
export interface PublishedRoomMessage extends RoomMessage {
  readonly epoch: string;
}

/** Reads a message of a room channel; null when it is not one (never throws). */
export function readPublishedMessage(webcastId: string, payload: string): PublishedRoomMessage | null {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < 4; i++) {
    const bar = payload.indexOf('|', at);
    if (bar < 0) return null;
    parts.push(payload.slice(at, bar));
    at = bar + 1;
  }
  const [epoch, offset, code, createdAt] = parts as [string, string, string, string];
  const o = Number(offset);
  const c = Number(code);
  const t = Number(createdAt);
  if (epoch === '' || !Number.isSafeInteger(o) || o < 1 || !Number.isInteger(c) || !Number.isFinite(t)) return null;
  return { webcastId, epoch, offset: o, code: c, createdAt: t, bodyJson: payload.slice(at) };
}

export interface RoomHead {
  readonly latest: number;
  readonly epoch: string;
}

export class RedisRoomLog {
  constructor(
    private readonly redis: Redis,
    private readonly options: { readonly now: () => number; readonly window?: number },
  ) {}

  /**
   * Appends and publishes one message; resolves with it once Redis has it. The body is
   * written as the embedded log writes it (the caller's fields, then webcastId, then offset):
   * the script only closes the JSON after the offset it takes.
   */
  async append(webcastId: string, code: number, body: Record<string, unknown>): Promise<PublishedRoomMessage> {
    const json = JSON.stringify({ ...body, webcastId });
    const createdAt = this.options.now();
    const [offset, epoch] = (await this.redis.eval(
      APPEND_SCRIPT,
      3,
      roomKey(webcastId, 'off'),
      roomKey(webcastId, 'log'),
      roomKey(webcastId, 'epoch'),
      json.slice(0, -1),
      String(code),
      String(createdAt),
      newEpoch(),
      String(this.options.window ?? REDIS_ROOM_LOG_WINDOW),
      roomChannel(webcastId),
    )) as [number, string];
    return { webcastId, epoch, offset, code, createdAt, bodyJson: `${json.slice(0, -1)},"offset":${offset}}` };
  }

  /** The room's epoch (made now when it has none) and newest offset. */
  async head(webcastId: string): Promise<RoomHead> {
    const [latest, epoch] = (await this.redis.eval(HEAD_SCRIPT, 3, roomKey(webcastId, 'off'), roomKey(webcastId, 'log'), roomKey(webcastId, 'epoch'), newEpoch())) as [number, string];
    return { latest, epoch };
  }

  /** Messages after `afterOffset`, oldest first, at most `limit` (those the window still holds). */
  async readAfter(webcastId: string, afterOffset: number, limit: number): Promise<RoomMessage[]> {
    if (limit <= 0) return [];
    const entries = await this.redis.xrange(roomKey(webcastId, 'log'), `(0-${afterOffset}`, '+', 'COUNT', limit);
    const messages: RoomMessage[] = [];
    for (const [id, fields] of entries) {
      const offset = Number(id.slice(2));
      const field = (name: string): string | undefined => {
        const i = fields.indexOf(name);
        return i >= 0 && i % 2 === 0 ? fields[i + 1] : undefined;
      };
      const code = Number(field('c'));
      const bodyJson = field('b');
      if (!Number.isSafeInteger(offset) || !Number.isInteger(code) || bodyJson === undefined) continue;
      messages.push({ webcastId, offset, code, bodyJson, createdAt: Number(field('t') ?? 0) });
    }
    return messages;
  }
}
