/**
 * The users entry creates and finds: guests (a new user per login; a name is not an
 * identity), phone and email accounts (one user per number or address), and accounts of
 * outside providers (one user per provider account). A name the viewer chose counts as
 * changed (users.name_changed = 1, which the mic and lottery gates read); a name the server
 * made up does not.
 */
import { sql } from 'kysely';
import { lockKey, type StoreQueries } from '../store/sqlStore.js';
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

const USER_COLUMNS = sql.raw('id, name, name_changed, role, phone, email, head_img_url, vip');

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

export async function findUser(q: StoreQueries, id: string): Promise<UserRecord | null> {
  const row = (await sql<UserRow>`SELECT ${USER_COLUMNS} FROM users WHERE id = ${id}`.execute(q)).rows[0];
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

export async function createUser(q: StoreQueries, now: number, user: NewUser): Promise<UserRecord> {
  const id = user.id ?? `u${randomToken(15)}`;
  const name = user.chosenName ?? user.fallbackName ?? generatedGuestName();
  await sql`INSERT INTO users (id, name, name_changed, role, phone, email, head_img_url, vip, created_at)
    VALUES (${id}, ${name}, ${user.chosenName === undefined ? 0 : 1}, ${user.role ?? ROLE.guest}, ${user.phone ?? null}, ${user.email ?? null},
      ${user.headImgUrl ?? null}, ${user.vip ? 1 : 0}, ${now})`.execute(q);
  return (await findUser(q, id))!;
}

/** Sets a name the viewer chose. */
export async function renameUser(q: StoreQueries, userId: string, name: string): Promise<void> {
  await sql`UPDATE users SET name = ${name}, name_changed = 1 WHERE id = ${userId}`.execute(q);
}

export async function findUserByPhone(q: StoreQueries, phone: string): Promise<UserRecord | null> {
  const row = (await sql<UserRow>`SELECT ${USER_COLUMNS} FROM users WHERE phone = ${phone} ORDER BY created_at, id LIMIT 1`.execute(q)).rows[0];
  return row ? toUser(row) : null;
}

/** An address is one account whatever its letters' case. */
export async function findUserByEmail(q: StoreQueries, email: string): Promise<UserRecord | null> {
  const row = (await sql<UserRow>`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower(${email}) ORDER BY created_at, id LIMIT 1`.execute(q))
    .rows[0];
  return row ? toUser(row) : null;
}

/**
 * Finds or makes the one user of a key (a phone, an address, an outside account) in a
 * transaction that holds the key: two first logins at once, on two nodes, make one user.
 * `q`: the store, or a transaction of the caller's to join.
 */
async function oneUserOf(
  q: StoreQueries,
  key: string,
  find: (tx: StoreQueries) => Promise<UserRecord | null>,
  make: (tx: StoreQueries) => Promise<UserRecord>,
): Promise<UserRecord> {
  const run = async (tx: StoreQueries) => {
    await lockKey(tx, key);
    return (await find(tx)) ?? make(tx);
  };
  // Inside a caller's transaction (a login, a sign-up) the key is held until it ends.
  return q.isTransaction ? run(q) : q.transaction().execute(run);
}

/** The user of a phone number, created on first use with a name from its last digits. */
export function userOfPhone(q: StoreQueries, now: number, phone: string): Promise<UserRecord> {
  return oneUserOf(
    q,
    `user:phone:${phone}`,
    (tx) => findUserByPhone(tx, phone),
    (tx) => createUser(tx, now, { phone, fallbackName: `用户${phone.slice(-4)}` }),
  );
}

export function userOfEmail(q: StoreQueries, now: number, email: string): Promise<UserRecord> {
  const local = email.split('@')[0] ?? '';
  const fallback = /^[A-Za-z0-9_]{1,20}$/.test(local) ? local : generatedGuestName();
  return oneUserOf(
    q,
    `user:email:${email.toLowerCase()}`,
    (tx) => findUserByEmail(tx, email),
    (tx) => createUser(tx, now, { email, fallbackName: fallback }),
  );
}

/** The local user of an outside provider's account, created on first login. */
export function userOfIdentity(
  q: StoreQueries,
  now: number,
  provider: string,
  accountId: string,
  profile: { readonly name: string; readonly headImgUrl?: string },
): Promise<UserRecord> {
  return oneUserOf(
    q,
    `user:identity:${provider}:${accountId}`,
    async (tx) => {
      const link = (await sql<{ user_id: string }>`SELECT user_id FROM user_identities WHERE provider = ${provider} AND account_id = ${accountId}`.execute(tx))
        .rows[0];
      return link ? await findUser(tx, link.user_id) : null;
    },
    async (tx) => {
      const user = await createUser(tx, now, { fallbackName: profile.name, ...(profile.headImgUrl ? { headImgUrl: profile.headImgUrl } : {}) });
      await sql`INSERT INTO user_identities (provider, account_id, user_id) VALUES (${provider}, ${accountId}, ${user.id})
        ON CONFLICT (provider, account_id) DO UPDATE SET user_id = excluded.user_id`.execute(tx);
      return user;
    },
  );
}
