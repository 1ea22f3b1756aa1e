/**
 * Recommendations on the commerce service: the room's list, one by id, find by keyword and
 * push (staff only: the room sees push 7121).
 */
import type { FastifyInstance } from 'fastify';
import { validateKeyword, KEYWORD_MAX } from '../../../src/domain';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import { requireSession } from '../../auth/sessions.js';
import type { ServerContext } from '../../context.js';
import { invalid, okEnvelope } from '../../http/envelope.js';
import { callerIn, enter, requireStaff } from '../shared/access.js';
import { invalidBy } from '../shared/problems.js';
import { settingsOf } from '../shared/settings.js';
import { ID, PAGING, objectOf, page, routePath, type Paging } from '../shared/schema.js';
import { pushToRoom } from './push.js';
import { findRecommendation, matches, recommendationsOf } from './store.js';

export function recommendRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: { liveId: string } & Paging }>(
    COMMERCE_CALLS.recommendList.path,
    { schema: { body: objectOf({ liveId: ID, ...PAGING }, ['liveId']) } },
    async (request) => {
      const { room } = await enter(ctx, request, request.body.liveId, 'liveId');
      return okEnvelope({ ...page(await recommendationsOf(ctx.store.db, room.id), request.body), pushedId: (await settingsOf(ctx.store.db, room.id)).pushedRecommendId });
    },
  );

  app.get<{ Params: { id: string } }>(
    routePath(COMMERCE_CALLS.recommendById.path),
    { schema: { params: objectOf({ id: ID }, ['id']) } },
    async (request) => {
      const session = await requireSession(ctx.sessions, request);
      const rec = await findRecommendation(ctx.store.db, request.params.id);
      if (!rec) throw invalid('id', 'no such recommendation');
      await callerIn(ctx, session, rec.webcastId, 'id');
      return okEnvelope(rec);
    },
  );

  app.post<{ Body: { liveId: string; keyword?: string } }>(
    COMMERCE_CALLS.recommendFind.path,
    { schema: { body: objectOf({ liveId: ID, keyword: { type: 'string', maxLength: KEYWORD_MAX * 20 } }, ['liveId']) } },
    async (request) => {
      const { room } = await enter(ctx, request, request.body.liveId, 'liveId');
      const keyword = validateKeyword(request.body.keyword ?? '');
      if (!keyword.ok) throw invalidBy('keyword', keyword.error);
      return okEnvelope({ keyword: keyword.value, list: (await recommendationsOf(ctx.store.db, room.id)).filter((r) => matches(keyword.value, r.title, r.description)) });
    },
  );

  app.post<{ Body: { liveId: string; id: string } }>(
    COMMERCE_CALLS.recommendPush.path,
    { schema: { body: objectOf({ liveId: ID, id: ID }, ['liveId', 'id']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      requireStaff(caller, 'push a recommendation');
      return okEnvelope(await pushToRoom(ctx, caller.room.id, 'recommend', request.body.id));
    },
  );
}
