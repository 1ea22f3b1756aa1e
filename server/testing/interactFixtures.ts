/**
 * For the tests of the interactive features, the commerce service and the resource host:
 * viewers with a session in a seeded room, and a small HTTP caller that speaks the envelope
 * the way the client does (token header, JSON or form bodies, Idempotency-Key).
 */
import type { ServerContext } from '../context.js';
import { randomToken } from '../auth/random.js';
import { seedRoomContent } from '../seed/content.js';
import { addRoom, loginAs, type UserOptions } from './roomFixtures.js';

export interface Viewer {
  readonly userId: string;
  readonly token: string;
  readonly sid: string;
}

export interface ViewerOptions extends UserOptions {
  readonly realNameVerified?: boolean;
}

/** A room with its demo content (goods, gifts, papers, lotteries, red packet, Q&A...). */
export function seededRoom(ctx: ServerContext, id: string): string {
  addRoom(ctx, id);
  seedRoomContent(ctx, [id]);
  return id;
}

/** A user (created when missing) logged in to the room. */
export function viewer(ctx: ServerContext, userId: string, webcastId: string, options: ViewerOptions = {}): Viewer {
  const session = loginAs(ctx, userId, webcastId, options);
  if (options.realNameVerified) ctx.db.prepare('UPDATE users SET real_name_verified = 1 WHERE id = ?').run(userId);
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

  async get<T = unknown>(path: string, query: Record<string, string | number> = {}, options: CallOptions = {}): Promise<Answer<T>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
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
