/**
 * Assembles one reference-server instance: store, room log and hub, sessions, metrics,
 * HTTP routes and the realtime socket on one port. main.ts runs it; tests start it on an
 * ephemeral port with a temporary DATA_DIR and an injected clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import type { ServerContext } from './context.js';
import { openDatabase, STORE_FILE, type Db } from './store/db.js';
import { MIGRATIONS } from './store/migrations/index.js';
import { runPostgresMigrations } from './store/postgresMigrations.js';
import { markCleanStop, takeCleanStopMark } from './store/cleanStop.js';
import { postgresStore, sqliteStore, type SqlStore } from './store/sqlStore.js';
import { RoomLog } from './rooms/roomLog.js';
import { RoomHub } from './rooms/hub.js';
import { Sessions } from './auth/sessions.js';
import { createMetrics } from './metrics.js';
import { buildApp, type RouteModule } from './http/app.js';
import { ROUTES } from './routes/index.js';
import { randomToken } from './auth/random.js';
import { ClientRegistry } from './socket/clients.js';
import { SocketHandlers } from './socket/handlers.js';
import { registerGroupHandlers } from './groups/handlers.js';
import { attachSocketServer } from './socket/server.js';
import { openClusterNode, type ClusterNode } from './cluster/node.js';
import { CLOSE } from './socket/closeCodes.js';
import { listenForRemoteEnds } from './socket/sessionsEnd.js';
import { RemoteClients } from './cluster/remoteClients.js';
import type { RoomFanout } from './rooms/hub.js';
import { recordingInteractions } from './replay/interactionRecorder.js';

export interface ServerOptions {
  readonly now?: () => number;
  readonly routes?: readonly RouteModule[];
  readonly logger?: boolean;
  readonly processMetrics?: boolean;
  /** Tests: addresses the per-address connection cap leaves alone (default: loopback). */
  readonly connectionCapExempt?: (address: string) => boolean;
  /**
   * Runs before the server listens (main.ts: the demo seed), so that a node whose /healthz
   * answers is one whose rooms exist: a launcher waiting for it, or a proxy, sends no call
   * into the seed's transaction.
   */
  readonly beforeListen?: (ctx: ServerContext) => Promise<void>;
}

export interface RunningServer {
  readonly ctx: ServerContext;
  readonly app: FastifyInstance;
  /** http://host:port of the listening server. */
  readonly url: string;
  /** The rooms in one process (the SQLite log and its hub); null when they live in Redis (REDIS_URL). */
  readonly embedded: { readonly log: RoomLog; readonly hub: RoomHub } | null;
  close(): Promise<void>;
}

/** ADMIN_TOKEN from the environment, else one kept in DATA_DIR (so the CLI can find it). */
export function resolveAdminToken(config: ServerConfig): string {
  if (config.adminToken) return config.adminToken;
  const file = path.join(config.dataDir, 'admin-token');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch {
    // first start: create it below
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const token = randomToken();
  fs.writeFileSync(file, token + '\n', { mode: 0o600 });
  return token;
}

/** The PostgreSQL store, migrated; the node refuses to start (MigrationError names which) when a migration fails. */
async function openPostgresStore(url: string, localFile: Db): Promise<SqlStore> {
  const store = postgresStore(url);
  try {
    await runPostgresMigrations(store, MIGRATIONS);
    return store;
  } catch (error) {
    await store.close();
    localFile.close();
    throw error;
  }
}

export async function startServer(config: ServerConfig, options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? Date.now;
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Several nodes share the store's folder in a cluster, and their room logs are in Redis:
  // the clean-stop mark (what a crash may have lost of the SQLite log) is one process's.
  const stoppedCleanly = config.redisUrl === null ? takeCleanStopMark(config.dataDir, STORE_FILE) : true;
  // With DATABASE_URL the node's own file holds nothing shared (its rooms' logs are in
  // Redis): the store is PostgreSQL. Without it the file is the store, shared by the nodes of
  // one machine when REDIS_URL is set.
  const db = openDatabase(config.dataDir, STORE_FILE, { sharedByProcesses: config.redisUrl !== null && config.databaseUrl === null });
  const store = config.databaseUrl === null ? sqliteStore(db, { immediate: config.redisUrl !== null }) : await openPostgresStore(config.databaseUrl, db);
  const metrics = createMetrics(options.processMetrics ?? true);
  const clients = new ClientRegistry();
  let embedded: { log: RoomLog; hub: RoomHub } | null = null;
  let node: ClusterNode | null = null;
  let hub: RoomFanout;
  if (config.redisUrl === null) {
    const log = new RoomLog(db, { now });
    // The last process died: offsets it pushed and never wrote must not be given again.
    if (!stoppedCleanly) log.voidAfterCrash();
    embedded = { log, hub: new RoomHub(log, metrics) };
    hub = embedded.hub;
  } else {
    node = await openClusterNode({
      redisUrl: config.redisUrl,
      nodeId: config.nodeId ?? `node-${config.port}-${process.pid}`,
      now,
      metrics,
      // The room's log is a new one: its members reconnect and join again, and their join's
      // reply names the new epoch, so they take its offsets instead of their own.
      onLogReset: (_webcastId, members) => {
        for (const member of members) clients.get(member.id)?.close(CLOSE.roomLogReset, "the room's log was reset");
      },
    });
    hub = node.hub;
  }
  const ctx: ServerContext = {
    config,
    db,
    store,
    hub: recordingInteractions(hub, store, (error) => console.error('recording an interaction for the replay failed:', error)),
    sessions: new Sessions(store, config.tokenTtlMs, now),
    metrics,
    now,
    adminToken: resolveAdminToken(config),
    clients,
    socketHandlers: new SocketHandlers(),
    cluster: node,
  };
  registerGroupHandlers(ctx);
  const stopRemoteEnds = listenForRemoteEnds(ctx);
  // The other nodes' sockets in the lookups by user and room (mic decisions, direct messages).
  const remoteClients = node === null ? null : new RemoteClients(node.nodes, clients, now);
  if (remoteClients !== null) clients.setRemote(remoteClients);
  const app = await buildApp(ctx, {
    routes: options.routes ?? ROUTES,
    logger: options.logger ?? false,
    ...(options.connectionCapExempt ? { connectionCapExempt: options.connectionCapExempt } : {}),
  });
  await options.beforeListen?.(ctx);
  const sockets = attachSocketServer(app.server, ctx);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;

  let closed = false;
  return {
    ctx,
    app,
    url,
    embedded,
    async close() {
      if (closed) return;
      closed = true;
      // Sockets first: their clean-up (rooms, connect-mic) still uses the store.
      stopRemoteEnds();
      remoteClients?.close();
      await sockets.close();
      await app.close();
      if (embedded !== null) {
        embedded.log.close();
        await store.close();
        db.close();
        markCleanStop(config.dataDir);
      } else {
        await node?.close();
        await store.close();
        db.close();
      }
    },
  };
}
