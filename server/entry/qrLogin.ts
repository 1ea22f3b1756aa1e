/**
 * QR scan login (social messaging app). The login page asks for a ticket and shows its
 * scan URL as a QR code; a phone opening that URL (the simulated phone page /sim/qr/scan)
 * marks it scanned, its confirm button confirms it as one account; the page polls the
 * result and, once confirmed, logs in with live_login type 'qrScan' and the one-time code
 * the result gave. A ticket lives 2 minutes (then the result is 4302 "QR code invalid");
 * the login code lives 2 minutes from the confirmation and works once.
 */
import { sql } from 'kysely';
import { changedRows, type SqlStore, type StoreQueries } from '../store/sqlStore.js';
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

const TICKET_COLUMNS = sql.raw('ticket, webcast_id, state, account_id, login_code, expires_at');

export class QrLogins {
  constructor(
    private readonly store: SqlStore,
    private readonly now: () => number,
  ) {}

  async create(webcastId: string): Promise<{ readonly ticket: string; readonly expiresAt: number }> {
    const now = this.now();
    const ticket = randomToken();
    await sql`DELETE FROM qr_tickets WHERE expires_at < ${now - QR_TICKET_TTL_MS} AND state != 'used'`.execute(this.store.db);
    await sql`INSERT INTO qr_tickets (ticket, webcast_id, state, created_at, expires_at)
      VALUES (${ticket}, ${webcastId}, 'waiting', ${now}, ${now + QR_TICKET_TTL_MS})`.execute(this.store.db);
    return { ticket, expiresAt: now + QR_TICKET_TTL_MS };
  }

  /** A live (unexpired, unused) ticket, else 4302. */
  async live(ticket: string): Promise<QrTicket> {
    const row = (await sql<TicketRow>`SELECT ${TICKET_COLUMNS} FROM qr_tickets WHERE ticket = ${ticket}`.execute(this.store.db)).rows[0];
    if (!row || row.state === 'used' || row.expires_at <= this.now()) throw new BizError(4302);
    return toTicket(row);
  }

  private async move(
    q: StoreQueries,
    ticket: QrTicket,
    event: QrEvent,
    extra: { accountId?: string; loginCode?: string; expiresAt?: number } = {},
  ): Promise<void> {
    const next = nextQrState(ticket.state, event);
    if (next === null) throw new BizError(4302);
    const moved = await sql`UPDATE qr_tickets SET state = ${next}, account_id = COALESCE(${extra.accountId ?? null}, account_id),
        login_code = COALESCE(${extra.loginCode ?? null}, login_code), expires_at = COALESCE(${extra.expiresAt ?? null}, expires_at),
        used_at = ${next === 'used' ? this.now() : null}
      WHERE ticket = ${ticket.ticket} AND state = ${ticket.state}`.execute(q);
    // Another request moved it first (two confirms, two logins): only one wins.
    if (changedRows(moved) !== 1) throw new BizError(4302);
  }

  async scan(ticket: string): Promise<void> {
    await this.move(this.store.db, await this.live(ticket), 'scan');
  }

  /** Confirms as an account; answers the one-time login code. */
  async confirm(ticket: string, accountId: string): Promise<string> {
    const loginCode = randomToken();
    await this.move(this.store.db, await this.live(ticket), 'confirm', { accountId, loginCode, expiresAt: this.now() + QR_TICKET_TTL_MS });
    return loginCode;
  }

  /** What the login page polls: the state, and the login code once confirmed. */
  async result(webcastId: string, ticket: string): Promise<{ readonly state: QrState; readonly code?: string }> {
    const found = await this.live(ticket);
    if (found.webcastId !== webcastId) throw new BizError(4302);
    return found.state === 'confirmed' && found.loginCode ? { state: found.state, code: found.loginCode } : { state: found.state };
  }

  /** The confirmed ticket behind a login code of this room, else 4302. */
  async ofLoginCode(webcastId: string, code: string): Promise<QrTicket> {
    const row = (await sql<TicketRow>`SELECT ${TICKET_COLUMNS} FROM qr_tickets WHERE login_code = ${code}`.execute(this.store.db)).rows[0];
    if (!row || row.webcast_id !== webcastId || row.state !== 'confirmed' || row.expires_at <= this.now() || !row.account_id) {
      throw new BizError(4302);
    }
    return toTicket(row);
  }

  /** Spends the login code (inside the login transaction `q`). */
  use(q: StoreQueries, ticket: QrTicket): Promise<void> {
    return this.move(q, ticket, 'login');
  }
}
