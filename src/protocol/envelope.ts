/**
 * What every HTTP call of the live and commerce services shares, for the page's HTTP client
 * (src/api/http.ts) and the worker's heartbeat (src/workers/heartbeat.ts) alike: the
 * PROTOCOL 1.1 answer envelope, and the headers that say who is calling (SPEC 6).
 */

export interface Envelope {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * PROTOCOL 1.1 envelope. Strict on `code` (an integer: everything hangs on it), lenient on
 * `msg` (absent or null reads as '') and `data` (absent reads as undefined).
 */
export function readEnvelope(value: unknown): Envelope | null {
  if (!isRecord(value)) return null;
  const { code, msg, data } = value;
  if (typeof code !== 'number' || !Number.isInteger(code)) return null;
  if (msg !== undefined && msg !== null && typeof msg !== 'string') return null;
  return { code, msg: msg ?? '', data };
}

/** The caller's headers: the live token (SPEC 6) and this browser's device id (a kick keeps it out). */
export function callerHeaders(token: string | null, deviceId: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) {
    headers.token = token;
    headers.token_type = 'guest';
  }
  if (deviceId) headers['device-id'] = deviceId;
  return headers;
}
