/**
 * QR scan login (social messaging app). The login page asks for a ticket and shows its
 * scan URL as a QR code; a phone opening that URL (the simulated phone page /sim/qr/scan)
 * marks it scanned, its confirm button confirms it as one account; the page polls the
 * result and, once confirmed, logs in with live_login type 'qrScan' and the one-time code
 * the result gave. A ticket lives 2 minutes (then the result is 4302 "QR code invalid");
 * the login code lives 2 minutes from the confirmation and works once.
 */
import type { Db } from '../store/db.js';
import { BizError } from '../http/envelope.js';
import { randomToken } from '../auth/random.js';

export const QR_TICKET_TTL_MS = 2 * 60 * 1000;

export type QrState = 'waiting' | 'scanned' | 'confirmed' | 'used';
export type QrEvent = 'scan' | 'confirm' | 'login';

/** The ticket's state machine: what each event does in each state (absent: refused). */
const TRANSITIONS: Readonly<Record<QrState, Partial<Record<QrEvent, QrState>>>> = {
  waiting: { scan: 'scanned' },
  // A second scan (the page reloaded) changes nothing.
  scanned: { scan: 'scanned', confirm: 'confirmed' },
  confirmed: { login: 'used' },
  used: {},
};

export const nextQrState = (state: QrState, event: QrEvent): QrState | null => TRANSITIONS[state][event] ?? null;

interface TicketRow {
  ticket: string;
  webcast_id: string;
  state: QrState;
  account_id: string | null;
  login_code: string | null;
  expires_at: number;
}

export interface QrTicket {
  readonly ticket: string;
  readonly webcastId: string;
  readonly state: QrState;
  readonly accountId: string | null;
  readonly loginCode: string | null;
}

const toTicket = (r: TicketRow): QrTicket => ({
  ticket: r.ticket,
  webcastId: r.webcast_id,
  state: r.state,
  accountId: r.account_id,
  loginCode: r.login_code,
});

export class QrLogins {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  create(webcastId: string): { readonly ticket: string; readonly expiresAt: number } {
    const now = this.now();
    const ticket = randomToken();
    this.db.prepare("DELETE FROM qr_tickets WHERE expires_at < ? AND state != 'used'").run(now - QR_TICKET_TTL_MS);
    this.db
      .prepare("INSERT INTO qr_tickets (ticket, webcast_id, state, created_at, expires_at) VALUES (?, ?, 'waiting', ?, ?)")
      .run(ticket, webcastId, now, now + QR_TICKET_TTL_MS);
    return { ticket, expiresAt: now + QR_TICKET_TTL_MS };
  }

  /** A live (unexpired, unused) ticket, else 4302. */
  live(ticket: string): QrTicket {
    const row = this.db.prepare('SELECT * FROM qr_tickets WHERE ticket = ?').get(ticket) as TicketRow | undefined;
    if (!row || row.state === 'used' || row.expires_at <= this.now()) throw new BizError(4302);
    return toTicket(row);
  }

  private move(ticket: QrTicket, event: QrEvent, extra: { accountId?: string; loginCode?: string; expiresAt?: number } = {}): void {
    const next = nextQrState(ticket.state, event);
    if (next === null) throw new BizError(4302);
    const changed = this.db
      .prepare(
        `UPDATE qr_tickets SET state = ?, account_id = COALESCE(?, account_id), login_code = COALESCE(?, login_code),
           expires_at = COALESCE(?, expires_at), used_at = CASE WHEN ? = 'used' THEN ? ELSE used_at END
         WHERE ticket = ? AND state = ?`,
      )
      .run(next, extra.accountId ?? null, extra.loginCode ?? null, extra.expiresAt ?? null, next, this.now(), ticket.ticket, ticket.state).changes;
    // Another request moved it first (two confirms, two logins): only one wins.
    if (changed !== 1) throw new BizError(4302);
  }

  scan(ticket: string): void {
    this.move(this.live(ticket), 'scan');
  }

  /** Confirms as an account; answers the one-time login code. */
  confirm(ticket: string, accountId: string): string {
    const loginCode = randomToken();
    this.move(this.live(ticket), 'confirm', { accountId, loginCode, expiresAt: this.now() + QR_TICKET_TTL_MS });
    return loginCode;
  }

  /** What the login page polls: the state, and the login code once confirmed. */
  result(webcastId: string, ticket: string): { readonly state: QrState; readonly code?: string } {
    const found = this.live(ticket);
    if (found.webcastId !== webcastId) throw new BizError(4302);
    return found.state === 'confirmed' && found.loginCode ? { state: found.state, code: found.loginCode } : { state: found.state };
  }

  /** The confirmed ticket behind a login code of this room, else 4302. */
  ofLoginCode(webcastId: string, code: string): QrTicket {
    const row = this.db.prepare('SELECT * FROM qr_tickets WHERE login_code = ?').get(code) as TicketRow | undefined;
    if (!row || row.webcast_id !== webcastId || row.state !== 'confirmed' || row.expires_at <= this.now() || !row.account_id) {
      throw new BizError(4302);
    }
    return toTicket(row);
  }

  /** Spends the login code (inside the login transaction). */
  use(ticket: QrTicket): void {
    this.move(ticket, 'login');
  }
}
