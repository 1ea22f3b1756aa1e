import { describe, expect, it } from 'vitest';
import {
  EMPTY_DIRECTORY,
  applyUserdata,
  contactRows,
  readKeptDirectory,
  readOrgContacts,
  searchPeople,
  withVersion,
  type OrgDirectory,
} from './orgDirectory';

const DOWNLOAD = {
  obj: 'orgcontacts',
  version: 12,
  unchanged: false,
  departments: [
    { id: 'root', name: 'Demo', parentId: null, users: [{ id: 'alice', name: 'Alice Wang', title: 'CEO' }] },
    { id: 'eng', name: 'Engineering', parentId: 'root', users: [{ id: 'bob', name: 'Bob Li', title: 'CTO' }] },
    { id: 'web', name: 'Web', parentId: 'eng', users: [{ id: 'carol', name: 'Carol Zhang', title: 'Engineer' }, { bad: true }] },
    { name: 'no id' },
  ],
};

const base = (): OrgDirectory => readOrgContacts(DOWNLOAD, EMPTY_DIRECTORY);

describe('org directory', () => {
  it('reads the download into departments, people and memberships', () => {
    const d = base();
    expect(d.version).toBe(12);
    expect(Object.keys(d.departments)).toEqual(['root', 'eng', 'web']);
    expect(Object.keys(d.people)).toEqual(['alice', 'bob', 'carol']);
    expect(d.memberships).toContainEqual({ departmentId: 'web', userId: 'carol', title: 'Engineer', sort: 0 });
  });

  it('keeps what it holds when the download says unchanged, and refuses an answer that is not one', () => {
    const d = base();
    expect(readOrgContacts({ version: 12, unchanged: true, departments: [] }, d)).toEqual(d);
    expect(() => readOrgContacts({ departments: [] }, d)).toThrow(/version/);
    expect(() => readOrgContacts({ version: 1 }, d)).toThrow(/departments/);
  });

  it('applies changed rows since the version held: additions, renames, removals', () => {
    let d = base();
    d = applyUserdata(d, 'user', { items: [{ id: 'dave', name: 'Dave Chen' }, { id: 'bob', name: 'Robert Li' }, { id: 'alice', deleted: 1 }] });
    d = applyUserdata(d, 'department_user', { items: [{ departmentId: 'web', userId: 'dave', title: 'Engineer', sort: 1 }, { departmentId: 'root', userId: 'alice', deleted: 1 }] });
    d = applyUserdata(d, 'department', { items: [{ id: 'sales', name: 'Sales', parentId: 'root', sort: 9 }] });
    d = applyUserdata(d, 'fixedgroups', { items: [{ id: 'leads', name: 'Team leads' }] });
    d = applyUserdata(d, 'fixedgroups_user', { items: [{ groupId: 'leads', userId: 'bob' }, { groupId: 'leads', userId: 'dave' }] });
    d = applyUserdata(d, 'fixedgroups_user', { items: [{ groupId: 'leads', userId: 'dave', deleted: 1 }] });
    expect(d.people.bob?.name).toBe('Robert Li');
    expect(d.people.alice).toBeUndefined();
    expect(d.fixedGroups.leads).toEqual({ id: 'leads', name: 'Team leads', members: ['bob'] });
    expect(d.departments.sales?.parentId).toBe('root');
    expect(withVersion(d, 20).version).toBe(20);
    expect(withVersion(d, 3).version).toBe(12);
    // Junk answers change nothing.
    expect(applyUserdata(d, 'user', null)).toEqual(d);
    expect(applyUserdata(d, 'user', { items: 'x' })).toEqual(d);
  });

  it('lays the tree out as rows: open departments show sub-departments then people; counts include sub-departments', () => {
    const d = applyUserdata(base(), 'fixedgroups_user', { items: [{ groupId: 'fg', userId: 'bob' }] });
    expect(contactRows(d, new Set()).map((r) => [r.kind, r.id])).toEqual([
      ['department', 'root'],
      ['fixedGroup', 'fg'],
    ]);
    const rows = contactRows(d, new Set(['root', 'eng', 'fixed:fg']));
    expect(rows.map((r) => [r.kind, r.id, 'depth' in r ? r.depth : null])).toEqual([
      ['department', 'root', 0],
      ['department', 'eng', 1],
      ['department', 'web', 2],
      ['person', 'bob', 2],
      ['person', 'alice', 1],
      ['fixedGroup', 'fg', null],
      ['fixedMember', 'bob', null],
    ]);
    expect(rows[0]).toMatchObject({ count: 3 });
  });

  it('survives a cycle of departments in bad data', () => {
    const d = applyUserdata(base(), 'department', { items: [{ id: 'root', name: 'Demo', parentId: 'web' }] });
    expect(() => contactRows(d, new Set(['root', 'eng', 'web']))).not.toThrow();
  });

  it('searches people by name or id, with their departments', () => {
    expect(searchPeople(base(), ' bob li ')).toEqual([{ id: 'bob', name: 'Bob Li', departments: ['Engineering'] }]);
    expect(searchPeople(base(), 'CAROL').map((p) => p.id)).toEqual(['carol']);
    expect(searchPeople(base(), 'li').map((p) => p.id)).toEqual(['alice', 'bob']);
    expect(searchPeople(base(), '  ')).toEqual([]);
  });

  it('reads a kept copy back, and nothing else', () => {
    const d = applyUserdata(base(), 'fixedgroups_user', { items: [{ groupId: 'fg', userId: 'bob' }] });
    expect(readKeptDirectory(JSON.parse(JSON.stringify(d)))).toEqual({ ...d, memberships: expect.arrayContaining([...d.memberships]) as unknown });
    expect(readKeptDirectory({ version: -1 })).toBeNull();
    expect(readKeptDirectory('x')).toBeNull();
  });
});
