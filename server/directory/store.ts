/**
 * The login and directory service's data: accounts, bindings and the org directory
 * (departments, their members, fixed groups and their members), with change versions so a
 * client fetches only what changed since the copy it holds.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SqlStore, StoreQueries, StoreTransaction } from '../store/sqlStore.js';
import { DIRECTORY_OBJECTS, type DirectoryObject } from '../../src/protocol/services/directory';

/** The objects the client asks for (src/protocol/services/directory.ts), one table each. */
export const DIRECTORY_OBJECT_NAMES = DIRECTORY_OBJECTS;
export type DirectoryObjectName = DirectoryObject;

export interface DirectoryAccount {
  readonly id: string;
  readonly name: string;
  readonly passwordHash: string | null;
  readonly email: string;
  readonly tel: string;
  readonly phone: string;
  readonly fax: string;
}

export interface ContactInfo {
  readonly email: string;
  readonly tel: string;
  readonly phone: string;
  readonly fax: string;
}

/**
 * What a client holds: the rows sent are those with a newer version than `version` and
 * changed at or after `updatetime` (ms), so a copy taken in the same millisecond as a later
 * change still gets it, and a row the client already has is never sent again.
 */
export interface ChangesSince {
  readonly version: number;
  readonly updatetime: number;
}

interface AccountRow {
  id: string;
  name: string;
  password_hash: string | null;
  email: string;
  tel: string;
  phone: string;
  fax: string;
}

const toAccount = (r: AccountRow): DirectoryAccount => ({
  id: r.id,
  name: r.name,
  passwordHash: r.password_hash,
  email: r.email,
  tel: r.tel,
  phone: r.phone,
  fax: r.fax,
});

/** Per object: the SELECT of its wire fields, filtered by change. */
const CHANGES_SQL: Readonly<Record<DirectoryObjectName, (since: ChangesSince) => RawBuilder<Record<string, unknown>>>> = {
  department: ({ version, updatetime }) => sql`SELECT id, name, parent_id AS "parentId", sort, version, updated_at AS updatetime, deleted
    FROM directory_departments WHERE version > ${version} AND updated_at >= ${updatetime} ORDER BY sort, id`,
  department_user: ({ version, updatetime }) => sql`SELECT department_id AS "departmentId", user_id AS "userId", title, sort, version, updated_at AS updatetime, deleted
    FROM directory_department_users WHERE version > ${version} AND updated_at >= ${updatetime} ORDER BY department_id, sort, user_id`,
  // What the contacts screen shows of a person: the name. The contact details registered
  // with an account (email, phones, fax) stay in the store and are handed to nobody.
  user: ({ version, updatetime }) => sql`SELECT id, name, version, updated_at AS updatetime, deleted
    FROM directory_users WHERE version > ${version} AND updated_at >= ${updatetime} ORDER BY id`,
  fixedgroups: ({ version, updatetime }) => sql`SELECT id, name, version, updated_at AS updatetime, deleted
    FROM directory_fixedgroups WHERE version > ${version} AND updated_at >= ${updatetime} ORDER BY id`,
  fixedgroups_user: ({ version, updatetime }) => sql`SELECT group_id AS "groupId", user_id AS "userId", version, updated_at AS updatetime, deleted
    FROM directory_fixedgroup_users WHERE version > ${version} AND updated_at >= ${updatetime} ORDER BY group_id, user_id`,
};

export interface OrgDepartment {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly users: readonly { readonly id: string; readonly name: string; readonly title: string }[];
}

/**
 * On either engine (issue 40). Every write takes the next version from directory_seq in the
 * same transaction as the row it versions: the seq row stays locked until that commit, so
 * versions commit in order and a client that read version n never later meets a row
 * below n. A writer joins the transaction it is given (the seed's), or makes its own.
 */
export class DirectoryStore {
  constructor(
    private readonly store: SqlStore,
    private readonly now: () => number,
  ) {}

  /** The newest change version of the whole directory (0: nothing yet). */
  async currentVersion(): Promise<number> {
    return (await sql<{ version: number }>`SELECT version FROM directory_seq WHERE id = 1`.execute(this.store.db)).rows[0]!.version;
  }

  private async nextVersion(tx: StoreTransaction): Promise<number> {
    return (await sql<{ version: number }>`UPDATE directory_seq SET version = version + 1 WHERE id = 1 RETURNING version`.execute(tx)).rows[0]!.version;
  }

  /** Runs `write` in `tx`, or in a transaction of its own. */
  private write<T>(tx: StoreTransaction | undefined, write: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    return tx !== undefined ? write(tx) : this.store.db.transaction().execute(write);
  }

