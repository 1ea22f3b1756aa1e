/**
 * One node of a cluster (REDIS_URL set): its two Redis connections, the shared room log,
 * the hub and the node bus, and what /healthz says about them.
 *
 * Commands never wait for a Redis that is away (no offline queue): a chat send or a join
 * answers an error at once instead of hanging, and the client retries. ioredis reconnects
 * by itself and subscribes the subscriber connection to its channels again.
 */
import { Redis } from 'ioredis';
import type { ServerMetrics } from '../metrics.js';
import type { RoomSubscriber } from '../rooms/hub.js';
import { ClusterRoomHub, COUNT_STALE_MS } from './clusterHub.js';
import { NodeBus } from './nodeBus.js';
import { RedisOnlineCounts } from './redisOnline.js';
import { RedisRoomLog } from './redisRoomLog.js';

export interface ClusterHealth {
  readonly node: string;
  /** ioredis' state of each connection: 'ready' when usable. */
  readonly redis: { readonly command: string; readonly subscriber: string };
  readonly ready: boolean;
  /** Times this node lost Redis since it started, and when it last came back. */
  readonly redisLost: number;
  /** Times its subscriber connection was lost (Redis away, or cut for reading too slowly). */
  readonly subscriberLost: number;
  readonly redisBackAt: number | null;
}

export interface ClusterNode {
  readonly nodeId: string;
  readonly hub: ClusterRoomHub;
  readonly nodes: NodeBus;
  health(): ClusterHealth;
  close(): Promise<void>;
}

const connectionOptions = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times: number) => Math.min(times * 100, 1000) } as const;

export async function openClusterNode(options: {
  readonly redisUrl: string;
  readonly nodeId: string;
  readonly now: () => number;
  readonly metrics?: ServerMetrics;
  readonly onLogReset: (webcastId: string, members: readonly RoomSubscriber[]) => void;
}): Promise<ClusterNode> {
  const command = new Redis(options.redisUrl, { ...connectionOptions, connectionName: `webcast-${options.nodeId}` });
  const subscriber = new Redis(options.redisUrl, { ...connectionOptions, connectionName: `webcast-${options.nodeId}-sub` });
  let redisLost = 0;
  let redisBackAt: number | null = null;
  let wasReady = false;
  let subscriberLost = 0;
  let subscriberReady = false;
  subscriber.on('close', () => {
    if (subscriberReady) subscriberLost += 1;
    subscriberReady = false;
  });
  subscriber.on('ready', () => {
    subscriberReady = true;
  });
  command.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  command.on('close', () => {
    if (wasReady) redisLost += 1;
    wasReady = false;
  });
  command.on('ready', () => {
    if (redisLost > 0) redisBackAt = options.now();
    wasReady = true;
  });
  try {
    await Promise.all([command.connect(), subscriber.connect()]);
  } catch (error) {
    command.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis at ${options.redisUrl}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const nodes = new NodeBus(options.nodeId, command, options.now);
  const hub = new ClusterRoomHub({
    log: new RedisRoomLog(command, { now: options.now }),
    subscriber,
    nodes,
    online: new RedisOnlineCounts(command, options.nodeId, COUNT_STALE_MS),
    now: options.now,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    onLogReset: options.onLogReset,
  });
  return {
    nodeId: options.nodeId,
    hub,
    nodes,
    health: () => ({
      node: options.nodeId,
      redis: { command: command.status, subscriber: subscriber.status },
      ready: command.status === 'ready' && subscriber.status === 'ready',
      redisLost,
      subscriberLost,
      redisBackAt,
    }),
    async close() {
      hub.close();
      await hub.whenDurable();
      await Promise.allSettled([command.quit(), subscriber.quit()]);
    },
  };
}
