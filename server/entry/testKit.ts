/**
 * For the entry and live-service tests: a real server with the demo rooms seeded, an HTTP
 * caller that speaks the envelope like the client (token header, JSON or form bodies),
 * and the logins every test needs (guest, staff, phone with the code from the simulated
 * inbox).
 */
import { startTestServer, type TestServer } from '../testing/harness.js';
import type { ServerOptions } from '../server.js';
import type { ServerConfig } from '../config.js';
import { seedRooms, DEMO_STAFF } from '../seed/rooms.js';
import { entryState } from './state.js';

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  readonly data: T;
}

export interface CallOptions {
  readonly token?: string;
  readonly form?: boolean;
  readonly adminToken?: string;
  /** Sent as the `device-id` header, as the client sends its device id. */
  readonly deviceId?: string;
  /** Sent as the `Idempotency-Key` header (money calls). */
  readonly idempotencyKey?: string;
  /** Sent as `X-Forwarded-For`: the viewer's address as a trusted proxy names it (TRUST_PROXY). */
  readonly forwardedFor?: string;
}

export interface Kit {
  readonly server: TestServer;
  get<T = Record<string, unknown>>(path: string, query?: Record<string, string | number>, options?: CallOptions): Promise<Answer<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: CallOptions): Promise<Answer<T>>;
}

export interface LoginData {
  readonly token: string;
  readonly sid: string;
  readonly userId: string;
  readonly role: number;
  readonly ws: string;
  readonly name: string;
  readonly nameChanged: boolean;
}

function headersOf(options: CallOptions, contentType?: string): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json' };
  if (contentType) h['content-type'] = contentType;
  if (options.token) {
    h.token = options.token;
    h.token_type = 'guest';
  }
  if (options.adminToken) h['x-admin-token'] = options.adminToken;
  if (options.deviceId) h['device-id'] = options.deviceId;
  if (options.idempotencyKey) h['idempotency-key'] = options.idempotencyKey;
  if (options.forwardedFor) h['x-forwarded-for'] = options.forwardedFor;
  return h;
}

async function answerOf<T>(res: Response): Promise<Answer<T>> {
  const body = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, code: body.code, msg: body.msg, data: body.data };
}

export function kitFor(server: TestServer): Kit {
  return {
    server,
    async get(path, query = {}, options = {}) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return answerOf(await fetch(`${server.url}${path}${qs ? `?${qs}` : ''}`, { headers: headersOf(options) }));
    },
    async post(path, body = {}, options = {}) {
      const form = options.form === true;
      const payload = form
        ? new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])).toString()
        : JSON.stringify(body);
      const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
      return answerOf(await fetch(`${server.url}${path}`, { method: 'POST', headers: headersOf(options, type), body: payload }));
    },
  };
}

/** A server with the demo rooms. */
export async function startSeeded(options: ServerOptions & { dataDir?: string; config?: Partial<ServerConfig> } = {}): Promise<Kit> {
  const server = await startTestServer(options);
  await seedRooms(server.ctx);
  return kitFor(server);
}

export const LOGIN = '/ccp/monitor/v2/live_login';

/** Asserts an envelope is a success and returns its data. */
export function ok<T>(answer: Answer<T>): T {
  if (answer.code !== 200) throw new Error(`expected code 200, got ${answer.code}: ${answer.msg}`);
  return answer.data;
}

export async function guestLogin(kit: Kit, webcastId = '10001', name?: string): Promise<LoginData> {
  return ok(await kit.post<LoginData>(LOGIN, { webcastId, type: 'guest', ...(name ? { name } : {}), privacyAccepted: true }));
}

export async function staffLogin(kit: Kit, webcastId: string, who: 'host' | 'assistant' = 'host'): Promise<LoginData> {
  const staff = DEMO_STAFF[who];
  return ok(await kit.post<LoginData>(LOGIN, { webcastId, type: 'staff', name: staff.loginName(webcastId), password: staff.password }));
}

/** Sends an SMS code to the phone and reads it the way a demo user would (the simulated inbox). */
export async function smsCode(kit: Kit, phone: string): Promise<string> {
  ok(await kit.post('/commerce/v1/verify/sms/send', { phone }));
  const latest = await entryState(kit.server.ctx).codes.latest('sms', phone.replace(/[\s-]/g, ''));
  if (!latest) throw new Error('no code was sent');
  return latest.code;
}

export async function emailCode(kit: Kit, email: string): Promise<string> {
  ok(await kit.post('/commerce/v1/verify/mail/sendCode', { email }));
  const latest = await entryState(kit.server.ctx).codes.latest('email', email);
  if (!latest) throw new Error('no code was sent');
  return latest.code;
}

/** A phone-type login (phone, signup, vip, whitelist rooms) with a fresh SMS code. */
export async function phoneLogin(kit: Kit, webcastId: string, type: string, phone: string): Promise<Answer<LoginData>> {
  const code = await smsCode(kit, phone);
  return kit.post<LoginData>(LOGIN, { webcastId, type, phone, smsCode: code, privacyAccepted: true });
}
