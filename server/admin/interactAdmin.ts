/**
 * Host control of the interactive features for demos, tests and benchmarks (admin API, header
 * x-admin-token). Every call is POST with an optional JSON body and answers the normal
 * envelope; without an id the room's seeded item of that kind is used.
 *
 *   /admin/v1/rooms/:id/lottery/start   {raffleId?}                       7113 state start
 *   /admin/v1/rooms/:id/lottery/end     {raffleId?}                       7113 state end + winners
 *   /admin/v1/rooms/:id/paper/publish   {kind: paper|quiz|answerSheet, id?}  7115
 *   /admin/v1/rooms/:id/paper/close     {id?}                             7115 {closed, results}: no more answers
 *   /admin/v1/rooms/:id/rollcall/start  {seconds?}                        7117 with deadline
 *   /admin/v1/rooms/:id/redpacket/send  {id?, total?, count?, title?}     7119 state 1
 *   /admin/v1/rooms/:id/goods/push      {kind: goods|recommend, id?}      7121
 *   /admin/v1/rooms/:id/qa/state        {state: on|off|unopened}          7123 {state}
 *   /admin/v1/rooms/:id/qa/pending                                        the questions under review, oldest first
 *   /admin/v1/rooms/:id/qa/:qaId/approve                                  7123 {question} (shown to the room)
 *   /admin/v1/rooms/:id/qa/:qaId/answer {text}                            7123 {question}
 *   /admin/v1/rooms/:id/share           {docId?, page?, whiteboard?, stop?}  document sharing
 *   /admin/v1/rooms/:id/commerce        {rewards?, goods?}                 enable or disable (4405, 4406); {} reads them
 *   /admin/v1/rooms/:id/ledger          {kind?}                           the room's money ledger, oldest first
 *   /admin/v1/rooms/:id/users/:uid/real-name {verified}                   mark an account real-name verified (withdrawals need it: 4204)
 *   /admin/v1/rooms/:id/goods/:goodsId/stock {stock}                      set a goods item's stock
 *   /admin/v1/rooms/:id/rollcall/signins                                  the latest roll call and who signed in
 *   /admin/v1/rooms/:id/redpacket/grabs                                   the latest red packet and who grabbed what
 *
 * The host's console calls the same routes, from lottery/start to share and the two
 * results, at /ccp/monitor/v1/host/rooms/:id/... with a host or assistant login of that room
 * (token header) instead of the admin token.
 */
import { changedRows } from '../store/sqlStore.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { adminOnly } from './auth.js';
import { hostMounts, type HostControlMount } from './hostMount.js';
import { rollCallSignIns } from '../interact/rollCall/rollCall.js';
import { redPacketGrabs } from '../interact/redPacket/control.js';
import { requireRoom } from '../interact/shared/access.js';
import { ID, objectOf } from '../interact/shared/schema.js';
import { QA_STATES, updateSettings, settingsOf, type QaState } from '../interact/shared/settings.js';
import { startRaffle, endRaffle } from '../interact/raffle/control.js';
import { closePaperOf, publish, PUBLISH_KINDS, type PublishKind } from '../interact/papers/publish.js';
import { startRollCall, ROLL_CALL_DEFAULT_SECONDS, ROLL_CALL_SECONDS } from '../interact/rollCall/rollCall.js';
import { sendRedPacket } from '../interact/redPacket/control.js';
import { RED_PACKET_MAX_COUNT } from '../interact/redPacket/split.js';
import { pushToRoom, PUSH_KINDS, type PushKind } from '../interact/goods/push.js';
import { findGoods, setStock } from '../interact/goods/store.js';
import { answer, approve, setQaState, ANSWER_MAX } from '../interact/qa/control.js';
import { changeShare } from '../interact/resource/documents.js';
import { pendingQuestions } from '../interact/qa/store.js';
import { ledgerOf, LEDGER_KINDS, type LedgerKind } from '../interact/shared/ledger.js';

/** A body that may be left out (the CLI sends none when there is nothing to say). */
const optionalBody = (properties: Record<string, unknown>, required: readonly string[] = []) => ({
  ...objectOf(properties, required),
  type: required.length > 0 ? 'object' : ['object', 'null'],
});

const ROOM_PARAMS = objectOf({ id: ID }, ['id']);
const QUESTION_PARAMS = objectOf({ id: ID, qaId: ID }, ['id', 'qaId']);


