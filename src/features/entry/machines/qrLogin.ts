/**
 * The social-messaging QR scan login as a state machine: a QR code is issued
 * (follow/qrcode), the page polls follow/result until the viewer scanned and confirmed on
 * the phone, then logs in with type qrScan and the confirmed code. A code lives 2 minutes;
 * after that, or when the server says 4302 (QR code invalid), a new one is offered.
 *
 *   state      | ISSUED  | POLLED waiting | POLLED scanned | CONFIRMED  | INVALID | TICK past expiry | LOGIN_FAILED | ERROR  | RENEW
 *   -----------+---------+----------------+----------------+------------+---------+------------------+--------------+--------+--------
 *   loading    | waiting |                |                |            |         |                  |              | failed |
 *   waiting    |         | waiting        | scanned        | loggingIn  | invalid | expired          |              | failed |
 *   scanned    |         | scanned        | scanned        | loggingIn  | invalid | expired          |              | failed |
 *   loggingIn  |         |                |                |            | invalid |                  | failed       |        |
 *   expired    |         |                |                |            |         |                  |              |        | loading
 *   invalid    |         |                |                |            |         |                  |              |        | loading
 *   failed     |         |                |                |            |         |                  |              |        | loading
 */

export interface QrTicket {
  readonly ticket: string;
  readonly scanUrl: string;
  /** Epoch ms after which the code is no longer accepted. */
  readonly expiresAt: number;
}

export type QrState =
  | { readonly kind: 'loading' }
  | ({ readonly kind: 'waiting' } & QrTicket)
  | ({ readonly kind: 'scanned' } & QrTicket)
  | { readonly kind: 'loggingIn'; readonly code: string }
  | { readonly kind: 'expired' }
  | { readonly kind: 'invalid' }
  /** `message`: the text to show (already translated). */
  | { readonly kind: 'failed'; readonly message: string };

export type QrEvent =
  | ({ readonly type: 'ISSUED' } & QrTicket)
  | { readonly type: 'POLLED'; readonly state: 'waiting' | 'scanned' }
  | { readonly type: 'CONFIRMED'; readonly code: string }
  | { readonly type: 'INVALID' }
  | { readonly type: 'TICK'; readonly now: number }
  | { readonly type: 'LOGIN_FAILED'; readonly message: string }
  | { readonly type: 'ERROR'; readonly message: string }
  | { readonly type: 'RENEW' };

export const initialQr: QrState = { kind: 'loading' };

type Handler = (state: QrState, event: QrEvent) => QrState;
const ticketOf = (s: QrState): QrTicket | null =>
  s.kind === 'waiting' || s.kind === 'scanned' ? { ticket: s.ticket, scanUrl: s.scanUrl, expiresAt: s.expiresAt } : null;

const polled: Handler = (s, e) => {
  const t = ticketOf(s);
  if (t === null || e.type !== 'POLLED') return s;
  // Once scanned, a late "waiting" answer does not undo it.
  return { kind: s.kind === 'scanned' || e.state === 'scanned' ? 'scanned' : 'waiting', ...t };
};
const confirmed: Handler = (_s, e) => (e.type === 'CONFIRMED' ? { kind: 'loggingIn', code: e.code } : _s);
const invalid: Handler = () => ({ kind: 'invalid' });
const tick: Handler = (s, e) => {
  const t = ticketOf(s);
  return t !== null && e.type === 'TICK' && e.now >= t.expiresAt ? { kind: 'expired' } : s;
};
const failed: Handler = (s, e) => (e.type === 'ERROR' || e.type === 'LOGIN_FAILED' ? { kind: 'failed', message: e.message } : s);
const renew: Handler = () => ({ kind: 'loading' });

export const QR_TABLE: Readonly<Record<QrState['kind'], Partial<Record<QrEvent['type'], Handler>>>> = {
  loading: {
    ISSUED: (_s, e) => (e.type === 'ISSUED' ? { kind: 'waiting', ticket: e.ticket, scanUrl: e.scanUrl, expiresAt: e.expiresAt } : _s),
    ERROR: failed,
  },
  waiting: { POLLED: polled, CONFIRMED: confirmed, INVALID: invalid, TICK: tick, ERROR: failed },
  scanned: { POLLED: polled, CONFIRMED: confirmed, INVALID: invalid, TICK: tick, ERROR: failed },
  loggingIn: { INVALID: invalid, LOGIN_FAILED: failed },
  expired: { RENEW: renew },
  invalid: { RENEW: renew },
  failed: { RENEW: renew },
};

export function qrReducer(state: QrState, event: QrEvent): QrState {
  const handler = QR_TABLE[state.kind][event.type];
  return handler === undefined ? state : handler(state, event);
}

/** Reads follow/qrcode's answer; null when it lacks the ticket, the address or the expiry. */
export function readQrTicket(data: unknown): QrTicket | null {
  if (typeof data !== 'object' || data === null) return null;
  const { ticket, scanUrl, expiresAt } = data as Record<string, unknown>;
  if (typeof ticket !== 'string' || ticket === '' || typeof scanUrl !== 'string' || typeof expiresAt !== 'number') return null;
  if (!/^https?:\/\//i.test(scanUrl)) return null;
  return { ticket, scanUrl, expiresAt };
}

/** Reads follow/result's answer as the event it means; null for an answer of another shape. */
export function qrResultEvent(data: unknown): QrEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { state, code } = data as Record<string, unknown>;
  if (state === 'waiting' || state === 'scanned') return { type: 'POLLED', state };
  if (state === 'confirmed' && typeof code === 'string' && code !== '') return { type: 'CONFIRMED', code };
  return null;
}
