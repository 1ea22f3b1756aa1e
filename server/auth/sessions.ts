/**
 * Login sessions: the token a client sends as the `token` header on every call, and the sid
 * it logs in to the socket with. Tokens expire after TOKEN_TTL of disuse (-> code 402); a
 * session ended by a newer login of the same account (-> push 9004) or a kick stays ended.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../store/db.js';
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
  private readonly byToken;
  private readonly bySid;
  private readonly insert;
  private readonly touchStmt;
  private readonly endStmt;
  private readonly activeForUser;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {
    this.byToken = db.prepare('SELECT * FROM sessions WHERE token = ?');
    this.bySid = db.prepare('SELECT * FROM sessions WHERE sid = ?');
    this.insert = db.prepare(
      'INSERT INTO sessions (token, sid, user_id, webcast_id, role, enter_type, created_at, last_used_at, expires_at, device_id, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.touchStmt = db.prepare('UPDATE sessions SET last_used_at = ?, expires_at = ? WHERE token = ?');
    this.endStmt = db.prepare('UPDATE sessions SET ended = 1 WHERE token = ?');
    this.activeForUser = db.prepare('SELECT * FROM sessions WHERE user_id = ? AND ended = 0 AND expires_at > ?');
  }

  /** `origin`: where the login came from, remembered for kicks (server/chat/kicks.ts). */
  create(userId: string, webcastId: string, role: number, enterType: string, origin: LoginOrigin = UNKNOWN_ORIGIN): Session {
    const now = this.now();
    const token = randomToken();
    const sid = randomToken();
    this.insert.run(token, sid, userId, webcastId, role, enterType, now, now, now + this.ttlMs, origin.deviceId, origin.address);
    return { token, sid, userId, webcastId, role, enterType, expiresAt: now + this.ttlMs, ended: false };
  }

  /** A usable session for this token, renewed; null when unknown, expired or ended. */
  use(token: string): Session | null {
    const row = this.byToken.get(token) as SessionRow | undefined;
    if (!row || row.ended === 1 || row.expires_at <= this.now()) return null;
    const now = this.now();
    this.touchStmt.run(now, now + this.ttlMs, token);
    return toSession({ ...row, expires_at: now + this.ttlMs });
  }

  /** For the socket login: the session behind a sid, if still usable. */
  useSid(sid: string): Session | null {
    const row = this.bySid.get(sid) as SessionRow | undefined;
    return row ? this.use(row.token) : null;
  }

  /** Other live sessions of the same user (a new login ends them: 9004 on their sockets). */
  othersOf(userId: string, exceptToken: string): Session[] {
    return (this.activeForUser.all(userId, this.now()) as SessionRow[]).filter((r) => r.token !== exceptToken).map(toSession);
  }

  end(token: string): void {
    this.endStmt.run(token);
  }
}

/** The `token` header of a request, or null. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token ? token : null;
}

/** The usable session a request carries (`token` header), or null. */
export function sessionOf(sessions: Sessions, request: FastifyRequest): Session | null {
  const token = tokenOf(request);
  return token !== null ? sessions.use(token) : null;
}

/** The session a request carries (`token` header), or code 402. */
export function requireSession(sessions: Sessions, request: FastifyRequest): Session {
  const session = sessionOf(sessions, request);
  if (!session) throw new BizError(402);
  return session;
}

/** The request's session for `webcastId`: 402 without one, 4009 when it is another room's (its gate was not passed). */
export function requireRoomSession(sessions: Sessions, request: FastifyRequest, webcastId: string): Session {
  const session = requireSession(sessions, request);
  if (session.webcastId !== webcastId) throw new BizError(4009, 'you are not allowed to enter: this login is for another room');
  return session;
}
