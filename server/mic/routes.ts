/**
 * Connect-mic over HTTP (SPEC 7.1 "Mic connection"; docs/protocol.md 4.7):
 * - POST /ccp/monitor/v1/voip/apply (form) {type, token}: type 1 apply, 2 cancel.
 * - POST /ccp/monitor/v1/voip/reply (form) {type, token}: type 1 connected (the viewer's
 *   media is up after an accept or an invitation), 2 decline, 3 hang up.
 *   Both answer data {webcastId, state} (the viewer's mic state afterwards).
 * - POST /ccp/monitor/v1/voip/host (JSON, a host or assistant login) {action, uid?, open?}:
 *   `requests` with `open`, or accept / reject / invite / hangup of `uid`; data {open, users}.
 * - GET /ccp/monitor/v1/voip/users?webcastId: data {open, users: [{uid, name, headImgUrl,
 *   state, since}]} (everyone of the room who is not idle).
 * - POST /ccp/monitor/v1/signaling/{id}/to/assistant {content}: `content` (any JSON, at
 *   most 8 KB) goes to the room's connected host and assistants as push 4121
 *   {webcastId, from, name, content}; data {delivered: sockets reached}.
 * The session is the `token` field when given, else the `token` header (402 without one).
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HOST_CALLS } from '../../src/protocol/services/host';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { encodeFrame } from '../../src/protocol/frame';
import { isStaff } from '../../src/domain/roles';
import { requireSession, type Session } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { ID_MAX } from '../socket/fields.js';
import { APPLY_TYPES, REPLY_TYPES } from './machine.js';
import { HOST_MIC_ACTIONS, type HostMicAction, type MicService } from './service.js';

/** Push carrying a viewer's message to the host side (PROTOCOL 2.5 range 4101-4133; 4121 is otherwise unused). */
export const SIGNAL_TO_ASSISTANT_PUSH = 4121;
export const SIGNAL_CONTENT_MAX_BYTES = 8 * 1024;

const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

async function sessionOf(ctx: ServerContext, request: FastifyRequest, bodyToken: string | undefined): Promise<Session> {
  if (!bodyToken) return requireSession(ctx.sessions, request);
  const session = await ctx.sessions.use(bodyToken);
  if (!session) throw new BizError(402);
  return session;
}

const typeBody = (types: readonly number[]) =>
  ({
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'integer', enum: types }, token: { type: 'string', maxLength: 128 } },
  }) as const;

export function registerMicRoutes(app: FastifyInstance, ctx: ServerContext, mic: MicService): void {
  app.post<{ Body: { type: keyof typeof APPLY_TYPES; token?: string } }>(
    LIVE_CALLS.micApply.path,
    { schema: { body: typeBody([1, 2]) } },
    async (request) => {
      const session = await sessionOf(ctx, request, request.body.token);
      const state = APPLY_TYPES[request.body.type] === 'apply' ? await mic.apply(session) : await mic.cancel(session);
      return okEnvelope({ webcastId: session.webcastId, state });
    },
  );

  app.post<{ Body: { type: keyof typeof REPLY_TYPES; token?: string } }>(
    LIVE_CALLS.micReply.path,
    { schema: { body: typeBody([1, 2, 3]) } },
    async (request) => {
      const session = await sessionOf(ctx, request, request.body.token);
      const state = await mic.reply(session, REPLY_TYPES[request.body.type]);
      return okEnvelope({ webcastId: session.webcastId, state });
    },
  );

  // The host side from the console: the same MicService calls as the admin API (and so `npm run room`).
  app.post<{ Body: { action: 'requests' | HostMicAction; uid?: string; open?: boolean } }>(
    HOST_CALLS.micHost.path,
    {
      schema: {
        body: {
          type: 'object',
          required: ['action'],
          additionalProperties: false,
          properties: {
            action: { type: 'string', enum: ['requests', ...HOST_MIC_ACTIONS] },
            uid: { type: 'string', minLength: 1, maxLength: ID_MAX },
            open: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const session = await requireSession(ctx.sessions, request);
      if (!isStaff(session.role)) throw invalid('role', 'only the host or an assistant may do this');
      const { webcastId } = session;
      const { action, uid, open } = request.body;
      if (action === 'requests') {
        if (open === undefined) throw invalid('open', 'required');
        await mic.setRequestsOpen(webcastId, open);
      } else {
        if (uid === undefined) throw invalid('uid', 'required');
        await mic.hostAct(webcastId, uid, action, session.userId);
      }
      return okEnvelope({ open: await mic.requestsOpen(webcastId), users: await mic.users(webcastId) });
    },
  );

  app.get<{ Querystring: { webcastId: string } }>(
    LIVE_CALLS.micUsers.path,
    {
      schema: {
        querystring: { type: 'object', required: ['webcastId'], properties: { webcastId: { type: 'string', minLength: 1, maxLength: ID_MAX } } },
      },
    },
    async (request) => {
      const session = await requireSession(ctx.sessions, request);
      const { webcastId } = request.query;
      if (session.webcastId !== webcastId) throw new BizError(4009, 'you are not allowed to enter: this login is for another room');
      return okEnvelope({ open: await mic.requestsOpen(webcastId), users: await mic.users(webcastId) });
    },
  );

  app.post<{ Params: { id: string }; Body: { content: unknown } }>(
    fastifyPath(LIVE_CALLS.signalToAssistant.path),
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: ID_MAX } } },
        body: { type: 'object', required: ['content'], properties: { content: {} } },
      },
    },
    async (request) => {
      const session = await requireSession(ctx.sessions, request);
      const webcastId = request.params.id;
      if (session.webcastId !== webcastId) throw new BizError(4009, 'you are not allowed to enter: this login is for another room');
      const { content } = request.body;
      if (content === null || content === undefined) throw invalid('content', 'required');
      if (Buffer.byteLength(JSON.stringify(content)) > SIGNAL_CONTENT_MAX_BYTES) throw invalid('content', `at most ${SIGNAL_CONTENT_MAX_BYTES} bytes`);
      const sender = (await sql<{ name: string }>`SELECT name FROM users WHERE id = ${session.userId}`.execute(ctx.store.db)).rows[0];
      const staff = ctx.clients.ofRoom(webcastId).filter((c) => isStaff(c.role));
      const frame = encodeFrame({ code: SIGNAL_TO_ASSISTANT_PUSH, body: { webcastId, from: session.userId, name: sender?.name ?? session.userId, content } });
      for (const client of staff) client.send(frame);
      return okEnvelope({ delivered: staff.length });
    },
  );
}