export function hostInteractRoutes(app: FastifyInstance, ctx: ServerContext, mount: HostControlMount): void {
  const guard = { onRequest: mount.onRequest };
  const room = async (id: string) => (await requireRoom(ctx, id, 'id')).id;
  const at = (path: string) => `${mount.base}/:id/${path}`;

  app.post<{ Params: { id: string }; Body: { raffleId?: string } | null }>(
    at('lottery/start'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ raffleId: ID }) } },
    async (request) => okEnvelope(await startRaffle(ctx, await room(request.params.id), request.body?.raffleId)),
  );

  app.post<{ Params: { id: string }; Body: { raffleId?: string } | null }>(
    at('lottery/end'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ raffleId: ID }) } },
    async (request) => okEnvelope(await endRaffle(ctx, await room(request.params.id), request.body?.raffleId)),
  );

  app.post<{ Params: { id: string }; Body: { kind: PublishKind; id?: string } }>(
    at('paper/publish'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ kind: { type: 'string', enum: [...PUBLISH_KINDS] }, id: ID }, ['kind']) } },
    async (request) => okEnvelope(await publish(ctx, await room(request.params.id), request.body.kind, request.body.id)),
  );

  app.post<{ Params: { id: string }; Body: { id?: string } | null }>(
    at('paper/close'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ id: ID }) } },
    async (request) => okEnvelope(await closePaperOf(ctx, await room(request.params.id), request.body?.id)),
  );

  app.post<{ Params: { id: string }; Body: { seconds?: number } | null }>(
    at('rollcall/start'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ seconds: { type: 'integer', minimum: ROLL_CALL_SECONDS.min, maximum: ROLL_CALL_SECONDS.max } }) } },
    async (request) => okEnvelope(await startRollCall(ctx, await room(request.params.id), request.body?.seconds ?? ROLL_CALL_DEFAULT_SECONDS)),
  );

  app.post<{ Params: { id: string }; Body: { id?: string; total?: string; count?: number; title?: string } | null }>(
    at('redpacket/send'),
    {
      ...guard,
      schema: {
        params: ROOM_PARAMS,
        body: optionalBody({
          id: ID,
          total: { type: 'string', minLength: 1, maxLength: 32 },
          count: { type: 'integer', minimum: 1, maximum: RED_PACKET_MAX_COUNT },
          title: { type: 'string', minLength: 1, maxLength: 40 },
        }),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const fresh = body.total !== undefined && body.count !== undefined ? { total: body.total, count: body.count, title: body.title } : undefined;
      return okEnvelope(await sendRedPacket(ctx, await room(request.params.id), body.id, fresh));
    },
  );

  app.post<{ Params: { id: string }; Body: { kind: PushKind; id?: string } }>(
    at('goods/push'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ kind: { type: 'string', enum: [...PUSH_KINDS] }, id: ID }, ['kind']) } },
    async (request) => okEnvelope(await pushToRoom(ctx, await room(request.params.id), request.body.kind, request.body.id)),
  );

  app.post<{ Params: { id: string }; Body: { state: QaState } }>(
    at('qa/state'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ state: { type: 'string', enum: [...QA_STATES] } }, ['state']) } },
    async (request) => okEnvelope(await setQaState(ctx, await room(request.params.id), request.body.state)),
  );

  app.post<{ Params: { id: string } }>(at('qa/pending'), { ...guard, schema: { params: ROOM_PARAMS } }, async (request) =>
    okEnvelope({ list: (await pendingQuestions(ctx.store.db, await room(request.params.id))).map((q) => ({ qaId: q.id, name: q.name, content: q.content, parentId: q.parentId })) }),
  );

  app.post<{ Params: { id: string; qaId: string } }>(
    at('qa/:qaId/approve'),
    { ...guard, schema: { params: QUESTION_PARAMS } },
    async (request) => okEnvelope(await approve(ctx, await room(request.params.id), request.params.qaId)),
  );

  app.post<{ Params: { id: string; qaId: string }; Body: { text: string } }>(
    at('qa/:qaId/answer'),
    { ...guard, schema: { params: QUESTION_PARAMS, body: optionalBody({ text: { type: 'string', minLength: 1, maxLength: ANSWER_MAX * 4 } }, ['text']) } },
    async (request) => okEnvelope(await answer(ctx, await room(request.params.id), request.params.qaId, request.body.text, 'host')),
  );

  app.post<{ Params: { id: string }; Body: { docId?: string; page?: number; whiteboard?: boolean; stop?: boolean } | null }>(
    at('share'),
    {
      ...guard,
      schema: {
        params: ROOM_PARAMS,
        body: optionalBody({ docId: ID, page: { type: 'integer', minimum: 1, maximum: 9999 }, whiteboard: { type: 'boolean' }, stop: { type: 'boolean' } }),
      },
    },
    async (request) => okEnvelope(await changeShare(ctx, await room(request.params.id), request.body ?? {})),
  );


  // What came of them: the latest roll call's sign-ins, the latest red packet's grabs.
  app.post<{ Params: { id: string } }>(at('rollcall/signins'), { ...guard, schema: { params: ROOM_PARAMS } }, async (request) =>
    okEnvelope(await rollCallSignIns(ctx.store.db, await room(request.params.id))),
  );

  app.post<{ Params: { id: string } }>(at('redpacket/grabs'), { ...guard, schema: { params: ROOM_PARAMS } }, async (request) =>
    okEnvelope(await redPacketGrabs(ctx.store.db, await room(request.params.id))),
  );

  // Gifts and rewards, goods: the room's own switches (an empty body reads them).
  app.post<{ Params: { id: string }; Body: { rewards?: boolean; goods?: boolean } | null }>(
    at('commerce'),
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ rewards: { type: 'boolean' }, goods: { type: 'boolean' } }) } },
    async (request) => {
      const id = await room(request.params.id);
      const body = request.body ?? {};
      await updateSettings(ctx.store.db, id, {
        ...(body.rewards === undefined ? {} : { rewards_enabled: body.rewards ? 1 : 0 }),
        ...(body.goods === undefined ? {} : { goods_enabled: body.goods ? 1 : 0 }),
      });
      const s = await settingsOf(ctx.store.db, id);
      return okEnvelope({ rewards: s.rewardsEnabled, goods: s.goodsEnabled });
    },
  );
}

