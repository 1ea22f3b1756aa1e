/**
 * The PROTOCOL 1.1 envelope and the one way handlers refuse input: throw BizError with a
 * business code of PROTOCOL section 3 and a clear msg. The app's error handler turns it
 * into HTTP 200 + envelope; nothing a client sends can produce a 500.
 */

export interface Envelope<T = unknown> {
  readonly code: number;
  readonly msg: string;
  readonly data: T;
}

/**
 * A promise is never an answer: the store is asynchronous now (issue 40), and a read that
 * was not awaited would be answered as `{}`. The type refuses it where it is written.
 */
export type NotAPromise<T> = T extends PromiseLike<unknown> ? never : T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: T[K] extends PromiseLike<unknown> ? never : T[K] } : T;

export const okEnvelope = <T>(data: NotAPromise<T>): Envelope<T> => ({ code: 200, msg: 'ok', data });

/** The en_us messages of PROTOCOL section 3, used as `msg` when a handler gives none. */
/** The answer (HTTP 503, status 503 on the socket) of a call that needs the store while it is away. */
export const STORE_UNAVAILABLE = 'the service is unavailable, try again shortly';

export const BUSINESS_MESSAGES: Readonly<Record<number, string>> = {
  402: 'login information expired, please log in again',
  4001: 'address invalid, try again later',
  4002: 'live address invalid or expired',
  4003: 'you have been removed from the room',
  4004: 'the live has ended',
  4005: 'your account logged in on another device',
  4006: 'the room has been deleted',
  4007: 'the room is full, try later',
  4008: 'replay concurrency is full',
  4009: 'you are not allowed to enter',
  4010: 'not yet a VIP customer, viewing not supported',
  4011: 'registration is under review',
  4012: 'registration approval failed',
  4013: 'you have logged out',
  4101: 'wrong verification code',
  4102: 'wrong member code',
  4103: 'wrong watch password',
  4104: 'login failed',
  4105: 'verification info wrong',
  4106: 'keyword error',
  4107: 'the privacy agreement must be accepted',
  4201: 'the group is full',
  4202: 'insufficient withdrawal balance',
  4203: 'requested too fast, please wait',
  4204: 'withdrawal needs a real-name verified account',
  4301: 'link expired or invalid',
  4302: 'QR code invalid',
  4401: 'chat is disabled',
  4402: 'you are muted',
  4403: 'your message is under review',
  4404: 'picture sending is disabled',
  4405: 'rewards are disabled',
  4406: 'products are disabled by the platform',
  4407: 'the subscription service is closed',
  4408: 'already subscribed',
  4409: 'saving your own record is turned off in this room',
  4501: 'invalid input',
};

export class BizError extends Error {
  override readonly name = 'BizError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, msg?: string, data: unknown = null) {
    super(msg ?? BUSINESS_MESSAGES[code] ?? `error ${code}`);
    this.code = code;
    this.data = data;
  }
  toEnvelope(): Envelope {
    return { code: this.code, msg: this.message, data: this.data };
  }
}

/** Code 4501 with a msg that names the field and says why (PROTOCOL 1.2). */
export const invalid = (field: string, why: string): BizError => new BizError(4501, `${field}: ${why}`);
