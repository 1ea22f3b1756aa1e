/**
 * Admin API for chat (host control of demos, tests and benchmarks; header x-admin-token).
 * Every call is POST with a JSON body unless marked GET; answers are the normal envelope.
 *
 *   POST /admin/v1/rooms/:id/say                         {text, role: 'host'|'assistant', name?, top?, highlight?} -> 7101
 *                                                        (the console's under /ccp/monitor/v1/host/rooms/:id/say: the
 *                                                        login's own role, no `role`)
 *   POST /admin/v1/rooms/:id/chat/state                  {open?, review?, pictures?, staffOnly?} -> 7105
 *   POST /admin/v1/rooms/:id/users/:uid/mute             {text?} -> 7127 mute + 7105
 *   POST /admin/v1/rooms/:id/users/:uid/unmute           {text?} -> 7127 unmute + 7105
 *   POST /admin/v1/rooms/:id/users/:uid/kick             {text?, minutes?} -> 7127 kick; sessions ended, sockets closed; the user,
 *                                                        their devices and (for guests) addresses kept out for `minutes`
 *                                                        (1 to 525,600), or until readmitted when absent
 *   POST /admin/v1/rooms/:id/users/:uid/notice           {text} -> 7127 notice
 *   POST /admin/v1/rooms/:id/users/:uid/readmit          lets a kicked user (and their devices and addresses) in again
 *   GET  /admin/v1/rooms/:id/kicks                       the kicks in force, newest first: {list: [{userId, name, text, kickedAt, until}]}
 *                                                        (readmit and kicks also under /ccp/monitor/v1/host/rooms/:id/ for the console)
 *   POST /admin/v1/rooms/:id/users/:uid/drop             {seconds} a simulated network drop: the user's sockets in the room
 *                                                        close, and close again unanswered at login for `seconds` (1 to 600)
 *   GET  /admin/v1/rooms/:id/chat/pending                 messages waiting for review
 *   POST /admin/v1/rooms/:id/chat/pending/:msgId/approve  -> 7101 (review mode)
 *   POST /admin/v1/rooms/:id/chat/pending/:msgId/reject
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { okEnvelope } from '../http/envelope.js';
import type { ChatService, RoomControlAction, StaffRole } from '../chat/service.js';
import { CONTROL_TEXT_MAX } from '../chat/service.js';
import { CHAT_TEXT_MAX_CHARS } from '../chat/message.js';
import { activeKicks, forgetKick } from '../chat/kicks.js';
import { ID_MAX } from '../socket/fields.js';
import { dropNetwork } from '../socket/networkDrops.js';
import { requireRoom } from '../entry/rooms.js';
import { isHost } from '../../src/domain/roles';
import { requireSession } from '../auth/sessions.js';
import { adminOnly, staffOfRoom } from './auth.js';
import { HOST_ROOMS, hostMounts } from './hostMount.js';

const idParam = { type: 'string', minLength: 1, maxLength: ID_MAX } as const;
const roomParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;
const userParams = { type: 'object', required: ['id', 'uid'], properties: { id: idParam, uid: idParam } } as const;
const pendingParams = { type: 'object', required: ['id', 'msgId'], properties: { id: idParam, msgId: idParam } } as const;
const controlBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { text: { type: 'string', maxLength: CONTROL_TEXT_MAX } },
} as const;

/** A simulated network drop lasts at most ten minutes. */
export const NETWORK_DROP_SECONDS_MAX = 600;

/** A kick's period: a minute to a year; left out, the kick lasts until the user is readmitted. */
export const KICK_MINUTES_MAX = 525_600;
const kickBody = {
  ...controlBody,
  properties: { ...controlBody.properties, minutes: { type: 'integer', minimum: 1, maximum: KICK_MINUTES_MAX } },
} as const;

interface SayBody {
  readonly text: string;
  readonly name?: string;
  readonly top?: boolean;
  readonly highlight?: boolean;
  readonly pickedUids?: string[];
}

const sayBody = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: {
    text: { type: 'string', minLength: 1, maxLength: CHAT_TEXT_MAX_CHARS },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    top: { type: 'boolean' },
    highlight: { type: 'boolean' },
    pickedUids: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 64 } },
  },
} as const;

