import { describe, expect, it } from 'vitest';
import type { DataVersion, DirectoryObject, DirectoryService, ServerAddresses } from '../api/services/directory';
import { EMPTY_DIRECTORY } from '../domain/orgDirectory';
import { refreshOrgDirectory } from './orgDirectory';

const ADDRESSES = { all: [], login: 'l', websocket: 'w', resource: 'r', registration: 'g' } satisfies ServerAddresses;

function fakeService(answers: Partial<Record<DirectoryObject | 'orgcontacts', unknown>>) {
  const asked: { obj: string; version: DataVersion['version'] }[] = [];
  const service = {
    userdata: async (_a: ServerAddresses, obj: DirectoryObject, input: DataVersion = {}) => {
      asked.push({ obj, version: input.version });
      return answers[obj] ?? { obj, version: 0, items: [] };
    },
    downloadOrgContacts: async (_a: ServerAddresses, input: DataVersion = {}) => {
      asked.push({ obj: 'orgcontacts', version: input.version });
      return answers.orgcontacts;
    },
  } as unknown as DirectoryService;
  return { service, asked };
}

describe('refreshing the org directory', () => {
  it('first downloads the org contacts, every account (one in no department too) and the fixed groups', async () => {
    const { service, asked } = fakeService({
      orgcontacts: { version: 7, departments: [{ id: 'd', name: 'D', parentId: null, users: [{ id: 'u', name: 'U', title: '' }] }] },
      user: { version: 7, items: [{ id: 'u', name: 'U' }, { id: 'loner', name: 'Lone' }] },
      fixedgroups: { version: 7, items: [{ id: 'fg', name: 'All' }] },
      fixedgroups_user: { version: 7, items: [{ groupId: 'fg', userId: 'u' }] },
    });
    const copy = await refreshOrgDirectory(service, ADDRESSES, EMPTY_DIRECTORY);
    expect(asked.map((a) => [a.obj, a.version])).toEqual([
      ['orgcontacts', 0],
      ['user', 0],
      ['fixedgroups', 0],
      ['fixedgroups_user', 0],
    ]);
    expect(copy).toMatchObject({ version: 7, people: { u: { name: 'U' }, loner: { name: 'Lone' } }, fixedGroups: { fg: { members: ['u'] } } });
  });

  it('then asks each object for what changed since the version held, and moves to the newest version', async () => {
    const { service: first } = fakeService({ orgcontacts: { version: 7, departments: [{ id: 'd', name: 'D', users: [{ id: 'u', name: 'U' }] }] } });
    const held = await refreshOrgDirectory(first, ADDRESSES, EMPTY_DIRECTORY);
    const { service, asked } = fakeService({ user: { version: 9, items: [{ id: 'u', name: 'Renamed' }] }, department: { version: 9, items: [] } });
    const copy = await refreshOrgDirectory(service, ADDRESSES, held);
    expect(asked.map((a) => [a.obj, a.version])).toEqual(['department', 'department_user', 'user', 'fixedgroups', 'fixedgroups_user'].map((o) => [o, 7]));
    expect(copy.version).toBe(9);
    expect(copy.people.u?.name).toBe('Renamed');
  });

  it('rejects when the download is not one (the panel says so and keeps its copy)', async () => {
    const { service } = fakeService({ orgcontacts: { nope: true } });
    await expect(refreshOrgDirectory(service, ADDRESSES, EMPTY_DIRECTORY)).rejects.toThrow(/version/);
  });
});
