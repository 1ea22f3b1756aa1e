/**
 * Brings the organisation directory this browser holds up to date (issue 16 item 1): the
 * first time, the orgcontacts download, every account and the fixed groups; after that, each userdata
 * object asked for with the version held, so only what changed comes back. The copy is kept
 * in IndexedDB per directory server and read back defensively.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { DirectoryService, ServerAddresses } from '../api/services/directory';
import {
  EMPTY_DIRECTORY,
  USERDATA_OBJECTS,
  answerVersion,
  applyUserdata,
  readKeptDirectory,
  readOrgContacts,
  withVersion,
  type OrgDirectory,
} from '../domain/orgDirectory';

export async function refreshOrgDirectory(service: DirectoryService, addresses: ServerAddresses, held: OrgDirectory): Promise<OrgDirectory> {
  if (held.version === 0) {
    let copy = readOrgContacts(await service.downloadOrgContacts(addresses, { version: 0 }), EMPTY_DIRECTORY);
    // Everyone with an account (not only those in a department), then the fixed groups.
    const [users, groups, members] = await Promise.all([
      service.userdata(addresses, 'user', { version: 0 }),
      service.userdata(addresses, 'fixedgroups', { version: 0 }),
      service.userdata(addresses, 'fixedgroups_user', { version: 0 }),
    ]);
    copy = applyUserdata(applyUserdata(applyUserdata(copy, 'user', users), 'fixedgroups', groups), 'fixedgroups_user', members);
    return copy;
  }
  // In this order, so people and departments exist before their memberships do.
  let copy = held;
  let newest = held.version;
  for (const obj of USERDATA_OBJECTS) {
    const answer = await service.userdata(addresses, obj, { version: held.version });
    copy = applyUserdata(copy, obj, answer);
    newest = Math.max(newest, answerVersion(answer) ?? held.version);
  }
  return withVersion(copy, newest);
}

let store: UseStore | null | undefined;
function directoryStore(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : createStore('webcast-directory', 'copies');
  } catch {
    store = null;
  }
  return store;
}

/** The copy kept for this directory server, or the empty one. */
export async function loadKeptDirectory(key: string): Promise<OrgDirectory> {
  const s = directoryStore();
  if (s === null) return EMPTY_DIRECTORY;
  try {
    return readKeptDirectory(await get(key, s)) ?? EMPTY_DIRECTORY;
  } catch {
    return EMPTY_DIRECTORY;
  }
}

export async function keepDirectory(key: string, directory: OrgDirectory): Promise<void> {
  const s = directoryStore();
  if (s === null) return;
  try {
    await set(key, directory, s);
  } catch {
    // A copy not kept is downloaded again next time; nothing is lost.
  }
}
