/**
 * The login and directory service's data: accounts, bindings and the org directory
 * (departments, their members, fixed groups and their members), with change versions so a
 * client fetches only what changed since the copy it holds.
 */
import type { Db } from '../store/db.js';
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
const CHANGES_SQL: Readonly<Record<DirectoryObjectName, string>> = {
  department: `SELECT id, name, parent_id AS parentId, sort, version, updated_at AS updatetime, deleted
    FROM directory_departments WHERE version > ? AND updated_at >= ? ORDER BY sort, id`,
  department_user: `SELECT department_id AS departmentId, user_id AS userId, title, sort, version, updated_at AS updatetime, deleted
    FROM directory_department_users WHERE version > ? AND updated_at >= ? ORDER BY department_id, sort, user_id`,
  // What the contacts screen shows of a person: the name. The contact details registered
  // with an account (email, phones, fax) stay in the store and are handed to nobody.
  user: `SELECT id, name, version, updated_at AS updatetime, deleted
    FROM directory_users WHERE version > ? AND updated_at >= ? ORDER BY id`,
  fixedgroups: `SELECT id, name, version, updated_at AS updatetime, deleted
    FROM directory_fixedgroups WHERE version > ? AND updated_at >= ? ORDER BY id`,
  fixedgroups_user: `SELECT group_id AS groupId, user_id AS userId, version, updated_at AS updatetime, deleted
    FROM directory_fixedgroup_users WHERE version > ? AND updated_at >= ? ORDER BY group_id, user_id`,
};

export interface OrgDepartment {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly users: readonly { readonly id: string; readonly name: string; readonly title: string }[];
}

export class DirectoryStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The newest change version of the whole directory (0: nothing yet). */
  currentVersion(): number {
    return (this.db.prepare('SELECT version FROM directory_seq WHERE id = 1').get() as { version: number }).version;
  }

  private nextVersion(): number {
    this.db.prepare('UPDATE directory_seq SET version = version + 1 WHERE id = 1').run();
    return this.currentVersion();
  }

  accountById(id: string): DirectoryAccount | null {
    const row = this.db.prepare('SELECT * FROM directory_users WHERE id = ? AND deleted = 0').get(id) as AccountRow | undefined;
    return row ? toAccount(row) : null;
  }

  accountByName(name: string): DirectoryAccount | null {
    const row = this.db.prepare('SELECT * FROM directory_users WHERE name = ? AND deleted = 0').get(name) as AccountRow | undefined;
    return row ? toAccount(row) : null;
  }

  /** True when a live-service user (not a directory account) already has this id. */
  userIdTaken(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM users WHERE id = ?').get(id) !== undefined;
  }

  /** Creates the account and its users row in one transaction (passwordHash from passwords.ts). */
  register(id: string, name: string, info: ContactInfo, passwordHash: string | null): DirectoryAccount {
    const now = this.now();
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO users (id, name, created_at) VALUES (?, ?, ?)').run(id, name, now);
      this.db
        .prepare(
          `INSERT INTO directory_users (id, name, password_hash, email, tel, phone, fax, version, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, name, passwordHash, info.email, info.tel, info.phone, info.fax, this.nextVersion(), now);
    })();
    const account = this.accountById(id);
    if (!account) throw new Error(`account ${id} vanished after insert`);
    return account;
  }

  /** The account an outside id is bound to, if any. */
  boundAccount(bindId: string): string | null {
    const row = this.db.prepare('SELECT user_id FROM directory_bindings WHERE bind_id = ?').get(bindId) as { user_id: string } | undefined;
    return row?.user_id ?? null;
  }

  bind(bindId: string, userId: string): void {
    this.db.prepare('INSERT OR IGNORE INTO directory_bindings (bind_id, user_id, created_at) VALUES (?, ?, ?)').run(bindId, userId, this.now());
  }

  changes(obj: DirectoryObjectName, since: ChangesSince): Record<string, unknown>[] {
    return this.db.prepare(CHANGES_SQL[obj]).all(since.version, since.updatetime) as Record<string, unknown>[];
  }

  /** The org contacts as one tree-ready list: live departments with their live members. */
  orgContacts(): OrgDepartment[] {
    const departments = this.db
      .prepare('SELECT id, name, parent_id AS parentId FROM directory_departments WHERE deleted = 0 ORDER BY sort, id')
      .all() as { id: string; name: string; parentId: string | null }[];
    const members = this.db
      .prepare(
        `SELECT du.department_id AS departmentId, u.id, u.name, du.title
         FROM directory_department_users du JOIN directory_users u ON u.id = du.user_id
         WHERE du.deleted = 0 AND u.deleted = 0 ORDER BY du.department_id, du.sort, u.id`,
      )
      .all() as { departmentId: string; id: string; name: string; title: string }[];
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

  upsertDepartment(id: string, name: string, parentId: string | null, sort: number): void {
    this.db
      .prepare(
        `INSERT INTO directory_departments (id, name, parent_id, sort, version, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, parent_id = excluded.parent_id, sort = excluded.sort,
           version = excluded.version, updated_at = excluded.updated_at, deleted = 0`,
      )
      .run(id, name, parentId, sort, this.nextVersion(), this.now());
  }

  upsertDepartmentUser(departmentId: string, userId: string, title: string, sort: number): void {
    this.db
      .prepare(
        `INSERT INTO directory_department_users (department_id, user_id, title, sort, version, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (department_id, user_id) DO UPDATE SET title = excluded.title, sort = excluded.sort,
           version = excluded.version, updated_at = excluded.updated_at, deleted = 0`,
      )
      .run(departmentId, userId, title, sort, this.nextVersion(), this.now());
  }

  upsertFixedGroup(id: string, name: string): void {
    this.db
      .prepare(
        `INSERT INTO directory_fixedgroups (id, name, version, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version, updated_at = excluded.updated_at, deleted = 0`,
      )
      .run(id, name, this.nextVersion(), this.now());
  }

  upsertFixedGroupUser(groupId: string, userId: string): void {
    this.db
      .prepare(
        `INSERT INTO directory_fixedgroup_users (group_id, user_id, version, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (group_id, user_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at, deleted = 0`,
      )
      .run(groupId, userId, this.nextVersion(), this.now());
  }

  /** Marks a department member removed (the row stays, so clients learn of the removal). */
  removeDepartmentUser(departmentId: string, userId: string): void {
    this.db
      .prepare('UPDATE directory_department_users SET deleted = 1, version = ?, updated_at = ? WHERE department_id = ? AND user_id = ?')
      .run(this.nextVersion(), this.now(), departmentId, userId);
  }
}
