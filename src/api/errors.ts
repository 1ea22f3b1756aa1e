import { CLIENT_MESSAGE_KEYS, INVALID_INPUT_CODE, messageKeyForCode } from '../domain/errorCatalogue';

/**
 * How a call failed:
 * - http: a non-2xx status (the app goes to /error/{status});
 * - business: HTTP 2xx with an envelope code other than 200;
 * - timeout: no complete answer within the client's timeout;
 * - network: fetch itself rejected (offline, DNS, CORS, connection reset);
 * - malformed: the body was not JSON, not the PROTOCOL 1.1 envelope, or data the call
 *   decodes was not the expected shape;
 * - aborted: the caller cancelled through its AbortSignal;
 * - invalid: the client refused to send (a path placeholder without a value, a body that
 *   cannot be serialised, no random source). A programming error, but still an ApiError so
 *   nothing escapes as an uncaught exception.
 */
export type ApiErrorKind = 'http' | 'business' | 'timeout' | 'network' | 'malformed' | 'aborted' | 'invalid';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  /** i18n key of the message to show. */
  readonly messageKey: string;
  /** Values for the message's placeholders. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** Envelope code, for business failures. */
  readonly code?: number;
  /** The envelope's msg, kept for business failures (shown for unknown codes and 4501). */
  readonly serverMsg?: string;
  /** The envelope's data of a business failure, unchecked (e.g. 4203 `{waitSeconds}`). */
  readonly data?: unknown;
  readonly cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly messageKey: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly status?: number;
  readonly code?: number;
  readonly serverMsg?: string;
  readonly data?: unknown;

  constructor(init: ApiErrorInit) {
    // Error.message is for logs and developers; users see messageKey translated.
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.messageKey = init.messageKey;
    this.params = init.params;
    this.status = init.status;
    this.code = init.code;
    this.serverMsg = init.serverMsg;
    this.data = init.data;
  }
}

function describe(init: ApiErrorInit): string {
  const parts: string[] = [init.kind];
  if (init.status !== undefined) parts.push(`status ${init.status}`);
  if (init.code !== undefined) parts.push(`code ${init.code}`);
  if (init.serverMsg) parts.push(init.serverMsg);
  return `${parts.join(', ')} (${init.messageKey})`;
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/**
 * The error for an envelope code other than 200. A code of the catalogue gets its own key;
 * an unknown one gets error.unknownCode, and the UI shows serverMsg instead when there is
 * one (PROTOCOL 1.1: "an unknown code shows msg").
 */
export function businessError(code: number, serverMsg: string, data?: unknown): ApiError {
  const known = messageKeyForCode(code);
  return new ApiError({
    kind: 'business',
    code,
    serverMsg,
    data,
    messageKey: known ?? CLIENT_MESSAGE_KEYS.unknownCode,
    params: known === null ? { code } : undefined,
  });
}

/** Translate function shape of i18next's `t`, narrowed to what we need. */
export type Translate = (key: string, params?: Readonly<Record<string, string | number>>) => string;

/**
 * The text to show for a failure, in one place so every screen follows the same rules:
 * - an unknown business code shows the server's msg when it sent one (PROTOCOL 1.1);
 * - 4501 says which field and why, from the server's msg (PROTOCOL 1.2);
 * - everything else is the localized messageKey.
 */
export function apiErrorText(error: ApiError, t: Translate): string {
  const serverMsg = error.serverMsg?.trim() ?? '';
  if (error.kind === 'business' && serverMsg !== '') {
    if (error.code === INVALID_INPUT_CODE) return t('error.invalidInputField', { detail: serverMsg });
    if (error.messageKey === CLIENT_MESSAGE_KEYS.unknownCode) return serverMsg;
  }
  return t(error.messageKey, error.params);
}

/** Anything thrown turned into an ApiError (used at the client's outer edge). */
export function toApiError(value: unknown, fallback: () => ApiError): ApiError {
  return isApiError(value) ? value : fallback();
}