/** The admin-only part (the platform's switches and books), and the host set under the admin token. */
export function interactAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Checked on request, before the body is parsed or validated: without the token a caller
  // learns nothing, not even whether its body would have been accepted.
  const guard = { onRequest: adminOnly(ctx) };
  const room = async (id: string) => (await requireRoom(ctx, id, 'id')).id;
  for (const mount of hostMounts(ctx)) hostInteractRoutes(app, ctx, mount);

  // The reference server has no identity check of its own: the host's operator stands in for it.
  app.post<{ Params: { id: string; uid: string }; Body: { verified: boolean } }>(
    '/admin/v1/rooms/:id/users/:uid/real-name',
    { ...guard, schema: { params: objectOf({ id: ID, uid: ID }, ['id', 'uid']), body: objectOf({ verified: { type: 'boolean' } }, ['verified']) } },
    async (request) => {
      await room(request.params.id);
      const changed = changedRows(await sql`UPDATE users SET real_name_verified = ${request.body.verified ? 1 : 0} WHERE id = ${request.params.uid}`.execute(ctx.store.db));
      if (changed === 0) throw invalid('uid', 'no such user');
      return okEnvelope({ uid: request.params.uid, realNameVerified: request.body.verified });
    },
  );

  app.post<{ Params: { id: string; goodsId: string }; Body: { stock: number } }>(
    '/admin/v1/rooms/:id/goods/:goodsId/stock',
    { ...guard, schema: { params: objectOf({ id: ID, goodsId: ID }, ['id', 'goodsId']), body: objectOf({ stock: { type: 'integer', minimum: 0, maximum: 1_000_000 } }, ['stock']) } },
    async (request) => {
      const roomId = await room(request.params.id);
      const goods = await findGoods(ctx.store.db, request.params.goodsId);
      if (!goods || goods.webcastId !== roomId || !(await setStock(ctx.store.db, goods.id, request.body.stock))) throw invalid('goodsId', 'no such goods in this room');
      return okEnvelope({ goodsId: goods.id, stock: request.body.stock });
    },
  );

  app.post<{ Params: { id: string }; Body: { kind?: LedgerKind } | null }>(
    '/admin/v1/rooms/:id/ledger',
    { ...guard, schema: { params: ROOM_PARAMS, body: optionalBody({ kind: { type: 'string', enum: [...LEDGER_KINDS] } }) } },
    async (request) => okEnvelope({ list: await ledgerOf(ctx.store.db, await room(request.params.id), request.body?.kind) }),
  );
}
