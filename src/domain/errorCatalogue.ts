/**
 * The error catalogue of SPEC.md section 8 and PROTOCOL.md section 3, as i18n keys.
 *
 * Pure layer: it holds keys, never text. Every key below is written as a literal (not built
 * with a template) so a reader, a grep and the locale tests can all see which keys exist;
 * the catalogue test checks each one against all four locale files.
 */

/** Envelope code for success (PROTOCOL 1.1). */
export const SUCCESS_CODE = 200;
/** Envelope code for an expired session (PROTOCOL 1.1): clear session, go to the root. */
export const SESSION_EXPIRED_CODE = 402;
/** Envelope code for bad input; the envelope's msg says which field and why (PROTOCOL 1.2). */
export const INVALID_INPUT_CODE = 4501;

/** Business codes of PROTOCOL section 3 and the key of their localized message. */
const BUSINESS_CODE_KEYS = {
  200: 'code.200',
  402: 'code.402',
  // Entry
  4001: 'code.4001',
  4002: 'code.4002',
  4003: 'code.4003',
  4004: 'code.4004',
  4005: 'code.4005',
  4006: 'code.4006',
  4007: 'code.4007',
  4008: 'code.4008',
  4009: 'code.4009',
  4010: 'code.4010',
  4011: 'code.4011',
  4012: 'code.4012',
  4013: 'code.4013',
  // Codes and passwords
  4101: 'code.4101',
  4102: 'code.4102',
  4103: 'code.4103',
  4104: 'code.4104',
  4105: 'code.4105',
  4106: 'code.4106',
  4107: 'code.4107',
  // Limits and frequency
  4201: 'code.4201',
  4202: 'code.4202',
  4203: 'code.4203',
  4204: 'code.4204',
  // Links and content
  4301: 'code.4301',
  4302: 'code.4302',
  // Disabled features and states
  4401: 'code.4401',
  4402: 'code.4402',
  4403: 'code.4403',
  4404: 'code.4404',
  4405: 'code.4405',
  4406: 'code.4406',
  4407: 'code.4407',
  4408: 'code.4408',
  // Chosen (docs/protocol.md 3): the room does not let viewers save their own record
  4409: 'code.4409',
  // Bad input
  4501: 'code.4501',
} as const satisfies Readonly<Record<number, string>>;

/** HTTP statuses with a message of their own (SPEC 8 "Request failures"). */
const HTTP_STATUS_KEY_TABLE = {
  400: 'http.400',
  403: 'http.403',
  404: 'http.404',
  408: 'http.408',
  500: 'http.500',
  501: 'http.501',
  502: 'http.502',
  503: 'http.503',
  504: 'http.504',
  505: 'http.505',
} as const satisfies Readonly<Record<number, string>>;

/**
 * The user-facing messages of SPEC 8 that are not tied to a server code, plus the ones the
 * HTTP client needs for failures that never reach a business code.
 */
export const CLIENT_MESSAGE_KEYS = {
  /** SPEC 8 "Sessions and network": network unstable, log in again. */
  networkUnstable: 'error.networkUnstable',
  /** SPEC 8 "Sessions and network": request timed out, log in again. */
  requestTimeout: 'error.requestTimeout',
  /** The request never got a response (fetch rejected). */
  networkFailed: 'error.networkFailed',
  /** The response was not JSON or not the PROTOCOL 1.1 envelope. */
  malformedResponse: 'error.malformedResponse',
  /** A code (business or HTTP) without a message of its own; takes {code}. */
  unknownCode: 'error.unknownCode',
  /** Code 4501 with the server's explanation; takes {detail}. */
  invalidInputField: 'error.invalidInputField',
  noShareContent: 'error.noShareContent',
  loadFailed: 'error.loadFailed',
  submitFailed: 'error.submitFailed',
  imageSendFailed: 'error.imageSendFailed',
  posterFailed: 'error.posterFailed',
  noDelayUnsupported: 'error.noDelayUnsupported',
  microphoneAbnormal: 'error.microphoneAbnormal',
  exitUnsupported: 'error.exitUnsupported',
} as const;

export type BusinessCode = keyof typeof BUSINESS_CODE_KEYS;
export type HttpStatusWithMessage = keyof typeof HTTP_STATUS_KEY_TABLE;

const codesOf = <T extends object>(table: T): readonly number[] =>
  Object.freeze(
    Object.keys(table)
      .map(Number)
      .sort((a, b) => a - b),
  );

/** Every business code of PROTOCOL section 3, ascending. */
export const BUSINESS_CODES: readonly number[] = codesOf(BUSINESS_CODE_KEYS);

/** Every HTTP status of SPEC 8 with its own message, ascending. */
export const HTTP_STATUSES: readonly number[] = codesOf(HTTP_STATUS_KEY_TABLE);

/** HTTP status -> i18n key, for enumeration (tests, docs). */
export const HTTP_STATUS_KEYS: Readonly<Record<HttpStatusWithMessage, string>> = HTTP_STATUS_KEY_TABLE;

/** Business code -> i18n key, for enumeration (tests, docs). */
export const BUSINESS_CODE_MESSAGE_KEYS: Readonly<Record<BusinessCode, string>> = BUSINESS_CODE_KEYS;

const lookup = (table: Readonly<Record<number, string>>, n: number): string | null =>
  // Object.hasOwn keeps "constructor", "toString" and friends from ever matching.
  Number.isInteger(n) && Object.hasOwn(table, n) ? (table[n] ?? null) : null;

/** The i18n key for a business code, or null when the code is not in the catalogue. */
export const messageKeyForCode = (code: number): string | null => lookup(BUSINESS_CODE_KEYS, code);

/** The i18n key for an HTTP status, or null when SPEC 8 gives it no message. */
export const messageKeyForHttpStatus = (status: number): string | null => lookup(HTTP_STATUS_KEY_TABLE, status);

/** Every key this catalogue may hand out, for the locale check. */
export const ALL_CATALOGUE_KEYS: readonly string[] = Object.freeze([
  ...Object.values(BUSINESS_CODE_KEYS),
  ...Object.values(HTTP_STATUS_KEY_TABLE),
  ...Object.values(CLIENT_MESSAGE_KEYS),
]);
