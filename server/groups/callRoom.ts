/**
 * Call-room requests of SPEC 7.5 over the connect-mic model (server/mic): the call room of
 * a webcast is its host side plus the viewers who are connecting or connected.
 *
 *   1605 join            {webcastId}                          a viewer who was accepted or invited
 *                                                             (connecting) joins: connected
 *   1607 quit            {webcastId}                          a viewer leaves: decline or hang up
 *   1613 kick            {webcastId, users, kick_reason?=100} host side: ends their mic (6117)
 *   1617 room attributes {webcastId, attr?: {open}}           read, or (host side) open/close requests
 *   1623 user attributes {webcastId, users?}                  each user's mic state
 *
 * Replies carry the call room as it is afterwards; the pushes (41xx, 61xx) come from the
 * mic service exactly as for the HTTP and admin paths.
 */
import { isStaff } from '../../src/domain/roles';
import { KICK_DEFAULT_REASON } from '../../src/domain/constants';
import type { FrameBody } from '../../src/protocol/frame';
import type { ServerContext } from '../context.js';
import { BizError, invalid } from '../http/envelope.js';
import { roomOfRequest } from '../socket/roomHandlers.js';
import type { SocketRequest } from '../socket/handlers.js';
import type { MicService } from '../mic/service.js';
import { isOnMic, type MicState } from '../mic/machine.js';
import { optionalBoolean, optionalInt, requireIdList, type Fields } from '../admin/input.js';

export const CALL_ROOM_REQUEST = { join: 1605, quit: 1607, kick: 1613, roomAttributes: 1617, userAttributes: 1623 } as const;

const UID = { max: 136 } as const;
const MAX_USERS = 100;

function requireStaff(request: SocketRequest): void {
  if (!isStaff(request.session.role)) throw new BizError(4009, 'only the host or an assistant may do this');
}

async function callRoom(mic: MicService, webcastId: string): Promise<FrameBody> {
  const users = (await mic.users(webcastId)).filter((u) => isOnMic(u.state)).map((u) => ({ uid: u.uid, name: u.name, state: u.state }));
  return { webcastId, open: await mic.requestsOpen(webcastId), users };
}

async function userAttributes(mic: MicService, webcastId: string, uids: readonly string[]): Promise<FrameBody> {
  return { webcastId, users: await Promise.all(uids.map(async (uid) => ({ uid, attr: { state: await mic.stateOf(webcastId, uid) } }))) };
}

/** The `attr` of 1617, when it changes something: only `open` (mic requests) is settable. */
function readAttr(body: Fields): { open: boolean } | null {
  const attr = body.attr;
  if (attr === undefined || attr === null) return null;
  if (typeof attr !== 'object' || Array.isArray(attr)) throw invalid('attr', 'must be an object such as {"open": true}');
  const open = optionalBoolean(attr as Fields, 'open');
  if (open === undefined) throw invalid('attr.open', 'is required (true or false)');
  return { open };
}

export function registerCallRoomHandlers(ctx: ServerContext, mic: MicService): void {
  const handlers = ctx.socketHandlers;

  handlers.register(CALL_ROOM_REQUEST.join, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    if (!isStaff(request.session.role)) {
      const state: MicState = await mic.stateOf(webcastId, request.session.userId);
      if (state === 'connecting') await mic.reply(request.session, 'confirm');
      else if (state !== 'connected') throw invalid('webcastId', 'join the call room once your mic application is accepted or you are invited');
    }
    return callRoom(mic, webcastId);
  });

  handlers.register(CALL_ROOM_REQUEST.quit, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    if (isStaff(request.session.role)) throw invalid('webcastId', 'the host side stays in the call room; close mic requests instead (1617)');
    const state = await mic.stateOf(webcastId, request.session.userId);
    if (state === 'connecting') await mic.reply(request.session, 'decline');
    else if (state === 'connected') await mic.reply(request.session, 'hangup');
    else throw invalid('webcastId', 'you are not in the call room');
    return callRoom(mic, webcastId);
  });

  handlers.register(CALL_ROOM_REQUEST.kick, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    requireStaff(request);
    const users = requireIdList(request.body, 'users', MAX_USERS, UID);
    const kickReason = optionalInt(request.body, 'kick_reason', { min: 0, max: 65535 }) ?? KICK_DEFAULT_REASON;
    for (const [i, uid] of users.entries()) {
      if (!isOnMic(await mic.stateOf(webcastId, uid))) throw invalid(`users[${i}]`, 'is not in the call room');
    }
    for (const uid of users) await mic.hangupByHost(webcastId, uid, kickReason);
    return { ...(await callRoom(mic, webcastId)), kicked: users, kick_reason: kickReason };
  });

  handlers.register(CALL_ROOM_REQUEST.roomAttributes, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    const attr = readAttr(request.body);
    if (attr !== null) {
      requireStaff(request);
      await mic.setRequestsOpen(webcastId, attr.open);
    }
    return { webcastId, attr: { open: await mic.requestsOpen(webcastId) } };
  });

  handlers.register(CALL_ROOM_REQUEST.userAttributes, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    const uids = request.body.users === undefined ? (await mic.users(webcastId)).map((u) => u.uid) : requireIdList(request.body, 'users', MAX_USERS, UID);
    return userAttributes(mic, webcastId, uids);
  });
}
