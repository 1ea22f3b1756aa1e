/**
 * The organisation's directory as the client holds it (SPEC 3 "Directory data requests",
 * SPEC 7.4 userdata and orgcontacts; docs/protocol.md 4.5): departments, the people in
 * them, fixed groups and their members, and the data version the copy is of.
 *
 * A first copy comes from the orgcontacts download; after that each userdata object is
 * asked for with the version held, and only the rows changed since come back (a row with
 * `deleted: 1` is a removal). Answers are read defensively: a malformed row is skipped.
 */

export interface OrgPerson {
  readonly id: string;
  readonly name: string;
}

export interface OrgDepartment {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly sort: number;
}

export interface OrgMembership {
  readonly departmentId: string;
  readonly userId: string;
  readonly title: string;
  readonly sort: number;
}

export interface FixedGroup {
  readonly id: string;
  readonly name: string;
  readonly members: readonly string[];
}

export interface OrgDirectory {
  /** The data version this copy is of; 0: none held. */
  readonly version: number;
  readonly departments: Readonly<Record<string, OrgDepartment>>;
  readonly people: Readonly<Record<string, OrgPerson>>;
  readonly memberships: readonly OrgMembership[];
  readonly fixedGroups: Readonly<Record<string, FixedGroup>>;
}

export const EMPTY_DIRECTORY: OrgDirectory = { version: 0, departments: {}, people: {}, memberships: [], fixedGroups: {} };

export const USERDATA_OBJECTS = ['department', 'department_user', 'user', 'fixedgroups', 'fixedgroups_user'] as const;
export type UserdataObject = (typeof USERDATA_OBJECTS)[number];

type Row = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((r): r is Row => typeof r === 'object' && r !== null && !Array.isArray(r)) : []);
const isDeleted = (r: Row): boolean => r.deleted === 1 || r.deleted === true;

