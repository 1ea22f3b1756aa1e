/**
 * Posters and invitations: template content, the caller's custom posters, the guest info a
 * poster shows, creating a poster (from a template or custom content) with its invite code
 * and URL, counting an invitee (invite/add) and the room's invite ranking.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { ServerContext } from '../../context.js';
import { BizError, invalid, okEnvelope } from '../../http/envelope.js';
import { enter, type Caller } from '../shared/access.js';
import { ID, objectOf, routePath } from '../shared/schema.js';
import { checkPosterContent } from './content.js';
import {
  addInvitation,
  createPoster,
  invitationRanking,
  invitedCount,
  posterByCode,
  postersOf,
  templatesOf,
  type Poster,
  type PosterTemplate,
} from './store.js';

/** A user keeps at most this many custom posters per room. */
export const CUSTOM_POSTERS_MAX = 50;

/** Where an invitee lands: the room's login page under the app prefix, carrying the code. */
function inviteUrl(ctx: ServerContext, request: FastifyRequest, poster: Poster): string {
  const base = ctx.config.publicUrl ?? `${request.protocol}://${request.headers.host ?? `${ctx.config.host}:${ctx.config.port}`}`;
  const prefix = ctx.config.appPrefix === '/' ? '' : ctx.config.appPrefix;
  return `${base}${prefix}/live/login/${encodeURIComponent(poster.webcastId)}?inviterId=${poster.inviteCode}`;
}

function posterView(ctx: ServerContext, request: FastifyRequest, poster: Poster) {
  return {
    id: poster.id,
    templateId: poster.templateId,
    content: poster.content,
    inviteCode: poster.inviteCode,
    inviteUrl: inviteUrl(ctx, request, poster),
    createdAt: poster.createdAt,
  };
}

async function templateIn(ctx: ServerContext, caller: Caller, templateId: string | undefined): Promise<PosterTemplate> {
  const templates = await templatesOf(ctx.store.db, caller.room.id);
  const template = templateId === undefined ? templates[0] : templates.find((t) => t.id === templateId);
  if (!template) throw invalid('templateId', templateId === undefined ? 'this room has no poster template' : 'no such poster template in this room');
  return template;
}

export function posterRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const LIVE_ONLY = objectOf({ liveId: ID }, ['liveId']);

  app.post<{ Body: { liveId: string; templateId?: string } }>(
    COMMERCE_CALLS.posterTemplateContent.path,
    { schema: { body: objectOf({ liveId: ID, templateId: ID }, ['liveId']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      const template = await templateIn(ctx, caller, request.body.templateId);
      return okEnvelope({ ...template, templates: (await templatesOf(ctx.store.db, caller.room.id)).map((t) => ({ id: t.id, title: t.title })) });
    },
  );

  app.post<{ Body: { liveId: string } }>(COMMERCE_CALLS.posterCustomList.path, { schema: { body: LIVE_ONLY } }, async (request) => {
    const caller = await enter(ctx, request, request.body.liveId, 'liveId');
    const custom = (await postersOf(ctx.store.db, caller.room.id, caller.user.id)).filter((p) => p.templateId === null);
    return okEnvelope({ list: custom.map((p) => posterView(ctx, request, p)) });
  });

  app.get<{ Querystring: { liveId: string } }>(COMMERCE_CALLS.posterGuestInfo.path, { schema: { querystring: LIVE_ONLY } }, async (request) => {
    const { user, room } = await enter(ctx, request, request.query.liveId, 'liveId');
    return okEnvelope({
      uid: user.id,
      name: user.name,
      headImgUrl: user.head_img_url,
      room: { id: room.id, title: room.title, startTime: room.start_time, coverUrl: room.cover_url },
      invitedCount: await invitedCount(ctx.store.db, room.id, user.id),
    });
  });

  app.post<{ Body: { liveId: string; templateId: string } }>(
    COMMERCE_CALLS.posterCreate.path,
    { schema: { body: objectOf({ liveId: ID, templateId: ID }, ['liveId', 'templateId']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      const template = await templateIn(ctx, caller, request.body.templateId);
      return okEnvelope(posterView(ctx, request, await createPoster(ctx.store.db, ctx.now(), caller.room.id, caller.user.id, template.id, template.content)));
    },
  );

  app.post<{ Body: { liveId: string; content: unknown } }>(
    COMMERCE_CALLS.posterCustomCreate.path,
    { schema: { body: objectOf({ liveId: ID, content: {} }, ['liveId', 'content']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      const content = checkPosterContent(request.body.content);
      const custom = (await postersOf(ctx.store.db, caller.room.id, caller.user.id)).filter((p) => p.templateId === null);
      if (custom.length >= CUSTOM_POSTERS_MAX) throw invalid('content', `at most ${CUSTOM_POSTERS_MAX} custom posters per room`);
      return okEnvelope(posterView(ctx, request, await createPoster(ctx.store.db, ctx.now(), caller.room.id, caller.user.id, null, content)));
    },
  );

  app.post<{ Body: { liveId: string; inviterId: string } }>(
    COMMERCE_CALLS.inviteAdd.path,
    // inviterId carries the invite code of the inviter's poster (the inviterId of the invite URL).
    { schema: { body: objectOf({ liveId: ID, inviterId: ID }, ['liveId', 'inviterId']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      const poster = await posterByCode(ctx.store.db, request.body.inviterId);
      if (!poster || poster.webcastId !== caller.room.id) throw new BizError(4301);
      if (poster.userId === caller.user.id) throw invalid('inviterId', 'you cannot invite yourself');
      const counted = await addInvitation(ctx.store.db, ctx.now(), poster, caller.user.id);
      return okEnvelope({ counted, inviterId: poster.userId });
    },
  );

  app.get<{ Params: { id: string } }>(
    routePath(LIVE_CALLS.posterInvitationList.path),
    { schema: { params: objectOf({ id: ID }, ['id']) } },
    async (request) => {
      // {id} is the room: the ranking is of everyone who invited people into it.
      const caller = await enter(ctx, request, request.params.id, 'id');
      const list = await invitationRanking(ctx.store.db, caller.room.id);
      const mine = list.find((r) => r.uid === caller.user.id);
      return okEnvelope({ list, mine: { count: mine?.count ?? 0, rank: mine?.rank ?? null } });
    },
  );
}
