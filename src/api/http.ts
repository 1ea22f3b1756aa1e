/**
 * The HTTP client of PROTOCOL section 1: headers, body encoding, timeout, the response
 * envelope, the two app-level effects (transport failure, session expiry), Idempotency-Key
 * on money calls and retry where repeating is safe.
 *
 * Every failure comes out as a rejected ApiError; nothing else escapes.
 */
import { HTTP_TIMEOUT_MS, RETRY_BASE_DELAY_MS, RETRY_DEFAULT_ATTEMPTS } from '../domain/constants';
import { CLIENT_MESSAGE_KEYS, SESSION_EXPIRED_CODE, SUCCESS_CODE, messageKeyForHttpStatus } from '../domain/errorCatalogue';
import { pathSegment } from '../domain/pathSegment';
import { randomId32, type RandomBytes } from '../domain/randomId';
import type { CallDef, CallSpec } from '../protocol/calls';
import { callerHeaders, readEnvelope } from '../protocol/envelope';
import { encodeBody, toSearchParams, type EncodedBody } from './encoding';
import { ApiError, businessError } from './errors';
import { defaultSleep, retry, type Sleep } from './retry';

/** What the app does on the two failures that concern more than the one call. */
export interface HttpEffects {
  /** A non-2xx HTTP status: the app navigates to /error/{status}. */
  transportFailure(status: number): void;
  /** Business code 402: the app clears the session, shows the expired message, returns to the root. */
  sessionExpired(): void;
  /** Any failure but an abort or an expired session, background calls included: the app reports it (issue 39). */
  callFailed?(error: ApiError, path: string): void;
}

export interface HttpClientOptions {
  /** Service base URL ('' = same origin), or a function read at every call (resource host). */
  readonly baseUrl: string | (() => string);
  /** The live token, or null before login. */
  readonly getToken: () => string | null;
  /** This browser's device id, sent as header `device-id` on every call (a kick keeps it out). */
  readonly getDeviceId?: () => string | null;
  readonly effects: HttpEffects;
  readonly fetch?: typeof fetch;
  /** Per attempt, covering the response body too (SPEC 9: 1000000 ms). */
  readonly timeoutMs?: number;
  /** Random bytes for Idempotency-Keys; defaults to crypto.getRandomValues. */
  readonly random?: RandomBytes;
  readonly sleep?: Sleep;
  /** Extra attempts for retryable calls (SPEC 9: 3). */
  readonly retries?: number;
  readonly retryBaseDelayMs?: number;
}

export interface RequestOptions {
  /** Cancels the call: it rejects with kind 'aborted', and no retry follows. */
  readonly signal?: AbortSignal;
  /**
   * Money calls only: the key of this user action. Pass the same key when the user retries
   * the same action (e.g. "pay again" after a timeout) so the server charges once. When
   * absent a fresh key is made; the client's own retries of the call reuse it.
   */
  readonly idempotencyKey?: string;
  /** Overrides the service base URL for this call (directory server addresses). */
  readonly baseUrl?: string;
  /** The call must outlive the page (sent while it is hidden or unloading): fetch keepalive. */
  readonly keepalive?: boolean;
  /**
   * A background read the viewer did not ask for (a poll): its failure is the caller's to
   * handle and runs no effect: no error page, and no "login expired" either (a login ended
   * elsewhere is the socket's to tell, with its own message; the viewer's next own call
   * still meets a 402).
   */
  readonly background?: boolean;
}

export interface HttpClient {
  /** Sends a call and resolves to the envelope's data when its code is 200. */
  request<O = unknown, I extends object = object>(call: CallDef<I, O>, input: I, options?: RequestOptions): Promise<O>;
  /** A fresh Idempotency-Key for one user action. */
  newIdempotencyKey(): string;
}

