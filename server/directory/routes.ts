/**
 * The login and directory service (SPEC 7.4, docs/protocol.md 4.5), served by this process
 * on the paths of DIRECTORY_CALLS:
 *
 *   POST /login/location?cmd=lookup                 -> {serverAddress: [10 addresses]}
 *   POST /regist?cmd=register                        {user: {id?, name, password?}, info}
 *   POST /login/ulogin?cmd=auth[&bindid=<id>]        {captcha: 85, name, password?, webcastId?}
 *                                                    -> per-server data with a socket session
 *   POST /login/ulogin?cmd=captcha&captchas=<n>      -> {captcha: 85, captchas: n}
 *   POST /resource/userdata?cmd=get&obj=<object>     {updatetime, version} -> changed rows
 *   POST /resource/userdata?cmd=download&obj=orgcontacts -> departments with their members
 *
 * Every body also carries the client fields (clientFields.ts). Bad input is 4501 naming
 * the field; unknown name or wrong password 4104; a captcha other than 85 is 4101.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAPTCHA_VALUE, PROTOCOL_VERSION_LOGIN, PROTOCOL_VERSION_RESOURCE } from '../../src/domain/constants';
import { deriveUserId, DIRECTORY_CALLS, directoryCommands, directoryPath } from '../../src/protocol/services/directory';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { fieldsOf, optionalInt, optionalText, requireInt, requireText, type Fields } from '../admin/input.js';
import { readClientFields } from './clientFields.js';
import { serverAddressList } from './addresses.js';
import { socketUrlFor } from '../socket/url.js';
import { DIRECTORY_OBJECT_NAMES, DirectoryStore, type DirectoryAccount, type DirectoryObjectName } from './store.js';
import { hashPasswordAsync, verifyPasswordAsync } from './passwords.js';
import { guessFrom, guessLimiterOf } from '../auth/failureLimiter.js';
import { loginOriginOf, type LoginOrigin } from '../auth/loginOrigin.js';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { isKicked, isOriginKicked } from '../chat/kicks.js';
import { isUniqueViolation } from '../store/sqlStore.js';

/** Session enter type of a directory login (sessions.enter_type). */
export const DIRECTORY_ENTER_TYPE = 'directory';

const NAME_RULE = { max: 32 } as const;
const ID_RULE = { max: 136, pattern: /^[A-Za-z0-9_.-]+$/, patternText: 'may hold only letters, digits, _ . -' } as const;
const PASSWORD_RULE = { min: 6, max: 64 } as const;
const INFO_RULE = { max: 128 } as const;
const VERSION_RULE = { min: 0, max: Number.MAX_SAFE_INTEGER } as const;

type Query = Readonly<Record<string, unknown>>;

function queryText(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(name, 'must be given once in the query');
  return value;
}

function requireCmd(query: Query, allowed: readonly string[]): string {
  const cmd = queryText(query, 'cmd');
  if (cmd === undefined || !allowed.includes(cmd)) throw invalid('cmd', `the query's cmd must be one of ${allowed.join(', ')}`);
  return cmd;
}

const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;

function readObject(fields: Fields, name: string): Fields {
  const value = fields[name];
  if (value === undefined || value === null) throw invalid(name, 'is required');
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(name, 'must be an object');
  return value as Fields;
}

/** Prefix nested field names so a msg says `user.name`, not `name`. */
function nested(fields: Fields, prefix: string): Fields {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v]));
}

/**
 * The room a directory login's session belongs to: the one asked for, else the first open
 * room. An account is no way around a room's entry: a room with a gate (password, sign-up,
 * VIP...) takes a directory login only from a request that already holds a session of that
 * room (the viewer passed the gate, then signs in), and a kick keeps the account, or the
 * device the kicked one used, out as it does at the entry (4003).
 */
async function sessionRoom(ctx: ServerContext, request: FastifyRequest, asked: string | undefined, account: DirectoryAccount, origin: LoginOrigin): Promise<string> {
  const q = ctx.store.db;
  if (asked !== undefined) {
    const room = (await sql<{ deleted: number; gate: string }>`SELECT deleted, gate FROM rooms WHERE id = ${asked}`.execute(q)).rows[0];
    if (!room) throw invalid('webcastId', 'no such room');
    if (room.deleted === 1) throw new BizError(4006);
    if (room.gate !== 'open' && (await sessionOf(ctx.sessions, request))?.webcastId !== asked) {
      throw new BizError(4009, 'this room has an entry gate: enter the room first, then sign in');
    }
    const now = ctx.now();
    if ((await isKicked(q, asked, account.id, now)) || (await isOriginKicked(q, asked, origin, now))) throw new BizError(4003);
    return asked;
  }
  const row = (
    await sql<{ id: string }>`SELECT id FROM rooms WHERE deleted = 0 ORDER BY CASE gate WHEN 'open' THEN 0 ELSE 1 END, created_at, id LIMIT 1`.execute(q)
  ).rows[0];
  if (!row) throw new BizError(4001, 'no room exists yet to open a session in');
  return row.id;
}

