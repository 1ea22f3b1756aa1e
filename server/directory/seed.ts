/**
 * The demo org directory served by /resource/userdata: a small company with departments,
 * people (directory accounts that log in by name, no password) and two fixed groups.
 * Idempotent: it writes nothing when the directory already has departments.
 */
import type { Db } from '../store/db.js';
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
export function seedDirectory(db: Db, now: () => number): number {
  const seeded = db.prepare('SELECT 1 FROM directory_departments LIMIT 1').get() !== undefined;
  if (seeded) return 0;
  const store = new DirectoryStore(db, now);
  let created = 0;
  db.transaction(() => {
    DEPARTMENTS.forEach((d, i) => store.upsertDepartment(d.id, d.name, d.parentId, i));
    PEOPLE.forEach((p, i) => {
      if (!store.accountById(p.id)) {
        // An id already used by a live-service user is left alone, not taken over.
        if (store.userIdTaken(p.id)) return;
        const mail = `${p.id.replace('org.', '')}@demo.example`;
        store.register(p.id, p.name, { email: mail, tel: '', phone: '', fax: '' }, null);
        created += 1;
      }
      store.upsertDepartmentUser(p.department, p.id, p.title, i);
    });
    for (const g of FIXED_GROUPS) {
      store.upsertFixedGroup(g.id, g.name);
      for (const member of g.members) if (store.accountById(member)) store.upsertFixedGroupUser(g.id, member);
    }
  })();
  return created;
}
