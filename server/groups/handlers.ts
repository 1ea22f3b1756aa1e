/**
 * Group and message requests on the socket (SPEC 7.5): reads each request body, runs the
 * operation (service.ts) and delivers its pushes to the users' sockets. Request bodies:
 *
 *   1401 create          {name, topic?, type?=3, maxnum?=500, auth?=1}
 *   1403 invite          {gid, invitee, info?} | cancel: {gid, cid, cancel: true}
 *   1405 reply invite    {gid, cid, response: 1 accept | 0 refuse}
 *   1407 apply to join   {gid, info?}
 *   1409 respond         {gid, cid, response}
 *   1411 delete members  {gid, users: [uid]}
 *   1413 exit            {gid}
 *   1415 set attributes  {gid, name?, topic?, maxnum?, auth?, attrs?}
 *   1417 set admin       {gid, uid, admin: boolean}
 *   1421 transfer host   {gid, uid}
 *   1425 receive setting {gid, setting: 0 push | 1 silent | 2 none}
 *   1429 power           {gid, uid, power: 0 | 1}
 *   1431 member info     {gid, uid?} | {} the caller's groups and pending invites
 *   1433 power apply     {gid, info?}
 *   1301 group message   {gid, body, type?=1, mid?}          -> push 1303 to members
 *   1101 peer message    {to, tocid?, type?=1, body: "<JSON object text>", mid?} -> push 1103
 *   1501 mark read       {gid, seq} | {from}
 *
 * `info` is a JSON object or its text (SPEC 3: "info (JSON)").
 */
import { encodeFrame, type FrameBody } from '../../src/protocol/frame';
import { GROUP_DEFAULTS } from '../../src/domain/constants';
import type { ServerContext } from '../context.js';
import type { SocketRequest } from '../socket/handlers.js';
import { invalid } from '../http/envelope.js';
import { randomToken } from '../auth/random.js';
import {
  optionalBoolean,
  optionalInt,
  optionalOneOf,
  optionalText,
  requireIdList,
  requireInt,
  requireOneOf,
  requireText,
  type Fields,
} from '../admin/input.js';
import { GroupStore, type GroupChanges } from './store.js';
import { GROUP_AUTH, GroupService, RECV_SETTING, RESPONSE, GROUP_POWER, type Outcome } from './service.js';

const ID = { max: 136 } as const;
const GID = { max: 64 } as const;
const MAX_JSON = 4000;
const MAX_MEMBERS_LIMIT = 5000;
const AUTHS = Object.values(GROUP_AUTH);
const RESPONSES = Object.values(RESPONSE);
const POWERS = Object.values(GROUP_POWER);
const SETTINGS = Object.values(RECV_SETTING);
const MID = /^[0-9A-Za-z_-]{16,64}$/;

function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** `info`: a JSON object or the text of one; absent is `{}`. */
function readInfo(fields: Fields): unknown {
  const value = fields.info;
  if (value === undefined || value === null) return {};
  let info: unknown = value;
  if (typeof value === 'string') {
    try {
      info = JSON.parse(value);
    } catch {
      throw invalid('info', 'must be a JSON object or its text');
    }
  }
  if (typeof info !== 'object' || info === null || Array.isArray(info)) throw invalid('info', 'must be a JSON object or its text');
  if (jsonSize(info) > MAX_JSON) throw invalid('info', `must be at most ${MAX_JSON} characters of JSON`);
  return info;
}

function readMid(fields: Fields): string {
  const mid = fields.mid;
  if (mid === undefined || mid === null) return randomToken();
  if (typeof mid !== 'string' || !MID.test(mid)) throw invalid('mid', 'must be 16 to 64 letters, digits, - or _');
  return mid;
}

/** A group message body: text (at most 2000 characters) or a JSON object. */
function readGroupBody(fields: Fields): unknown {
  const body = fields.body;
  if (typeof body === 'string') return requireText(fields, 'body', { max: 2000 });
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    if (jsonSize(body) > MAX_JSON) throw invalid('body', `must be at most ${MAX_JSON} characters of JSON`);
    return body;
  }
  throw invalid('body', body === undefined ? 'is required' : 'must be text or a JSON object');
}

/**
 * A peer message body (SPEC 3): the text of a JSON object, which carries node_type (5 for
 * the client's own messages) and a start in seconds; both are checked when present.
 */