  /** Writes in one transaction (the seed's). */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    return this.store.db.transaction().execute(work);
  }

  async accountById(id: string, q: StoreQueries = this.store.db): Promise<DirectoryAccount | null> {
    const row = (await sql<AccountRow>`SELECT * FROM directory_users WHERE id = ${id} AND deleted = 0`.execute(q)).rows[0];
    return row ? toAccount(row) : null;
  }

  async accountByName(name: string): Promise<DirectoryAccount | null> {
    const row = (await sql<AccountRow>`SELECT * FROM directory_users WHERE name = ${name} AND deleted = 0`.execute(this.store.db)).rows[0];
    return row ? toAccount(row) : null;
  }

  /** True when a live-service user (not a directory account) already has this id. */
  async userIdTaken(id: string, q: StoreQueries = this.store.db): Promise<boolean> {
    return (await sql`SELECT 1 FROM users WHERE id = ${id}`.execute(q)).rows.length > 0;
  }

  /** Creates the account and its users row in one transaction (passwordHash from passwords.ts). */
  async register(id: string, name: string, info: ContactInfo, passwordHash: string | null, tx?: StoreTransaction): Promise<DirectoryAccount> {
    const now = this.now();
    return this.write(tx, async (t) => {
      await sql`INSERT INTO users (id, name, created_at) VALUES (${id}, ${name}, ${now})`.execute(t);
      const version = await this.nextVersion(t);
      await sql`INSERT INTO directory_users (id, name, password_hash, email, tel, phone, fax, version, updated_at)
        VALUES (${id}, ${name}, ${passwordHash}, ${info.email}, ${info.tel}, ${info.phone}, ${info.fax}, ${version}, ${now})`.execute(t);
      const account = await this.accountById(id, t);
      if (!account) throw new Error(`account ${id} vanished after insert`);
      return account;
    });
  }

  /** The account an outside id is bound to, if any. */
  async boundAccount(bindId: string): Promise<string | null> {
    const row = (await sql<{ user_id: string }>`SELECT user_id FROM directory_bindings WHERE bind_id = ${bindId}`.execute(this.store.db)).rows[0];
    return row?.user_id ?? null;
  }

  async bind(bindId: string, userId: string): Promise<void> {
    await sql`INSERT INTO directory_bindings (bind_id, user_id, created_at) VALUES (${bindId}, ${userId}, ${this.now()}) ON CONFLICT DO NOTHING`.execute(this.store.db);
  }

  async changes(obj: DirectoryObjectName, since: ChangesSince): Promise<Record<string, unknown>[]> {
    return (await CHANGES_SQL[obj](since).execute(this.store.db)).rows;
  }

  /** The org contacts as one tree-ready list: live departments with their live members. */
  async orgContacts(): Promise<OrgDepartment[]> {
    const departments = (
      await sql<{ id: string; name: string; parentId: string | null }>`SELECT id, name, parent_id AS "parentId" FROM directory_departments WHERE deleted = 0 ORDER BY sort, id`.execute(this.store.db)
    ).rows;
    const members = (
      await sql<{ departmentId: string; id: string; name: string; title: string }>`
        SELECT du.department_id AS "departmentId", u.id, u.name, du.title
        FROM directory_department_users du JOIN directory_users u ON u.id = du.user_id
        WHERE du.deleted = 0 AND u.deleted = 0 ORDER BY du.department_id, du.sort, u.id`.execute(this.store.db)
    ).rows;
    const byDepartment = new Map<string, { id: string; name: string; title: string }[]>();
    for (const m of members) {
      const list = byDepartment.get(m.departmentId) ?? [];
      list.push({ id: m.id, name: m.name, title: m.title });
      byDepartment.set(m.departmentId, list);
    }
    return departments.map((d) => ({ ...d, users: byDepartment.get(d.id) ?? [] }));
  }

  // Writers used by the seed (and by anything that edits the org directory later). Each
  // write takes a fresh version, so clients holding an older copy see the row as changed.

  upsertDepartment(id: string, name: string, parentId: string | null, sort: number, tx?: StoreTransaction): Promise<void> {
    return this.write(tx, async (t) => {
      const version = await this.nextVersion(t);
      await sql`INSERT INTO directory_departments (id, name, parent_id, sort, version, updated_at) VALUES (${id}, ${name}, ${parentId}, ${sort}, ${version}, ${this.now()})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, parent_id = excluded.parent_id, sort = excluded.sort,
          version = excluded.version, updated_at = excluded.updated_at, deleted = 0`.execute(t);
    });
  }

  upsertDepartmentUser(departmentId: string, userId: string, title: string, sort: number, tx?: StoreTransaction): Promise<void> {
    return this.write(tx, async (t) => {
      const version = await this.nextVersion(t);
      await sql`INSERT INTO directory_department_users (department_id, user_id, title, sort, version, updated_at) VALUES (${departmentId}, ${userId}, ${title}, ${sort}, ${version}, ${this.now()})
        ON CONFLICT (department_id, user_id) DO UPDATE SET title = excluded.title, sort = excluded.sort,
          version = excluded.version, updated_at = excluded.updated_at, deleted = 0`.execute(t);
    });
  }

  upsertFixedGroup(id: string, name: string, tx?: StoreTransaction): Promise<void> {
    return this.write(tx, async (t) => {
      const version = await this.nextVersion(t);
      await sql`INSERT INTO directory_fixedgroups (id, name, version, updated_at) VALUES (${id}, ${name}, ${version}, ${this.now()})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version, updated_at = excluded.updated_at, deleted = 0`.execute(t);
    });
  }

  upsertFixedGroupUser(groupId: string, userId: string, tx?: StoreTransaction): Promise<void> {
    return this.write(tx, async (t) => {
      const version = await this.nextVersion(t);
      await sql`INSERT INTO directory_fixedgroup_users (group_id, user_id, version, updated_at) VALUES (${groupId}, ${userId}, ${version}, ${this.now()})
        ON CONFLICT (group_id, user_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at, deleted = 0`.execute(t);
    });
  }

  /** Marks a department member removed (the row stays, so clients learn of the removal). */
  removeDepartmentUser(departmentId: string, userId: string, tx?: StoreTransaction): Promise<void> {
    return this.write(tx, async (t) => {
      const version = await this.nextVersion(t);
      await sql`UPDATE directory_department_users SET deleted = 1, version = ${version}, updated_at = ${this.now()} WHERE department_id = ${departmentId} AND user_id = ${userId}`.execute(t);
    });
  }
}
