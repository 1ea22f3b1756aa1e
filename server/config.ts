/**
 * Server configuration from the environment. Every value has a default that makes
 * `npm start` work on a fresh clone; nothing here reads files or opens sockets.
 */
import path from 'node:path';
import { normaliseOrigin } from './http/origins.js';
import type { BucketRate } from './auth/tokenBuckets.js';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Admin API token. When absent from the environment, main.ts creates one in DATA_DIR. */
  readonly adminToken: string | null;
  /** Login tokens expire this long after their last use (PROTOCOL 1.1: expired -> code 402). */
  readonly tokenTtlMs: number;
  /** Where the built client lives (served under the application prefix). */
  readonly clientDir: string;
  /** Router prefix of the client, as in public/config.js. */
  readonly appPrefix: string;
  /** A server that hears nothing from a socket this long closes it (PROTOCOL 2.3). */
  readonly socketIdleMs: number;
  /** Public base URL printed and handed to clients (ws address is derived from it). */
  readonly publicUrl: string | null;
  /**
   * Origins allowed to call the services from another origin (the client's services may be
   * configured on other hosts). null: none but the page's own (no CORS headers); '*': any,
   * an explicit choice. Requests carry tokens in headers, never cookies, so no credentials
   * are ever allowed.
   */
  readonly corsOrigins: readonly string[] | '*' | null;
  /**
   * REDIS_URL: the rooms' logs, fan-out and node notes live in this Redis, shared by every
   * node that names it (server/cluster). null: one process, the rooms in the SQLite store.
   */
  readonly redisUrl: string | null;
  /**
   * DATABASE_URL (issue 40): the shared store (accounts, sessions, rooms, every interaction's
   * state, payments) in this PostgreSQL database, so nodes on separate machines share
   * nothing but it and Redis (REDIS_URL: the rooms' logs). Without REDIS_URL one node keeps
   * its rooms' logs in its own file in DATA_DIR. null: the SQLite file in DATA_DIR is the
   * store, the embedded default.
   */
  readonly databaseUrl: string | null;
  /** NODE_ID: this node's name in a cluster (health, logs); made from the port when absent. */
  readonly nodeId: string | null;
  /**
   * METRICS_TOKEN: `/metrics` answers a request with `Authorization: Bearer <token>`. null:
   * only requests from this machine's loopback that came through no proxy (metrics name
   * rooms and traffic, which are nobody else's business).
   */
  readonly metricsToken: string | null;
  /**
   * SERVE_SOURCE_MAPS=1: the client's source maps (built beside the scripts, unreferenced)
   * are served. Off by default: they hand anyone the client's whole source.
   */
  readonly serveSourceMaps: boolean;
  /** REQUEST_IDLE_SECONDS: a connection on which nothing moves this long is closed (http/connectionLimits.ts). */
  readonly requestIdleMs: number;
  /** REQUEST_TIMEOUT_SECONDS: a whole request, body included, must arrive within this. */
  readonly requestTimeoutMs: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open HTTP connections from one address (not loopback; 0: no cap). */
  readonly maxConnectionsPerAddress: number;
  /**
   * DIRECTORY_NAME_ONLY=1: a directory account may be registered without a password and
   * then signs in by its name alone. A demo switch: `npm start` seeds the demo and turns it
   * on unless DIRECTORY_NAME_ONLY=0; off, every account needs its password.
   */
  readonly directoryNameOnly: boolean;
  /** CHAT_SEND_RATE "burst,perSecond": chat messages one viewer may send in a room (staff are not limited); "0": no limit. */
  readonly chatSendRate: BucketRate;
  /** GUEST_LOGIN_RATE "burst,perSecond": new guests one address may create; "0": no limit. */
  readonly guestLoginRate: BucketRate;
  /**
   * TRUST_PROXY: the addresses of reverse proxies whose X-Forwarded-For names the viewer
   * ("loopback", or a comma list of addresses and CIDR ranges). Unset: none, and a viewer's
   * address is the connection's. Every per-address rule (guessing budgets, new guests, kicks)
   * reads the address this gives; behind a proxy without it, every viewer is the proxy.
   */
  readonly trustProxy: string | null;
  /**
   * IMAGE_ORIGINS: origins pictures may come from besides this server (a picture CDN): chat
   * pictures there are accepted, and the Content-Security-Policy's img-src names them. Every
   * other picture a page shows comes from this server (chat/pictureSource.ts).
   */
  readonly imageOrigins: readonly string[];
  /**
   * LIVE_REWIND_SECONDS: how far back a live's HLS playlists reach (the live rewind window;
   * the line stream's `rewindSeconds` says it to players). 0: the short sliding window only.
   */
  readonly liveRewindMs: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function prefix(raw: string | undefined): string {
  if (!raw || raw === '/') return '/';
  const trimmed = raw.replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(trimmed)) throw new Error(`APP_PREFIX must be a path like /webcast, got "${raw}"`);
  return trimmed;
}

