/**
 * Sends one admin call and turns the answer into what the CLI prints and its exit code:
 * 0 when the envelope says 200, 1 when the server refused (a business code, HTTP 401 for a
 * wrong token) or could not be reached.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AdminCall } from './commands.js';

export const DEFAULT_ROOM_SERVER = 'http://127.0.0.1:8080';
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

export interface Outcome {
  readonly exitCode: number;
  readonly text: string;
}

/** ADMIN_TOKEN, else the token the server keeps in DATA_DIR (see resolveAdminToken). */
export function adminTokenFrom(env: NodeJS.ProcessEnv, cwd: string): string | null {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN;
  const file = path.resolve(cwd, env.DATA_DIR || 'data', 'admin-token');
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

export async function sendAdminCall(call: AdminCall, server: string, token: string, fetchImpl: typeof fetch = fetch): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetchImpl(server.replace(/\/+$/, '') + call.path, {
      method: call.method,
      headers: { 'x-admin-token': token, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  } catch (error) {
    const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { exitCode: EXIT.refused, text: `cannot reach ${server}: ${why} (is the server running? npm start)` };
  }
  const raw = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { exitCode: EXIT.refused, text: `HTTP ${response.status}: ${raw.slice(0, 200)}` };
  }
  if (!isEnvelope(body)) return { exitCode: EXIT.refused, text: `HTTP ${response.status}: ${raw.slice(0, 200)}` };
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (response.status === 401) return { exitCode: EXIT.refused, text: `refused: ${msg} (check ADMIN_TOKEN or DATA_DIR)` };
  if (response.status === 404) return { exitCode: EXIT.refused, text: `refused: ${msg} (this server has no such admin call)` };
  if (body.code !== 200) return { exitCode: EXIT.refused, text: `refused (${body.code}): ${msg}` };
  const data = body.data === null || body.data === undefined ? '' : `\n${JSON.stringify(body.data, null, 2)}`;
  return { exitCode: EXIT.ok, text: `${msg}${data}` };
}