function readPeerBody(fields: Fields): string {
  const text = requireText(fields, 'body', { max: MAX_JSON });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('body', 'must be the text of a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('body', 'must be the text of a JSON object');
  const { node_type: nodeType, start } = parsed as Record<string, unknown>;
  if (nodeType !== undefined && !Number.isInteger(nodeType)) throw invalid('body.node_type', 'must be an integer');
  if (start !== undefined && (typeof start !== 'number' || !Number.isFinite(start) || start < 0)) {
    throw invalid('body.start', 'must be a number of seconds, 0 or more');
  }
  return text;
}

function readChanges(fields: Fields): GroupChanges {
  const changes: { -readonly [K in keyof GroupChanges]: GroupChanges[K] } = {};
  const name = optionalText(fields, 'name', { max: 64 });
  if (name !== undefined) changes.name = name;
  if (fields.topic !== undefined) changes.topic = fields.topic === '' ? '' : optionalText(fields, 'topic', { max: 256 });
  const maxnum = optionalInt(fields, 'maxnum', { min: 2, max: MAX_MEMBERS_LIMIT });
  if (maxnum !== undefined) changes.maxnum = maxnum;
  const auth = optionalOneOf(fields, 'auth', AUTHS);
  if (auth !== undefined) changes.auth = auth;
  if (fields.attrs !== undefined) {
    const attrs = fields.attrs;
    if (typeof attrs !== 'object' || attrs === null || Array.isArray(attrs)) throw invalid('attrs', 'must be a JSON object');
    if (jsonSize(attrs) > MAX_JSON) throw invalid('attrs', `must be at most ${MAX_JSON} characters of JSON`);
    changes.attrs = attrs as Record<string, unknown>;
  }
  return changes;
}

/** Sends each push to every socket of its users, except the socket that asked. */
function deliver(ctx: ServerContext, outcome: Outcome, exceptClientId: string): void {
  for (const push of outcome.pushes) {
    const frame = encodeFrame({ code: push.code, body: push.body });
    for (const userId of new Set(push.to)) {
      for (const client of ctx.clients.ofUser(userId)) if (client.id !== exceptClientId) client.send(frame);
    }
  }
}

type Operation = (service: GroupService, userId: string, fields: Fields) => Promise<Outcome>;

/** What each request code does, as data. */
const OPERATIONS: ReadonlyMap<number, Operation> = new Map<number, Operation>([
  [
    1401,
    (s, uid, f) =>
      s.create(uid, {
        name: requireText(f, 'name', { max: 64 }),
        topic: optionalText(f, 'topic', { max: 256 }),
        type: optionalInt(f, 'type', { min: 0, max: 99 }) ?? GROUP_DEFAULTS.type,
        maxnum: optionalInt(f, 'maxnum', { min: 2, max: MAX_MEMBERS_LIMIT }) ?? GROUP_DEFAULTS.maxnum,
        auth: optionalOneOf(f, 'auth', AUTHS) ?? GROUP_DEFAULTS.auth,
      }),
  ],
  [
    1403,
    (s, uid, f) =>
      optionalBoolean(f, 'cancel') === true
        ? s.cancelInvite(uid, requireText(f, 'gid', GID), requireText(f, 'cid', GID))
        : s.invite(uid, requireText(f, 'gid', GID), requireText(f, 'invitee', ID), readInfo(f)),
  ],
  [1405, (s, uid, f) => s.replyInvite(uid, requireText(f, 'gid', GID), requireText(f, 'cid', GID), requireOneOf(f, 'response', RESPONSES))],
  [1407, (s, uid, f) => s.apply(uid, requireText(f, 'gid', GID), readInfo(f))],
  [
    1409,
    (s, uid, f) => s.respondApplication(uid, requireText(f, 'gid', GID), requireText(f, 'cid', GID), requireOneOf(f, 'response', RESPONSES)),
  ],
  [1411, (s, uid, f) => s.removeMembers(uid, requireText(f, 'gid', GID), requireIdList(f, 'users', 100, ID))],
  [1413, (s, uid, f) => s.exit(uid, requireText(f, 'gid', GID))],
  [1415, (s, uid, f) => s.setAttributes(uid, requireText(f, 'gid', GID), readChanges(f))],
  [
    1417,
    (s, uid, f) => {
      const admin = optionalBoolean(f, 'admin');
      if (admin === undefined) throw invalid('admin', 'is required');
      return s.setAdmin(uid, requireText(f, 'gid', GID), requireText(f, 'uid', ID), admin);
    },
  ],
  [1421, (s, uid, f) => s.transferHost(uid, requireText(f, 'gid', GID), requireText(f, 'uid', ID))],
  [1425, (s, uid, f) => s.setRecvSetting(uid, requireText(f, 'gid', GID), requireOneOf(f, 'setting', SETTINGS))],
  [1429, (s, uid, f) => s.setPower(uid, requireText(f, 'gid', GID), requireText(f, 'uid', ID), requireOneOf(f, 'power', POWERS))],
  [1431, (s, uid, f) => (f.gid === undefined ? s.myGroups(uid) : s.memberInfo(uid, requireText(f, 'gid', GID), optionalText(f, 'uid', ID)))],
  [1433, (s, uid, f) => s.applyForPower(uid, requireText(f, 'gid', GID), readInfo(f))],
  [
    1301,
    (s, uid, f) =>
      s.groupMessage(uid, requireText(f, 'gid', GID), readMid(f), optionalInt(f, 'type', { min: 0, max: 999 }) ?? 1, readGroupBody(f)),
  ],
  [
    1101,
    (s, uid, f) =>
      s.peerMessage(uid, readMid(f), {
        to: requireText(f, 'to', ID),
        tocid: optionalText(f, 'tocid', { max: 64 }) ?? '',
        type: optionalInt(f, 'type', { min: 0, max: 999 }) ?? 1,
        body: readPeerBody(f),
      }),
  ],
  [
    1501,
    (s, uid, f) => {
      if (f.gid !== undefined) return s.markGroupRead(uid, requireText(f, 'gid', GID), requireInt(f, 'seq', { min: 0, max: Number.MAX_SAFE_INTEGER }));
      if (f.from !== undefined) return s.markPeerRead(uid, requireText(f, 'from', ID));
      throw invalid('gid', 'is required (or from, for peer messages)');
    },
  ],
]);

/** The request codes this module answers. */
export const GROUP_REQUEST_CODES: readonly number[] = [...OPERATIONS.keys()];

export function registerGroupHandlers(ctx: ServerContext): void {
  const service = new GroupService(new GroupStore(ctx.store.db, ctx.now), ctx.now);
  for (const [code, operation] of OPERATIONS) {
    ctx.socketHandlers.register(code, async (request: SocketRequest): Promise<FrameBody> => {
      const outcome = await operation(service, request.session.userId, request.body);
      deliver(ctx, outcome, request.client.id);
      return outcome.reply;
    });
  }
}