export function registerChatAdminRoutes(app: FastifyInstance, ctx: ServerContext, chat: ChatService): void {
  const onRequest = adminOnly(ctx);

  const say = (webcastId: string, role: StaffRole, body: SayBody) => {
    const { text, name, top, highlight, pickedUids } = body;
    const extras = top === undefined && highlight === undefined ? undefined : { top: top ?? false, ...(highlight === undefined ? {} : { highlight }) };
    return chat.say(webcastId, role, text, { ...(name ? { name } : {}), ...(extras ? { extras } : {}), ...(pickedUids ? { pickedUids } : {}) });
  };
  app.post<{ Params: { id: string }; Body: SayBody & { role: StaffRole } }>(
    '/admin/v1/rooms/:id/say',
    { onRequest, schema: { params: roomParams, body: { ...sayBody, required: ['text', 'role'], properties: { ...sayBody.properties, role: { type: 'string', enum: ['host', 'assistant'] } } } } },
    async (request) => {
      const { role, ...body } = request.body;
      return okEnvelope(await say(request.params.id, role, body));
    },
  );
  // The console's: as the login's own role (a host's message, or an assistant's), under a name of its choosing.
  app.post<{ Params: { id: string }; Body: SayBody }>(
    `${HOST_ROOMS}/:id/say`,
    { onRequest: staffOfRoom(ctx), schema: { params: roomParams, body: sayBody } },
    async (request) => {
      const role = isHost((await requireSession(ctx.sessions, request)).role) ? 'host' : 'assistant';
      return okEnvelope(await say(request.params.id, role, request.body));
    },
  );

  app.post<{ Params: { id: string }; Body: { open?: boolean; review?: boolean; pictures?: boolean; staffOnly?: boolean } }>(
    '/admin/v1/rooms/:id/chat/state',
    {
      onRequest,
      schema: {
        params: roomParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { open: { type: 'boolean' }, review: { type: 'boolean' }, pictures: { type: 'boolean' }, staffOnly: { type: 'boolean' } },
        },
      },
    },
    async (request) => okEnvelope(await chat.setSwitches(request.params.id, request.body)),
  );

  const control = (action: RoomControlAction) =>
    app.post<{ Params: { id: string; uid: string }; Body: { text?: string; minutes?: number } | null }>(
      `/admin/v1/rooms/:id/users/:uid/${action}`,
      { onRequest, schema: { params: userParams, body: action === 'kick' ? kickBody : controlBody } },
      async (request) => {
        await chat.control(request.params.id, request.params.uid, action, request.body?.text ?? '', request.body?.minutes ?? null);
        return okEnvelope({ uid: request.params.uid, action, muted: (await chat.state(request.params.id)).muted });
      },
    );
  for (const action of ['mute', 'unmute', 'kick', 'notice'] as const) control(action);

  app.post<{ Params: { id: string; uid: string }; Body: { seconds: number } }>(
    '/admin/v1/rooms/:id/users/:uid/drop',
    {
      onRequest,
      schema: {
        params: userParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['seconds'],
          properties: { seconds: { type: 'integer', minimum: 1, maximum: NETWORK_DROP_SECONDS_MAX } },
        },
      },
    },
    async (request) => {
      await requireRoom(ctx, request.params.id);
      const closed = dropNetwork(ctx, request.params.id, request.params.uid, request.body.seconds);
      return okEnvelope({ uid: request.params.uid, seconds: request.body.seconds, closed });
    },
  );

  // Who is kept out, and letting them in again: the same code for the CLI and the console (hostMount.ts).
  for (const mount of hostMounts(ctx)) {
    app.get<{ Params: { id: string } }>(`${mount.base}/:id/kicks`, { onRequest: mount.onRequest, schema: { params: roomParams } }, async (request) => {
      await chat.state(request.params.id);
      return okEnvelope({ list: await activeKicks(ctx.store.db, request.params.id, ctx.now()) });
    });
    app.post<{ Params: { id: string; uid: string } }>(`${mount.base}/:id/users/:uid/readmit`, { onRequest: mount.onRequest, schema: { params: userParams } }, async (request) => {
      await chat.state(request.params.id);
      return okEnvelope({ uid: request.params.uid, readmitted: await forgetKick(ctx.store, request.params.id, request.params.uid) });
    });
  }

  app.get<{ Params: { id: string } }>('/admin/v1/rooms/:id/chat/pending', { onRequest, schema: { params: roomParams } }, async (request) =>
    okEnvelope({ list: await chat.pending(request.params.id) }),
  );

  app.post<{ Params: { id: string; msgId: string } }>(
    '/admin/v1/rooms/:id/chat/pending/:msgId/approve',
    { onRequest, schema: { params: pendingParams } },
    async (request) => okEnvelope(await chat.approve(request.params.id, request.params.msgId)),
  );

  app.post<{ Params: { id: string; msgId: string } }>(
    '/admin/v1/rooms/:id/chat/pending/:msgId/reject',
    { onRequest, schema: { params: pendingParams } },
    async (request) => {
      await chat.reject(request.params.id, request.params.msgId);
      return okEnvelope({ msgId: request.params.msgId });
    },
  );
}
