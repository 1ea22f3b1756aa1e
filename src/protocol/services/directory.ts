/**
 * The directory service's calls (SPEC 3, SPEC 7.4) as client and server share them: each
 * call's path with its command in the query, its fields and its answer, and what they
 * agree on beyond the calls (docs/protocol.md). src/api/services/directory.ts binds them
 * to the HTTP client; server/directory/routes.ts serves them.
 */
import { callMakers, type Id } from '../calls';

const { post } = callMakers('directory');


/**
 * SPEC 3: "the user id is derived from the name if absent". Derived deterministically, so
 * the same name always registers the same id: the name lowercased, kept to [a-z0-9_.-];
 * a name with none of those (e.g. only Chinese characters) becomes "u" and the hex of its
 * UTF-16 code units.
 */
export function deriveUserId(name: string): string {
  const plain = name.trim().toLowerCase().replace(/[^a-z0-9_.-]/g, '');
  if (plain !== '') return plain;
  let hex = '';
  for (let i = 0; i < name.length; i += 1) hex += name.charCodeAt(i).toString(16).padStart(4, '0');
  return `u${hex}`;
}

/** Fields every directory request carries. */
export interface ClientFields {
  readonly tag: string;
  readonly cmd: string;
  readonly ver: string;
  readonly dev: string;
  readonly devt: 'web';
  readonly os: string;
}
export const CLIENT_FIELDS = ['tag', 'cmd', 'ver', 'dev', 'devt', 'os'] as const;

export interface LoginFields extends ClientFields {
  /** Fixed value 85 (SPEC 3, 9). */
  readonly captcha: number;
  readonly name: string;
  readonly password?: string;
  /** The room the session is for (docs/protocol.md 4.5); without it the server picks one. */
  readonly webcastId?: string;
}
const LOGIN_FIELDS = [...CLIENT_FIELDS, 'captcha', 'name', 'password', 'webcastId'] as const;

export interface RegistrationUser {
  readonly id: string;
  readonly name: string;
  /** The account's password (6 to 64 characters at the reference server); without one, the name alone signs in. */
  readonly password?: string;
}
/** SPEC 3: every field filled with a generated value. */
export interface RegistrationInfo {
  readonly email: string;
  readonly tel: string;
  readonly phone: string;
  readonly fax: string;
}

export interface UserdataFields extends ClientFields {
  readonly obj: DirectoryObject | 'orgcontacts';
  /** 0: the client holds no copy yet, so the whole set is wanted. */
  readonly updatetime: number;
  readonly version: number | string;
}
const USERDATA_FIELDS = [...CLIENT_FIELDS, 'obj', 'updatetime', 'version'] as const;

export interface LocationData {
  readonly serverAddress: readonly string[];
}

/** The answer must carry a non-empty list of addresses; otherwise the lookup fails. */
export function decodeLocation(data: unknown): LocationData {
  const list: unknown = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).serverAddress : undefined;
  if (!Array.isArray(list) || list.length === 0 || !list.every((a): a is string => typeof a === 'string')) {
    throw new Error('location: serverAddress is not a non-empty list of strings');
  }
  return { serverAddress: Object.freeze([...list]) };
}

export const DIRECTORY_OBJECTS = ['department', 'department_user', 'user', 'fixedgroups', 'fixedgroups_user'] as const;
export type DirectoryObject = (typeof DIRECTORY_OBJECTS)[number];

export const DIRECTORY_CALLS = {
  location: post<ClientFields, LocationData>('/login/location?cmd=lookup', CLIENT_FIELDS, { decode: decodeLocation }),
  register: post<ClientFields & { user: RegistrationUser; info: RegistrationInfo }>('/regist?cmd=register', [
    ...CLIENT_FIELDS,
    'user',
    'info',
  ]),
  auth: post<LoginFields>('/login/ulogin?cmd=auth', LOGIN_FIELDS),
  bindLogin: post<LoginFields & { id: Id }>('/login/ulogin?cmd=auth&bindid={id}', ['id', ...LOGIN_FIELDS]),
  captcha: post<ClientFields>('/login/ulogin?cmd=captcha&captchas=15', CLIENT_FIELDS),
  userdataDepartment: post<UserdataFields>('/resource/userdata?cmd=get&obj=department', USERDATA_FIELDS),
  userdataDepartmentUser: post<UserdataFields>('/resource/userdata?cmd=get&obj=department_user', USERDATA_FIELDS),
  userdataUser: post<UserdataFields>('/resource/userdata?cmd=get&obj=user', USERDATA_FIELDS),
  userdataFixedgroups: post<UserdataFields>('/resource/userdata?cmd=get&obj=fixedgroups', USERDATA_FIELDS),
  userdataFixedgroupsUser: post<UserdataFields>('/resource/userdata?cmd=get&obj=fixedgroups_user', USERDATA_FIELDS),
  downloadOrgContacts: post<UserdataFields>('/resource/userdata?cmd=download&obj=orgcontacts', USERDATA_FIELDS),
} as const;

/** The commands a directory path takes (its calls' `cmd`), for the server that serves it. */
export function directoryCommands(path: string): string[] {
  const cmds = new Set<string>();
  for (const call of Object.values(DIRECTORY_CALLS)) {
    const [callPath, query = ''] = call.path.split('?');
    const cmd = query
      .split('&')
      .find((pair) => pair.startsWith('cmd='))
      ?.slice('cmd='.length);
    if (callPath === path && cmd !== undefined) cmds.add(cmd);
  }
  return [...cmds];
}

/** A call's path without its query: the route the server serves it on. */
export const directoryPath = (call: { readonly path: string }): string => call.path.split('?')[0] ?? call.path;
