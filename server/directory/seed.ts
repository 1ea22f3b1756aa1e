/**
 * The demo org directory served by /resource/userdata: a small company with departments,
 * people (directory accounts that log in by name, no password) and two fixed groups.
 * Idempotent: it writes nothing when the directory already has departments.
 */
import { sql } from 'kysely';
import type { SqlStore } from '../store/sqlStore.js';
import { DirectoryStore } from './store.js';

interface SeedPerson {
  readonly id: string;
  readonly name: string;
  readonly department: string;
  readonly title: string;
}

const DEPARTMENTS = [
  { id: 'dep-root', name: 'Demo Enterprise', parentId: null },
  { id: 'dep-eng', name: 'Engineering', parentId: 'dep-root' },
  { id: 'dep-sales', name: 'Sales', parentId: 'dep-root' },
  { id: 'dep-ops', name: 'Operations', parentId: 'dep-root' },
  { id: 'dep-eng-web', name: 'Web Platform', parentId: 'dep-eng' },
] as const;

const PEOPLE: readonly SeedPerson[] = [
  { id: 'org.alice', name: 'Alice Wang', department: 'dep-root', title: 'CEO' },
  { id: 'org.bob', name: 'Bob Li', department: 'dep-eng', title: 'CTO' },
  { id: 'org.carol', name: 'Carol Zhang', department: 'dep-eng-web', title: 'Engineer' },
  { id: 'org.dave', name: 'Dave Chen', department: 'dep-eng-web', title: 'Engineer' },
  { id: 'org.erin', name: 'Erin Liu', department: 'dep-sales', title: 'Sales lead' },
  { id: 'org.frank', name: 'Frank Zhao', department: 'dep-sales', title: 'Account manager' },
  { id: 'org.grace', name: 'Grace Sun', department: 'dep-ops', title: 'Operations lead' },
  { id: 'org.heidi', name: 'Heidi Zhou', department: 'dep-ops', title: 'Live producer' },
];

/** Hosts the groups the demo rooms offer their viewers (groups/seed.ts). */
export const DEMO_GROUP_HOST = 'org.alice';

const FIXED_GROUPS = [
  { id: 'fg-all', name: 'All staff', members: PEOPLE.map((p) => p.id) },
  { id: 'fg-leads', name: 'Team leads', members: ['org.alice', 'org.bob', 'org.erin', 'org.grace'] },
] as const;

/** Returns how many accounts it created (0 when the directory was already seeded). */
export async function seedDirectory(sqlStore: SqlStore, now: () => number): Promise<number> {
  const seeded = (await sql`SELECT 1 FROM directory_departments LIMIT 1`.execute(sqlStore.db)).rows.length > 0;
  if (seeded) return 0;
  const store = new DirectoryStore(sqlStore, now);
  return store.transaction(async (tx) => {
    let created = 0;
    for (const [i, d] of DEPARTMENTS.entries()) await store.upsertDepartment(d.id, d.name, d.parentId, i, tx);
    for (const [i, p] of PEOPLE.entries()) {
      if (!(await store.accountById(p.id, tx))) {
        // An id already used by a live-service user is left alone, not taken over.
        if (await store.userIdTaken(p.id, tx)) continue;
        const mail = `${p.id.replace('org.', '')}@demo.example`;
        await store.register(p.id, p.name, { email: mail, tel: '', phone: '', fax: '' }, null, tx);
        created += 1;
      }
      await store.upsertDepartmentUser(p.department, p.id, p.title, i, tx);
    }
    for (const g of FIXED_GROUPS) {
      await store.upsertFixedGroup(g.id, g.name, tx);
      for (const member of g.members) if (await store.accountById(member, tx)) await store.upsertFixedGroupUser(g.id, member, tx);
    }
    return created;
  });
}
