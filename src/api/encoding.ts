/**
 * Request body encoding (SPEC 7, PROTOCOL 1.2): a request whose path contains
 * `interactive`, `reply`, `apply` or `history` is sent form-encoded; every other request
 * with a body is sent as JSON.
 *
 * Matching rule, decided here: a plain, case-sensitive SUBSTRING test on the path part of
 * the URL, before any `?` or `#`. That is the literal reading of "path contains": it
 * matches `/ccp/monitor/v1/voip/apply` and `/ccp/monitor/v1/interactive` as well as a
 * word inside a segment (`/x/replyList`). The query string is not looked at, so
 * `/login/ulogin?cmd=apply` would still be JSON. Our own chosen paths avoid the four words
 * unless they mean the form encoding.
 */

export const FORM_PATH_WORDS = ['interactive', 'reply', 'apply', 'history'] as const;

// No charset parameter: JSON is UTF-8 by definition (RFC 8259) and URLSearchParams
// percent-encodes UTF-8, so the bare media types are exact and easiest for servers to match.
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const JSON_CONTENT_TYPE = 'application/json';

export type BodyEncoding = 'form' | 'json';

export interface EncodedBody {
  readonly contentType: string;
  readonly body: string;
}

/** The path without its query string and fragment. */
export const pathPart = (path: string): string => path.split(/[?#]/, 1)[0] ?? '';

export const isFormEncodedPath = (path: string): boolean => {
  const p = pathPart(path);
  return FORM_PATH_WORDS.some((word) => p.includes(word));
};

export const encodingForPath = (path: string): BodyEncoding => (isFormEncodedPath(path) ? 'form' : 'json');

/**
 * One value as a form or query-string field: strings as they are, numbers and booleans
 * as text, nested objects and arrays as JSON (a flat form cannot carry them otherwise).
 * undefined and null are left out: a form has no way to say null, and an absent field is
 * what a server sees for "not given".
 */
export function formValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  // functions and symbols have no wire form
  return undefined;
}

export function toSearchParams(fields: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    const text = formValue(value);
    if (text !== undefined) params.append(name, text);
  }
  return params;
}

/**
 * Encodes a request body by the path rule. Throws only when the body cannot be serialised
 * at all (a cycle, a BigInt inside JSON); the HTTP client turns that into an ApiError.
 */
export function encodeBody(path: string, body: Readonly<Record<string, unknown>>): EncodedBody {
  if (isFormEncodedPath(path)) return { contentType: FORM_CONTENT_TYPE, body: toSearchParams(body).toString() };
  return { contentType: JSON_CONTENT_TYPE, body: JSON.stringify(body) };
}
