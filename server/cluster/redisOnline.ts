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
import { roomKey } from './redisRoomLog.js';

/**
 * Both scripts begin so (KEYS: the room's hash; ARGV[1]: this node, ARGV[2]: stale after, ms):
 * the other nodes' members are summed and the fields of nodes silent for longer are removed.
 */
const SWEEP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local fields = redis.call('HGETALL', KEYS[1])
local others = 0
local dropped = 0
for i = 1, #fields, 2 do
  if fields[i] ~= ARGV[1] then
    local count, at = string.match(fields[i + 1], '^(%d+):(%d+)$')
    if count and tonumber(at) >= now - tonumber(ARGV[2]) then
      others = others + tonumber(count)
    else
      redis.call('HDEL', KEYS[1], fields[i])
      dropped = dropped + 1
    end
  end
end`;

/** ARGV[3]: this node's members (0 removes its field), ARGV[4]: how long the hash outlives its last write (ms). Returns the nodes dropped. */
const WRITE_SCRIPT = `${SWEEP}
if ARGV[3] == '0' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. ':' .. string.format('%d', now))
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
return dropped
`;

/** Returns the other live nodes' members. */
const COUNT_SCRIPT = `${SWEEP}
return others
`;

export class RedisOnlineCounts {
  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
    private readonly staleMs: number,
  ) {}

  /**
   * This node's members per room (0 removes its field), in one round trip for all of them;
   * resolves with the rooms where a silent node was found and removed (their count fell).
   */
  async write(rooms: Readonly<Record<string, number>>): Promise<string[]> {
    const entries = Object.entries(rooms);
    if (entries.length === 0) return [];
    const pipeline = this.redis.pipeline();
    const stale = String(this.staleMs);
    for (const [webcastId, n] of entries) pipeline.eval(WRITE_SCRIPT, 1, roomKey(webcastId, 'online'), this.nodeId, stale, String(n), String(this.staleMs * 2));
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error !== null);
    if (failed) throw failed[0];
    return entries.filter((_, i) => Number(results[i]?.[1]) > 0).map(([webcastId]) => webcastId);
  }

  /** The members of every other live node in the room. */
  async others(webcastId: string): Promise<number> {
    return Number(await this.redis.eval(COUNT_SCRIPT, 1, roomKey(webcastId, 'online'), this.nodeId, String(this.staleMs)));
  }
}
