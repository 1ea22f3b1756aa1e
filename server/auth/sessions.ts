/**
 * Login sessions: the token a client sends as the `token` header on every call, and the sid
 * it logs in to the socket with. Tokens expire after TOKEN_TTL of disuse (-> code 402); a
 * session ended by a newer login of the same account (-> push 9004) or a kick stays ended.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { SqlStore, StoreQueries } from '../store/sqlStore.js';
import { BizError } from '../http/envelope.js';
import { randomToken } from './random.js';
import { UNKNOWN_ORIGIN, type LoginOrigin } from './loginOrigin.js';

export interface Session {
  readonly token: string;
  readonly sid: string;
  readonly userId: string;
  readonly webcastId: string;
  readonly role: number;
  readonly enterType: string;
  readonly expiresAt: number;
  readonly ended: boolean;
}

interface SessionRow {
  token: string;
  sid: string;
  user_id: string;
  webcast_id: string;
  role: number;
  enter_type: string;
  expires_at: number;
  ended: number;
}

const SESSION_COLUMNS = sql.raw('token, sid, user_id, webcast_id, role, enter_type, expires_at, ended');

const toSession = (r: SessionRow): Session => ({
  token: r.token,
  sid: r.sid,
  userId: r.user_id,
  webcastId: r.webcast_id,
  role: r.role,
  enterType: r.enter_type,
  expiresAt: r.expires_at,
  ended: r.ended === 1,
});

export class Sessions {
  constructor(
    private readonly store: SqlStore,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** `origin`: where the login came from, remembered for kicks (server/chat/kicks.ts); `q`: the login's transaction. */
  async create(
    userId: string,
    webcastId: string,
    role: number,
    enterType: string,
    origin: LoginOrigin = UNKNOWN_ORIGIN,
    q: StoreQueries = this.store.db,
  ): Promise<Session> {
    const now = this.now();
    const token = randomToken();
    const sid = randomToken();
    await sql`INSERT INTO sessions (token, sid, user_id, webcast_id, role, enter_type, created_at, last_used_at, expires_at, device_id, address)
      VALUES (${token}, ${sid}, ${userId}, ${webcastId}, ${role}, ${enterType}, ${now}, ${now}, ${now + this.ttlMs}, ${origin.deviceId}, ${origin.address})`.execute(q);
    return { token, sid, userId, webcastId, role, enterType, expiresAt: now + this.ttlMs, ended: false };
  }

  /** A usable session for this token, renewed; null when unknown, expired or ended. */
  use(token: string): Promise<Session | null> {
    return this.usable(sql`token = ${token}`);
  }

  /** For the socket login: the session behind a sid, if still usable. */
  useSid(sid: string): Promise<Session | null> {
    return this.usable(sql`sid = ${sid}`);
  }

  /** The session `where` names, renewed, if still usable. */
  private async usable(where: RawBuilder<unknown>): Promise<Session | null> {
    const row = (await sql<SessionRow>`SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${where}`.execute(this.store.db)).rows[0];
    return row ? this.renewed(row) : null;
  }

  /** Other live sessions of the same user (a new login ends them: 9004 on their sockets). */
  async othersOf(userId: string, exceptToken: string): Promise<Session[]> {
    const rows = await sql<SessionRow>`SELECT ${SESSION_COLUMNS} FROM sessions
      WHERE user_id = ${userId} AND ended = 0 AND expires_at > ${this.now()}`.execute(this.store.db);
    return rows.rows.filter((r) => r.token !== exceptToken).map(toSession);
  }

  async end(token: string): Promise<void> {
    await sql`UPDATE sessions SET ended = 1 WHERE token = ${token}`.execute(this.store.db);
  }

  private async renewed(row: SessionRow): Promise<Session | null> {
    const now = this.now();
    if (row.ended === 1 || row.expires_at <= now) return null;
    await sql`UPDATE sessions SET last_used_at = ${now}, expires_at = ${now + this.ttlMs} WHERE token = ${row.token}`.execute(this.store.db);
    return toSession({ ...row, expires_at: now + this.ttlMs });
  }
}

/** The `token` header of a request, or null. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token ? token : null;
}

/** The usable session a request carries (`token` header), or null. */
export async function sessionOf(sessions: Sessions, request: FastifyRequest): Promise<Session | null> {
  const token = tokenOf(request);
  return token !== null ? sessions.use(token) : null;
}

/** The session a request carries (`token` header), or code 402. */
export async function requireSession(sessions: Sessions, request: FastifyRequest): Promise<Session> {
  const session = await sessionOf(sessions, request);
  if (!session) throw new BizError(402);
  return session;
}

/** The request's session for `webcastId`: 402 without one, 4009 when it is another room's (its gate was not passed). */
export async function requireRoomSession(sessions: Sessions, request: FastifyRequest, webcastId: string): Promise<Session> {
  const session = await requireSession(sessions, request);
  if (session.webcastId !== webcastId) throw new BizError(4009, 'you are not allowed to enter: this login is for another room');
  return session;
}