/** The version an answer is of, or null when it names none (then the copy cannot be trusted to update). */
export function answerVersion(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const v = (data as Row).version;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

/**
 * The orgcontacts download as a copy: `{version, unchanged, departments: [{id, name,
 * parentId, users: [{id, name, title}]}]}`. `unchanged` keeps `held` (with the fixed groups,
 * which the download does not carry). Throws when the answer is not a download.
 */
export function readOrgContacts(data: unknown, held: OrgDirectory): OrgDirectory {
  const version = answerVersion(data);
  if (version === null) throw new Error('orgcontacts: the answer names no version');
  const answer = data as Row;
  if (answer.unchanged === true) return { ...held, version: Math.max(held.version, version) };
  if (!Array.isArray(answer.departments)) throw new Error('orgcontacts: departments is not a list');
  const departments: Record<string, OrgDepartment> = {};
  const people: Record<string, OrgPerson> = {};
  const memberships: OrgMembership[] = [];
  rowsOf(answer.departments).forEach((d, index) => {
    const id = str(d.id);
    if (id === null) return;
    departments[id] = { id, name: str(d.name) ?? id, parentId: str(d.parentId), sort: index };
    rowsOf(d.users).forEach((u, sort) => {
      const uid = str(u.id);
      if (uid === null) return;
      people[uid] = { id: uid, name: str(u.name) ?? uid };
      memberships.push({ departmentId: id, userId: uid, title: typeof u.title === 'string' ? u.title : '', sort });
    });
  });
  return { version, departments, people, memberships, fixedGroups: held.fixedGroups };
}

/**
 * Applies the rows a userdata answer says changed since the version held. The copy's
 * version moves only when every object has been applied (see `withVersion`): one object's
 * answer must not make the others look current.
 */
export function applyUserdata(directory: OrgDirectory, obj: UserdataObject, data: unknown): OrgDirectory {
  const items = rowsOf(typeof data === 'object' && data !== null ? (data as Row).items : undefined);
  switch (obj) {
    case 'department': {
      const departments = { ...directory.departments };
      for (const r of items) {
        const id = str(r.id);
        if (id === null) continue;
        if (isDeleted(r)) delete departments[id];
        else departments[id] = { id, name: str(r.name) ?? id, parentId: str(r.parentId), sort: num(r.sort) };
      }
      return { ...directory, departments };
    }
    case 'user': {
      const people = { ...directory.people };
      for (const r of items) {
        const id = str(r.id);
        if (id === null) continue;
        if (isDeleted(r)) delete people[id];
        else people[id] = { id, name: str(r.name) ?? id };
      }
      return { ...directory, people };
    }
    case 'department_user': {
      const byKey = new Map(directory.memberships.map((m) => [`${m.departmentId}\n${m.userId}`, m]));
      for (const r of items) {
        const departmentId = str(r.departmentId);
        const userId = str(r.userId);
        if (departmentId === null || userId === null) continue;
        const key = `${departmentId}\n${userId}`;
        if (isDeleted(r)) byKey.delete(key);
        else byKey.set(key, { departmentId, userId, title: typeof r.title === 'string' ? r.title : '', sort: num(r.sort) });
      }
      return { ...directory, memberships: [...byKey.values()] };
    }
    case 'fixedgroups': {
      const fixedGroups = { ...directory.fixedGroups };
      for (const r of items) {
        const id = str(r.id);
        if (id === null) continue;
        if (isDeleted(r)) delete fixedGroups[id];
        else fixedGroups[id] = { id, name: str(r.name) ?? id, members: fixedGroups[id]?.members ?? [] };
      }
      return { ...directory, fixedGroups };
    }
    case 'fixedgroups_user': {
      const members = new Map(Object.values(directory.fixedGroups).map((g) => [g.id, new Set(g.members)]));
      for (const r of items) {
        const groupId = str(r.groupId);
        const userId = str(r.userId);
        if (groupId === null || userId === null) continue;
        let set = members.get(groupId);
        if (set === undefined) {
          set = new Set();
          members.set(groupId, set);
        }
        if (isDeleted(r)) set.delete(userId);
        else set.add(userId);
      }
      const fixedGroups: Record<string, FixedGroup> = {};
      for (const [id, set] of members) {
        const group = directory.fixedGroups[id];
        // Members of a group whose own row has not arrived yet wait under its id.
        fixedGroups[id] = { id, name: group?.name ?? id, members: [...set] };
      }
      return { ...directory, fixedGroups };
    }
  }
}

export const withVersion = (directory: OrgDirectory, version: number): OrgDirectory => ({ ...directory, version: Math.max(directory.version, version) });

/** One row of the contacts list: a department (open or closed), a person in it, a fixed group. */
export type ContactRow =
  | { readonly kind: 'department'; readonly id: string; readonly name: string; readonly depth: number; readonly open: boolean; readonly count: number }
  | { readonly kind: 'person'; readonly id: string; readonly name: string; readonly title: string; readonly depth: number; readonly rowKey: string }
  | { readonly kind: 'fixedGroup'; readonly id: string; readonly name: string; readonly count: number; readonly open: boolean }
  | { readonly kind: 'fixedMember'; readonly id: string; readonly name: string; readonly rowKey: string };

function childrenOf(directory: OrgDirectory): Map<string | null, OrgDepartment[]> {
  const children = new Map<string | null, OrgDepartment[]>();
  for (const d of Object.values(directory.departments)) {
    // A department whose parent is gone shows at the top rather than vanishing.
    const parent = d.parentId !== null && directory.departments[d.parentId] !== undefined ? d.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(d);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
  return children;
}

function membersByDepartment(directory: OrgDirectory): Map<string, OrgMembership[]> {
  const map = new Map<string, OrgMembership[]>();
  for (const m of directory.memberships) {
    if (directory.people[m.userId] === undefined) continue;
    const list = map.get(m.departmentId) ?? [];
    list.push(m);
    map.set(m.departmentId, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.sort - b.sort || a.userId.localeCompare(b.userId));
  return map;
}

/**
 * The tree as flat rows for a virtualized list: departments in order, each open one followed
 * by its sub-departments and its people; then the fixed groups. A department's count is its
 * people including those of its sub-departments.
 */
export function contactRows(directory: OrgDirectory, open: ReadonlySet<string>): ContactRow[] {
  const children = childrenOf(directory);
  const members = membersByDepartment(directory);
  const counts = new Map<string, number>();
  const count = (id: string, seen: Set<string>): number => {
    const known = counts.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return 0; // a cycle in bad data
    seen.add(id);
    let n = members.get(id)?.length ?? 0;
    for (const child of children.get(id) ?? []) n += count(child.id, seen);
    counts.set(id, n);
    return n;
  };
  const rows: ContactRow[] = [];
  const walk = (parent: string | null, depth: number, seen: Set<string>): void => {
    for (const d of children.get(parent) ?? []) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      const isOpen = open.has(d.id);
      rows.push({ kind: 'department', id: d.id, name: d.name, depth, open: isOpen, count: count(d.id, new Set()) });
      if (!isOpen) continue;
      walk(d.id, depth + 1, seen);
      for (const m of members.get(d.id) ?? []) {
        const person = directory.people[m.userId]!;
        rows.push({ kind: 'person', id: person.id, name: person.name, title: m.title, depth: depth + 1, rowKey: `${d.id}/${person.id}` });
      }
    }
  };
  walk(null, 0, new Set());
  for (const g of Object.values(directory.fixedGroups).sort((a, b) => a.name.localeCompare(b.name))) {
    const key = `fixed:${g.id}`;
    const present = g.members.filter((uid) => directory.people[uid] !== undefined);
    rows.push({ kind: 'fixedGroup', id: g.id, name: g.name, count: present.length, open: open.has(key) });
    if (open.has(key)) for (const uid of present) rows.push({ kind: 'fixedMember', id: uid, name: directory.people[uid]!.name, rowKey: `${key}/${uid}` });
  }
  return rows;
}

export interface PersonMatch {
  readonly id: string;
  readonly name: string;
  /** The departments the person is in, by name. */
  readonly departments: readonly string[];
}

/** People whose name or id contains the query (case-folded), by name. */
export function searchPeople(directory: OrgDirectory, query: string, limit = 200): PersonMatch[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return [];
  const departmentsOf = new Map<string, string[]>();
  for (const m of directory.memberships) {
    const name = directory.departments[m.departmentId]?.name;
    if (name === undefined) continue;
    const list = departmentsOf.get(m.userId) ?? [];
    list.push(name);
    departmentsOf.set(m.userId, list);
  }
  return Object.values(directory.people)
    .filter((p) => p.name.toLocaleLowerCase().includes(q) || p.id.toLocaleLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((p) => ({ id: p.id, name: p.name, departments: departmentsOf.get(p.id) ?? [] }));
}

/** A kept copy read back from storage: anything not of a directory's shape is none. */
export function readKeptDirectory(value: unknown): OrgDirectory | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Row;
  const version = answerVersion(v);
  if (version === null || typeof v.departments !== 'object' || typeof v.people !== 'object' || !Array.isArray(v.memberships) || typeof v.fixedGroups !== 'object') {
    return null;
  }
  let directory: OrgDirectory = { ...EMPTY_DIRECTORY };
  directory = applyUserdata(directory, 'department', { items: Object.values((v.departments ?? {}) as object) });
  directory = applyUserdata(directory, 'user', { items: Object.values((v.people ?? {}) as object) });
  directory = applyUserdata(directory, 'department_user', { items: v.memberships });
  directory = applyUserdata(directory, 'fixedgroups', { items: Object.values((v.fixedGroups ?? {}) as object) });
  const memberRows = Object.values((v.fixedGroups ?? {}) as Record<string, Row>).flatMap((g) =>
    Array.isArray(g.members) ? g.members.map((userId: unknown) => ({ groupId: g.id, userId })) : [],
  );
  directory = applyUserdata(directory, 'fixedgroups_user', { items: memberRows });
  return { ...directory, version };
}
