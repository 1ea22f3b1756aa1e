/**
 * What every route module and the socket server share: the store, the room hub, the
 * sessions, metrics and the clock. Tests build one with an injected clock and a temporary
 * DATA_DIR.
 */
import type { ServerConfig } from './config.js';
import type { Db } from './store/db.js';
import type { SqlStore } from './store/sqlStore.js';
import type { RoomFanout } from './rooms/hub.js';
import type { Sessions } from './auth/sessions.js';
import type { ServerMetrics } from './metrics.js';
import type { ClientRegistry } from './socket/clients.js';
import type { SocketHandlers } from './socket/handlers.js';
import type { ClusterNode } from './cluster/node.js';

export interface ServerContext {
  readonly config: ServerConfig;
  readonly db: Db;
  /**
   * The store as one asynchronous interface (issue 40): SQLite on `db`'s own connection
   * today, PostgreSQL where DATABASE_URL names one. Code moves here from `db` area by area
   * (docs/architecture.md, "The store"); what has moved runs on either engine.
   */
  readonly store: SqlStore;
  readonly hub: RoomFanout;
  readonly sessions: Sessions;
  readonly metrics: ServerMetrics;
  /** Milliseconds since the epoch; injectable so windows (withdraw, expiry, cooldowns) can be tested. */
  readonly now: () => number;
  /** The admin token the admin API requires. */
  readonly adminToken: string;
  /** Every logged-in socket, by user and session. */
  readonly clients: ClientRegistry;
  /** What each socket request code does (PROTOCOL 2.2); feature areas register here. */
  readonly socketHandlers: SocketHandlers;
  /** This node's link to the others of its cluster (REDIS_URL); null for one process. */
  readonly cluster: Pick<ClusterNode, 'nodeId' | 'nodes' | 'health'> | null;
}