function originList(name: string, raw: string | undefined): readonly string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((o) => o.trim()).filter(Boolean).map((o) => {
    const origin = normaliseOrigin(o);
    if (origin === null) throw new Error(`${name}: "${o}" is not an origin like http://host:port`);
    return origin;
  });
}

function corsOrigins(raw: string | undefined): readonly string[] | '*' | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.trim() === '*') return '*';
  return originList('CORS_ORIGINS', raw);
}

function bucketRate(env: NodeJS.ProcessEnv, name: string, fallback: BucketRate): BucketRate {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (raw === '0') return { burst: 0, perSecond: 0 };
  const match = /^(\d{1,6}),(\d{1,6}(?:\.\d{1,3})?)$/.exec(raw);
  const burst = Number(match?.[1]);
  const perSecond = Number(match?.[2]);
  if (!match || burst < 1 || perSecond <= 0) throw new Error(`${name} must be "burst,perSecond" like "5,1" (or 0 for no limit), got "${raw}"`);
  return { burst, perSecond };
}

function trustProxy(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (value === undefined || value === '') return null;
  const parts = value.split(',').map((p) => p.trim());
  const ok = parts.every((p) => ['loopback', 'linklocal', 'uniquelocal'].includes(p) || /^[0-9A-Fa-f.:]+(?:\/\d{1,3})?$/.test(p));
  if (!ok) throw new Error(`TRUST_PROXY must be "loopback" or addresses and ranges like 10.0.0.5,10.1.0.0/16, got "${raw}"`);
  return parts.join(',');
}

function redisUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw.trim())) throw new Error(`REDIS_URL must be a URL like redis://127.0.0.1:6379, got "${raw}"`);
  return raw.trim();
}

function databaseUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^postgres(?:ql)?:\/\/[^\s]+$/.test(raw.trim())) {
    throw new Error(`DATABASE_URL must be a PostgreSQL URL like postgres://user@127.0.0.1:5432/webcast, got "${raw}"`);
  }
  return raw.trim();
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    adminToken: env.ADMIN_TOKEN || null,
    tokenTtlMs: int(env, 'TOKEN_TTL_SECONDS', 24 * 3600, 1, 365 * 24 * 3600) * 1000,
    clientDir: path.resolve(cwd, env.CLIENT_DIR || 'dist'),
    appPrefix: prefix(env.APP_PREFIX),
    socketIdleMs: int(env, 'SOCKET_IDLE_SECONDS', 90, 1, 3600) * 1000,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    redisUrl: redisUrl(env.REDIS_URL),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    nodeId: env.NODE_ID ? env.NODE_ID : null,
    metricsToken: env.METRICS_TOKEN ? env.METRICS_TOKEN : null,
    serveSourceMaps: env.SERVE_SOURCE_MAPS === '1',
    requestIdleMs: int(env, 'REQUEST_IDLE_SECONDS', 20, 1, 3600) * 1000,
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_SECONDS', 120, 1, 3600) * 1000,
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 512, 0, 1_000_000),
    directoryNameOnly: env.DIRECTORY_NAME_ONLY === '1',
    chatSendRate: bucketRate(env, 'CHAT_SEND_RATE', { burst: 5, perSecond: 1 }),
    guestLoginRate: bucketRate(env, 'GUEST_LOGIN_RATE', { burst: 100, perSecond: 5 }),
    trustProxy: trustProxy(env.TRUST_PROXY),
    imageOrigins: originList('IMAGE_ORIGINS', env.IMAGE_ORIGINS),
    liveRewindMs: int(env, 'LIVE_REWIND_SECONDS', 300, 0, 3600) * 1000,
  };
}