async function checkCredentials(store: DirectoryStore, name: string, password: string | undefined, nameOnly: boolean): Promise<DirectoryAccount> {
  const account = (await store.accountByName(name)) ?? (await store.accountById(name));
  if (!account) throw new BizError(4104, 'login failed: no account with this name');
  if (account.passwordHash === null && !nameOnly) throw new BizError(4104, 'login failed: this account has no password and name-only sign-in is off');
  if (account.passwordHash !== null && (password === undefined || !(await verifyPasswordAsync(password, account.passwordHash)))) {
    throw new BizError(4104, 'login failed: wrong password');
  }
  return account;
}

async function register(store: DirectoryStore, body: Fields, nameOnly: boolean) {
  readClientFields(body, { cmd: 'register', ver: PROTOCOL_VERSION_LOGIN });
  const user = nested(readObject(body, 'user'), 'user');
  const name = requireText(user, 'user.name', NAME_RULE);
  const id = optionalText(user, 'user.id', ID_RULE) ?? deriveUserId(name);
  if (!ID_RULE.pattern.test(id) || id.length > ID_RULE.max) throw invalid('user.name', 'gives no usable user id; send user.id');
  const password = optionalText(user, 'user.password', PASSWORD_RULE) ?? null;
  if (password === null && !nameOnly) throw invalid('user.password', 'is required: accounts here sign in with a password');
  const infoFields = body.info === undefined ? {} : nested(readObject(body, 'info'), 'info');
  const info = {
    email: optionalText(infoFields, 'info.email', INFO_RULE) ?? '',
    tel: optionalText(infoFields, 'info.tel', INFO_RULE) ?? '',
    phone: optionalText(infoFields, 'info.phone', INFO_RULE) ?? '',
    fax: optionalText(infoFields, 'info.fax', INFO_RULE) ?? '',
  };

  const existing = await store.accountById(id);
  if (existing) {
    // Registering the same account again is harmless (a client may register on every start).
    if (existing.name !== name) throw invalid('user.id', 'is already registered under another name');
    return { userId: existing.id, name: existing.name, created: false };
  }
  if (await store.accountByName(name)) throw invalid('user.name', 'is already registered');
  if (await store.userIdTaken(id)) throw invalid('user.id', 'is already taken');
  const passwordHash = password === null ? null : await hashPasswordAsync(password);
  // Another request (on this node or another) may have taken the name or id meanwhile: the
  // store's unique keys decide, and the loser is told as the checks above would have.
  let account: DirectoryAccount;
  try {
    account = await store.register(id, name, info, passwordHash);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('user.id', 'is already registered');
    throw error;
  }
  return { userId: account.id, name: account.name, created: true };
}

async function auth(ctx: ServerContext, store: DirectoryStore, request: FastifyRequest, body: Fields, bindId: string | undefined) {
  readClientFields(body, { cmd: 'auth', ver: PROTOCOL_VERSION_LOGIN });
  const captcha = requireInt(body, 'captcha', { min: 0, max: 1_000_000 });
  if (captcha !== CAPTCHA_VALUE) throw new BizError(4101);
  const name = requireText(body, 'name', { max: ID_RULE.max });
  const password = optionalText(body, 'password', { max: PASSWORD_RULE.max });
  const webcastId = optionalText(body, 'webcastId', { max: 64 });

  // Per account, from this address and device and from this address; an account guessed at
  // from many addresses raises the limiter's alarm.
  const origin = loginOriginOf(request);
  let account = await guessLimiterOf(ctx).guard(guessFrom('directory', name, origin), [4104], () => checkCredentials(store, name, password, ctx.config.directoryNameOnly));
  if (bindId !== undefined) {
    const boundTo = await store.boundAccount(bindId);
    if (boundTo !== null && boundTo !== account.id) throw invalid('bindid', 'is already bound to another account');
    await store.bind(bindId, account.id);
    account = (await store.accountById(account.id)) ?? account;
  }

  const session = await ctx.sessions.create(account.id, await sessionRoom(ctx, request, webcastId, account, origin), 5, DIRECTORY_ENTER_TYPE, origin);
  return {
    userId: account.id,
    name: account.name,
    token: session.token,
    sid: session.sid,
    role: session.role,
    webcastId: session.webcastId,
    expiresAt: session.expiresAt,
    ws: socketUrlFor(ctx.config, request),
    serverAddress: serverAddressList(ctx.config, request),
    ...(bindId === undefined ? {} : { bindId }),
  };
}

