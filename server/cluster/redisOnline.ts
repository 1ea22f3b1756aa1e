/**
 * A room's online count in a cluster, kept in Redis: one hash per room, a field per node
 * holding its members there and when it last said so (Redis' own clock, so nodes' clocks
 * never matter). The count is one script over that hash: every node asking at the same
 * moment gets the same sum, and a node that stopped writing (it died with its sockets) stops
 * counting after `staleMs` and is removed there and then.
 *
 * Nodes write when their members change (coalesced) and every heartbeat, so a Redis that
 * lost its data holds the counts again after one heartbeat. The asking node adds its own
 * members itself: it knows them exactly, without waiting for its write to land.
 */
import type { Redis } from 'ioredis';

/** Keyed by room, hash-tagged like the room's log (redisRoomLog.ts). */
export const onlineKey = (webcastId: string): string => `webcast:room:{${webcastId}}:online`;

const REDIS_NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: the room's hash. ARGV: node, count, how long the hash outlives its last write (ms). */
const WRITE_SCRIPT = `${REDIS_NOW_MS}
if ARGV[2] == '0' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** KEYS: the room's hash. ARGV: the asking node (left out), stale after (ms). Returns the others' sum and the nodes dropped. */
const COUNT_SCRIPT = `${REDIS_NOW_MS}
local fields = redis.call('HGETALL', KEYS[1])
local sum = 0
local dropped = 0
for i = 1, #fields, 2 do
  if fields[i] ~= ARGV[1] then
    local count, at = string.match(fields[i + 1], '^(%d+):(%d+)$')
    if count and tonumber(at) >= now - tonumber(ARGV[2]) then
      sum = sum + tonumber(count)
    else
      redis.call('HDEL', KEYS[1], fields[i])
      dropped = dropped + 1
    end
  end
end
return {sum, dropped}
`;

export class RedisOnlineCounts {
  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
    private readonly staleMs: number,
  ) {}

  /** This node's members per room (0 removes its field); one round trip for all of them. */
  async write(rooms: Readonly<Record<string, number>>): Promise<void> {
    const entries = Object.entries(rooms);
    if (entries.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [webcastId, n] of entries) pipeline.eval(WRITE_SCRIPT, 1, onlineKey(webcastId), this.nodeId, String(n), String(this.staleMs * 2));
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error !== null);
    if (failed) throw failed[0];
  }

  /** The members of every other live node in the room, and how many silent nodes this call found and removed. */
  async others(webcastId: string): Promise<{ readonly count: number; readonly dropped: number }> {
    const [count, dropped] = (await this.redis.eval(COUNT_SCRIPT, 1, onlineKey(webcastId), this.nodeId, String(this.staleMs))) as [number, number];
    return { count: Number(count), dropped: Number(dropped) };
  }
}
