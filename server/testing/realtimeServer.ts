/**
 * A test server with only the realtime side (socket, chat, connect-mic) and the client
 * module, so socket tests do not depend on every other route module, with a short
 * connect-mic reconnect grace. Helpers for the admin API and the form-encoded calls.
 */
import type { ServerConfig } from '../config.js';
import { clientRoutes } from '../routes/client.js';
import type { ServerOptions } from '../server.js';
import { createRealtimeRoutes } from '../socket/realtimeRoutes.js';
import { startTestServer, type TestServer } from './harness.js';

export const TEST_MIC_GRACE_MS = 150;

export function startRealtimeTestServer(
  options: ServerOptions & { dataDir?: string; config?: Partial<ServerConfig>; micGraceMs?: number } = {},
): Promise<TestServer> {
  const { micGraceMs, ...rest } = options;
  return startTestServer({ routes: [createRealtimeRoutes({ mic: { reconnectGraceMs: micGraceMs ?? TEST_MIC_GRACE_MS } }), clientRoutes], ...rest });
}

export interface Envelope {
  readonly code: number;
  readonly msg: string;
  readonly data: Record<string, unknown> | null;
}

/** An admin API call (POST with a JSON body unless `method` says otherwise). */
export async function admin(server: TestServer, path: string, body?: unknown, method = 'POST', token = 'test-admin-token'): Promise<Envelope & { status: number }> {
  const response = await fetch(server.url + path, {
    method,
    headers: { 'x-admin-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as Envelope) };
}

/** A live-service call as the client makes it: token headers, form or JSON body, or a query. */
export async function call(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, unknown>,
  options: { token?: string; form?: boolean } = {},
): Promise<Envelope & { status: number }> {
  const headers: Record<string, string> = options.token ? { token: options.token, token_type: 'guest' } : {};
  let url = server.url + path;
  let body: string | undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (method === 'GET') {
    const query = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, text(v)]));
    url += `?${query.toString()}`;
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, text(v)])).toString();
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  }
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  return { status: response.status, ...((await response.json()) as Envelope) };
}