// The paths and commands are the client's call table's (src/protocol/services/directory.ts).
const LOCATION_PATH = directoryPath(DIRECTORY_CALLS.location);
const REGISTER_PATH = directoryPath(DIRECTORY_CALLS.register);
const LOGIN_PATH = directoryPath(DIRECTORY_CALLS.auth);
const USERDATA_PATH = directoryPath(DIRECTORY_CALLS.userdataUser);
const LOCATION_CMDS = directoryCommands(LOCATION_PATH);
const REGISTER_CMDS = directoryCommands(REGISTER_PATH);
const LOGIN_CMDS = directoryCommands(LOGIN_PATH);
const USERDATA_CMDS = directoryCommands(USERDATA_PATH);

/**
 * The directory is the organisation's: only a member signed in with their account reads it
 * (402 without a session, 4009 with a session that is not a directory account's).
 */
async function requireMember(ctx: ServerContext, store: DirectoryStore, request: FastifyRequest): Promise<void> {
  const session = await requireSession(ctx.sessions, request);
  if ((await store.accountById(session.userId)) === null) throw new BizError(4009, 'the directory is for members of the organisation: sign in with your account');
}

async function userdata(ctx: ServerContext, store: DirectoryStore, query: Query, body: Fields) {
  const cmd = requireCmd(query, USERDATA_CMDS);
  readClientFields(body, { cmd, ver: PROTOCOL_VERSION_RESOURCE });
  const obj = queryText(query, 'obj');
  const allowed: readonly string[] = cmd === 'get' ? DIRECTORY_OBJECT_NAMES : ['orgcontacts'];
  if (obj === undefined || !allowed.includes(obj)) throw invalid('obj', `the query's obj must be one of ${allowed.join(', ')}`);
  const bodyObj = requireText(body, 'obj', { max: 32 });
  if (bodyObj !== obj) throw invalid('obj', `must be "${obj}" (the query's obj)`);
  const since = {
    updatetime: optionalInt(body, 'updatetime', VERSION_RULE) ?? 0,
    version: optionalInt(body, 'version', VERSION_RULE) ?? 0,
  };
  const version = await store.currentVersion();
  const updatetime = ctx.now();
  if (cmd === 'download') {
    const unchanged = since.version >= version && since.version > 0;
    return { obj, version, updatetime, unchanged, departments: unchanged ? [] : await store.orgContacts() };
  }
  return { obj, version, updatetime, items: await store.changes(obj as DirectoryObjectName, since) };
}

export const directoryRoutes: RouteModule = (app: FastifyInstance, ctx: ServerContext) => {
  const store = new DirectoryStore(ctx.store, ctx.now);

  app.post(LOCATION_PATH, async (request) => {
    requireCmd(queryOf(request), LOCATION_CMDS);
    readClientFields(fieldsOf(request.body), { cmd: 'lookup', ver: PROTOCOL_VERSION_LOGIN });
    return okEnvelope({ serverAddress: serverAddressList(ctx.config, request) });
  });

  app.post(REGISTER_PATH, async (request) => {
    requireCmd(queryOf(request), REGISTER_CMDS);
    return okEnvelope(await register(store, fieldsOf(request.body), ctx.config.directoryNameOnly));
  });

  app.post(LOGIN_PATH, async (request) => {
    const query = queryOf(request);
    const cmd = requireCmd(query, LOGIN_CMDS);
    const body = fieldsOf(request.body);
    if (cmd === 'captcha') {
      readClientFields(body, { cmd: 'captcha', ver: PROTOCOL_VERSION_LOGIN });
      const captchas = requireInt({ captchas: queryText(query, 'captchas') }, 'captchas', { min: 1, max: 99 });
      return okEnvelope({ captcha: CAPTCHA_VALUE, captchas });
    }
    const bindId = queryText(query, 'bindid');
    if (bindId !== undefined) requireText({ bindid: bindId }, 'bindid', { max: 64 });
    return okEnvelope(await auth(ctx, store, request, body, bindId));
  });

  app.post(USERDATA_PATH, async (request) => {
    await requireMember(ctx, store, request);
    return okEnvelope(await userdata(ctx, store, queryOf(request), fieldsOf(request.body)));
  });
};
