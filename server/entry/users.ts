/**
 * The users entry creates and finds: guests (a new user per login; a name is not an
 * identity), phone and email accounts (one user per number or address), and accounts of
 * outside providers (one user per provider account). A name the viewer chose counts as
 * changed (users.name_changed = 1, which the mic and lottery gates read); a name the server
 * made up does not.
 */
import type { Db } from '../store/db.js';
import { randomDigits, randomToken } from '../auth/random.js';
import { ROLE } from '../../src/domain/roles';

export interface UserRecord {
  readonly id: string;
  readonly name: string;
  readonly nameChanged: boolean;
  readonly role: number;
  readonly phone: string | null;
  readonly email: string | null;
  readonly headImgUrl: string | null;
  readonly vip: boolean;
}

interface UserRow {
  id: string;
  name: string;
  name_changed: number;
  role: number;
  phone: string | null;
  email: string | null;
  head_img_url: string | null;
  vip: number;
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  name: r.name,
  nameChanged: r.name_changed === 1,
  role: r.role,
  phone: r.phone,
  email: r.email,
  headImgUrl: r.head_img_url,
  vip: r.vip === 1,
});

/** A default name of Han characters and digits, so it passes the nickname rules as it is. */
export const generatedGuestName = (): string => `游客${randomDigits(6)}`;

export function findUser(db: Db, id: string): UserRecord | null {
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  return row ? toUser(row) : null;
}

export interface NewUser {
  readonly id?: string;
  /** The name the viewer chose; absent: one is generated and name_changed stays 0. */
  readonly chosenName?: string;
  readonly fallbackName?: string;
  readonly role?: number;
  readonly phone?: string;
  readonly email?: string;
  readonly headImgUrl?: string;
  readonly vip?: boolean;
}

export function createUser(db: Db, now: number, user: NewUser): UserRecord {
  const id = user.id ?? `u${randomToken(15)}`;
  const name = user.chosenName ?? user.fallbackName ?? generatedGuestName();
  db.prepare(
    'INSERT INTO users (id, name, name_changed, role, phone, email, head_img_url, vip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    id,
    name,
    user.chosenName === undefined ? 0 : 1,
    user.role ?? ROLE.guest,
    user.phone ?? null,
    user.email ?? null,
    user.headImgUrl ?? null,
    user.vip ? 1 : 0,
    now,
  );
  return findUser(db, id) as UserRecord;
}

/** Sets a name the viewer chose. */
export function renameUser(db: Db, userId: string, name: string): void {
  db.prepare('UPDATE users SET name = ?, name_changed = 1 WHERE id = ?').run(name, userId);
}

export function findUserByPhone(db: Db, phone: string): UserRecord | null {
  const row = db.prepare('SELECT * FROM users WHERE phone = ? ORDER BY created_at LIMIT 1').get(phone) as UserRow | undefined;
  return row ? toUser(row) : null;
}

export function findUserByEmail(db: Db, email: string): UserRecord | null {
  const row = db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE ORDER BY created_at LIMIT 1').get(email) as
    | UserRow
    | undefined;
  return row ? toUser(row) : null;
}

/** The user of a phone number, created on first use with a name from its last digits. */
export function userOfPhone(db: Db, now: number, phone: string): UserRecord {
  return findUserByPhone(db, phone) ?? createUser(db, now, { phone, fallbackName: `用户${phone.slice(-4)}` });
}

export function userOfEmail(db: Db, now: number, email: string): UserRecord {
  const local = email.split('@')[0] ?? '';
  const fallback = /^[A-Za-z0-9_]{1,20}$/.test(local) ? local : generatedGuestName();
  return findUserByEmail(db, email) ?? createUser(db, now, { email, fallbackName: fallback });
}

/** The local user of an outside provider's account, created on first login. */
export function userOfIdentity(
  db: Db,
  now: number,
  provider: string,
  accountId: string,
  profile: { readonly name: string; readonly headImgUrl?: string },
): UserRecord {
  const link = db.prepare('SELECT user_id FROM user_identities WHERE provider = ? AND account_id = ?').get(provider, accountId) as
    | { user_id: string }
    | undefined;
  const existing = link ? findUser(db, link.user_id) : null;
  if (existing) return existing;
  const user = createUser(db, now, { fallbackName: profile.name, ...(profile.headImgUrl ? { headImgUrl: profile.headImgUrl } : {}) });
  db.prepare('INSERT OR REPLACE INTO user_identities (provider, account_id, user_id) VALUES (?, ?, ?)').run(provider, accountId, user.id);
  return user;
}