/**
 * HTTP statuses worth another try for a repeatable call: the server or a gateway may
 * recover. 501 (not implemented) and 505 (version not supported) will not, and 4xx are
 * the request's own fault.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/**
 * Retry policy: GET calls (reads, safe to repeat) and money calls (their Idempotency-Key
 * makes a repeat harmless, PROTOCOL 1.2) are retried after a network failure, a timeout
 * or a retryable 5xx. Other POSTs are never retried: the server may have acted on the
 * first one. Business answers, malformed bodies and cancellations are final.
 */
export const isRetryableCall = (call: CallSpec): boolean => call.method === 'GET' || call.spendsMoney === true;

export const isRetryableFailure = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    (error.kind === 'http' && error.status !== undefined && RETRYABLE_STATUSES.has(error.status)));

const FAILED_TO_SEND = { GET: CLIENT_MESSAGE_KEYS.loadFailed, POST: CLIENT_MESSAGE_KEYS.submitFailed } as const;

interface PreparedRequest {
  readonly url: string;
  readonly init: { method: string; headers: Record<string, string>; body?: string; keepalive?: boolean };
}

const joinUrl = (base: string, path: string): string => base.replace(/\/+$/, '') + path;

const withQuery = (url: string, query: string): string =>
  query === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`;

function invalid(call: CallSpec, detail: string, cause?: unknown): ApiError {
  return new ApiError({
    kind: 'invalid',
    messageKey: FAILED_TO_SEND[call.method],
    cause: cause ?? new Error(`${call.method} ${call.path}: ${detail}`),
  });
}

/** Fills `{name}` placeholders; returns the path and the input fields left to send. */
function fillPath(call: CallSpec, input: object): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = call.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = rest[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw invalid(call, `no value for {${name}}`);
    const segment = pathSegment(String(value));
    if (segment === null) throw invalid(call, `no path segment for {${name}}: ${JSON.stringify(value)}`);
    delete rest[name];
    return segment;
  });
  return { path, rest };
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const sleep = options.sleep ?? defaultSleep;
  const retries = options.retries ?? RETRY_DEFAULT_ATTEMPTS;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? RETRY_BASE_DELAY_MS;
  // Looked up at call time, not at creation: tests and old browsers may lack a global.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const random: RandomBytes = options.random ?? ((bytes) => void globalThis.crypto.getRandomValues(bytes));

  const baseUrl = (): string => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);

  const newIdempotencyKey = (): string => randomId32(random);

  function prepare(call: CallSpec, input: object, requestOptions: RequestOptions): PreparedRequest {
    const { path, rest } = fillPath(call, input);
    const headers = callerHeaders(options.getToken(), options.getDeviceId?.());
    if (call.spendsMoney === true) {
      let key = requestOptions.idempotencyKey;
      if (key === undefined || key === '') {
        try {
          key = newIdempotencyKey();
        } catch (error) {
          throw invalid(call, 'no random source for the Idempotency-Key', error);
        }
      }
      headers['Idempotency-Key'] = key;
    }
    const url = joinUrl(requestOptions.baseUrl ?? baseUrl(), path);
    if (call.method === 'GET') {
      return { url: withQuery(url, toSearchParams(rest).toString()), init: { method: 'GET', headers } };
    }
    let encoded: EncodedBody;
    try {
      encoded = encodeBody(path, rest);
    } catch (error) {
      throw invalid(call, 'body cannot be serialised', error);
    }
    headers['Content-Type'] = encoded.contentType;
    const keepalive = requestOptions.keepalive === true ? { keepalive: true } : {};
    return { url, init: { method: call.method, headers, body: encoded.body, ...keepalive } };
  }

  /** One attempt: resolves to the envelope's data, or rejects with an ApiError. */
  async function attempt<O>(call: CallDef<object, O>, prepared: PreparedRequest, signal?: AbortSignal): Promise<O> {
    if (signal?.aborted) throw new ApiError({ kind: 'aborted', messageKey: FAILED_TO_SEND[call.method] });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });

    // Why the exchange stopped, when fetch or the body read rejects.
    const failure = (cause: unknown): ApiError => {
      if (timedOut) return new ApiError({ kind: 'timeout', messageKey: CLIENT_MESSAGE_KEYS.requestTimeout, cause });
      if (signal?.aborted) return new ApiError({ kind: 'aborted', messageKey: FAILED_TO_SEND[call.method], cause });
      return new ApiError({ kind: 'network', messageKey: CLIENT_MESSAGE_KEYS.networkFailed, cause });
    };

    try {
      let response: Response;
      try {
        response = await doFetch(prepared.url, { ...prepared.init, signal: controller.signal });
      } catch (error) {
        throw failure(error);
      }

      if (response.status < 200 || response.status > 299) {
        // The body of a failed response is of no use; release the connection.
        void response.body?.cancel().catch(() => undefined);
        const known = messageKeyForHttpStatus(response.status);
        throw new ApiError({
          kind: 'http',
          status: response.status,
          messageKey: known ?? CLIENT_MESSAGE_KEYS.unknownCode,
          params: known === null ? { code: response.status } : undefined,
        });
      }

      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw failure(error);
      }

      const malformed = (cause?: unknown) =>
        new ApiError({ kind: 'malformed', status: response.status, messageKey: CLIENT_MESSAGE_KEYS.malformedResponse, cause });

      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        // A proxy's HTML page or a truncated body: never let the SyntaxError escape.
        throw malformed(error);
      }
      const envelope = readEnvelope(json);
      if (envelope === null) throw malformed(new Error('response is not a {code, msg, data} envelope'));

      if (envelope.code !== SUCCESS_CODE) throw businessError(envelope.code, envelope.msg, envelope.data);
      if (call.decode === undefined) return envelope.data as O; // trusted: SPEC shows no bodies
      try {
        return call.decode(envelope.data);
      } catch (error) {
        throw malformed(error);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Effects run once per call, after retries, and never turn into the call's error. */
  function applyEffects(error: ApiError, background: boolean, path: string): void {
    try {
      if (error.kind !== 'aborted' && !(error.kind === 'business' && error.code === SESSION_EXPIRED_CODE)) options.effects.callFailed?.(error, path);
    } catch (effectError) {
      console.error('api: the failure report threw', effectError);
    }
    if (background) return;
    try {
      if (error.kind === 'http' && error.status !== undefined) options.effects.transportFailure(error.status);
      else if (error.kind === 'business' && error.code === SESSION_EXPIRED_CODE) options.effects.sessionExpired();
    } catch (effectError) {
      // The caller must still get the request's own failure; report the effect's fault.
      console.error('api: an HTTP effect threw', effectError);
    }
  }

  async function request<O = unknown, I extends object = object>(
    call: CallDef<I, O>,
    input: I,
    requestOptions: RequestOptions = {},
  ): Promise<O> {
    const { signal } = requestOptions;
    try {
      const prepared = prepare(call, input, requestOptions);
      const once = () => attempt(call as CallDef<object, O>, prepared, signal);
      if (!isRetryableCall(call)) return await once();
      return await retry(once, {
        retries,
        baseDelayMs: retryBaseDelayMs,
        sleep,
        signal,
        shouldRetry: isRetryableFailure,
      });
    } catch (error) {
      // Once the caller has cancelled, whatever the last attempt met is moot: report the
      // cancellation and leave navigation and session alone.
      if (signal?.aborted) {
        throw error instanceof ApiError && error.kind === 'aborted'
          ? error
          : new ApiError({ kind: 'aborted', messageKey: FAILED_TO_SEND[call.method], cause: error });
      }
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError({ kind: 'network', messageKey: CLIENT_MESSAGE_KEYS.networkFailed, cause: error });
      applyEffects(apiError, requestOptions.background === true, call.path);
      throw apiError;
    }
  }

  return { request, newIdempotencyKey };
}
