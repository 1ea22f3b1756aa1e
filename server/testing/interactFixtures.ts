/**
 * For the tests of the interactive features, the commerce service and the resource host:
 * viewers with a session in a seeded room, and a small HTTP caller that speaks the envelope
 * the way the client does (token header, JSON or form bodies, Idempotency-Key).
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { randomToken } from '../auth/random.js';
import { seedRoomContent } from '../seed/content.js';
import { interactRoutes } from '../interact/routes.js';
import { clientRoutes } from '../routes/client.js';
import { addRoom, loginAs, type UserOptions } from './roomFixtures.js';
import { startTestServer, type TestServer } from './harness.js';

export interface Viewer {
  readonly userId: string;
  readonly token: string;
  readonly sid: string;
}

export interface ViewerOptions extends UserOptions {
  readonly realNameVerified?: boolean;
}

/** A room with its demo content (goods, gifts, papers, lotteries, red packet, Q&A...). */
export async function seededRoom(ctx: ServerContext, id: string): Promise<string> {
  await addRoom(ctx, id);
  await seedRoomContent(ctx, [id]);
  return id;
}

/** A user (created when missing) logged in to the room. */
export async function viewer(ctx: ServerContext, userId: string, webcastId: string, options: ViewerOptions = {}): Promise<Viewer> {
  const session = await loginAs(ctx, userId, webcastId, options);
  if (options.realNameVerified) await sql`UPDATE users SET real_name_verified = 1 WHERE id = ${userId}`.execute(ctx.store.db);
  return { userId, token: session.token, sid: session.sid };
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  readonly data: T;
}

export interface CallOptions {
  readonly token?: string;
  readonly idempotencyKey?: string;
  /** Send the body form-encoded (objects as JSON text), as the client does for some paths. */
  readonly form?: boolean;
  readonly adminToken?: string;
}

export const newKey = (): string => randomToken(32);

async function answer<T>(res: Response): Promise<Answer<T>> {
  const body = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, code: body.code, msg: body.msg, data: body.data };
}

function headers(options: CallOptions): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json' };
  if (options.token) {
    h.token = options.token;
    h.token_type = 'guest';
  }
  if (options.idempotencyKey) h['idempotency-key'] = options.idempotencyKey;
  if (options.adminToken) h['x-admin-token'] = options.adminToken;
  return h;
}

export class Caller {
  constructor(readonly baseUrl: string) {}

  /** GET with the fields in the query string (undefined fields are left out, as the client does). */
  async get<T = unknown>(path: string, query: Readonly<Record<string, string | number | undefined>> = {}, options: CallOptions = {}): Promise<Answer<T>> {
    const fields = Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]));
    const qs = new URLSearchParams(fields).toString();
    const res = await fetch(`${this.baseUrl}${path}${qs ? `?${qs}` : ''}`, { headers: headers(options) });
    return answer<T>(res);
  }

  async post<T = unknown>(path: string, body: unknown = {}, options: CallOptions = {}): Promise<Answer<T>> {
    const h = headers(options);
    let payload: string;
    if (options.form) {
      h['content-type'] = 'application/x-www-form-urlencoded';
      const fields = Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
      payload = new URLSearchParams(fields).toString();
    } else {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers: h, body: payload });
    return answer<T>(res);
  }

  /** An admin call (POST, header x-admin-token of the test harness). */
  admin<T = unknown>(path: string, body?: unknown, adminToken = 'test-admin-token'): Promise<Answer<T>> {
    return this.post<T>(path, body ?? null, { adminToken });
  }
}

/**
 * A real server with only the interactive routes (and the socket server), so these tests do
 * not depend on the other areas' routes; `now` drives deadlines and session expiry.
 */
export async function startInteractServer(options: { now?: () => number; dataDir?: string } = {}): Promise<{ server: TestServer; api: Caller }> {
  const server = await startTestServer({ routes: [interactRoutes, clientRoutes], ...options });
  return { server, api: new Caller(server.url) };
}
