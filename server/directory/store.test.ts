import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../store/sqlStore.js';
import { storeEngines } from '../testing/storeEngines.js';
import { seedDirectory } from './seed.js';
import { DirectoryStore } from './store.js';

const info = { email: '', tel: '', phone: '', fax: '' };

describe.each(storeEngines())('the directory store on $engine', ({ open }) => {
  it('seeds once, each write with a version of its own, and hands out changes since a version', async () => {
    const sqlStore = await open();
    let now = 1_000;
    const store = new DirectoryStore(sqlStore, () => now);
    expect(await store.currentVersion()).toBe(0);
    const created = await seedDirectory(sqlStore, () => now);
    expect(created).toBeGreaterThan(0);
    expect(await seedDirectory(sqlStore, () => now)).toBe(0);
    const seeded = await store.currentVersion();
    const users = await store.changes('user', { version: 0, updatetime: 0 });
    expect(users).toHaveLength(created);
    expect(new Set(users.map((u) => u.version)).size).toBe(created);
    expect(users[0]).toEqual({ id: expect.any(String), name: expect.any(String), version: expect.any(Number), updatetime: 1_000, deleted: 0 });
    const members = await store.changes('department_user', { version: 0, updatetime: 0 });
    expect(Object.keys(members[0]!).sort()).toEqual(['deleted', 'departmentId', 'sort', 'title', 'updatetime', 'userId', 'version']);

    now = 2_000;
    await store.removeDepartmentUser(String(members[0]!.departmentId), String(members[0]!.userId));
    expect(await store.currentVersion()).toBe(seeded + 1);
    expect(await store.changes('department_user', { version: seeded, updatetime: 0 })).toEqual([{ ...members[0], deleted: 1, version: seeded + 1, updatetime: 2_000 }]);
    const org = await store.orgContacts();
    expect(org.flatMap((d) => d.users.map((u) => u.id))).not.toContain(members[0]!.userId);
    expect(org[0]).toEqual({ id: expect.any(String), name: expect.any(String), parentId: null, users: expect.any(Array) });
  });

  it('registers an account once when two registrations race: the other meets the unique key', async () => {
    const store = new DirectoryStore(await open(), () => 5);
    const results = await Promise.allSettled([store.register('dana', 'Dana', info, null), store.register('dana', 'Dana', info, null)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(isUniqueViolation(refused.reason)).toBe(true);
    expect(await store.accountByName('Dana')).toEqual({ id: 'dana', name: 'Dana', passwordHash: null, ...info });
    // The loser's transaction left nothing behind: one version was taken, not two.
    expect(await store.currentVersion()).toBe(1);
  });

  it('binds an outside id once', async () => {
    const store = new DirectoryStore(await open(), () => 5);
    await store.register('erin', 'Erin', info, null);
    await store.bind('wx-1', 'erin');
    await store.bind('wx-1', 'erin');
    expect(await store.boundAccount('wx-1')).toBe('erin');
    expect(await store.boundAccount('wx-2')).toBeNull();
  });
});
