/**
 * The resource host (/share/v1): document share info, whiteboard info, the room's cloud
 * files, the CDN address of a file, and the files themselves (public: an <img> cannot send
 * the token header).
 */
import type { FastifyInstance } from 'fastify';
import { RESOURCE_CALLS } from '../../../src/protocol/services/resource';
import type { ServerContext } from '../../context.js';
import { okEnvelope } from '../../http/envelope.js';
import { enter } from '../shared/access.js';
import { ID, objectOf } from '../shared/schema.js';
import { documentsOf, fileOf, fileUrl, findDocument, parseFile, shareState, slideSvg, FILES_PREFIX } from './documents.js';

const WEBCAST_QUERY = { querystring: objectOf({ webcastId: ID }, ['webcastId']) };

export function resourceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { webcastId: string } }>(RESOURCE_CALLS.docShareInfo.path, { schema: WEBCAST_QUERY }, async (request) => {
    const { room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
    const state = await shareState(ctx, room.id);
    return okEnvelope({ sharing: state.sharing, doc: state.doc, updatedAt: state.updatedAt });
  });

  app.get<{ Querystring: { webcastId: string } }>(RESOURCE_CALLS.whiteboardInfo.path, { schema: WEBCAST_QUERY }, async (request) => {
    const { room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
    const state = await shareState(ctx, room.id);
    return okEnvelope({ ...state.whiteboard, updatedAt: state.updatedAt });
  });

  app.get<{ Querystring: { webcastId: string } }>(RESOURCE_CALLS.cloudInfo.path, { schema: WEBCAST_QUERY }, async (request) => {
    const { room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
    return okEnvelope({
      list: (await documentsOf(ctx.store.db, room.id)).map((d) => ({
        id: d.id,
        title: d.title,
        pages: d.pages,
        files: Array.from({ length: d.pages }, (_, i) => fileOf(d.id, i + 1)),
      })),
    });
  });

  app.post<{ Body: { webcastId: string; file: string } }>(
    RESOURCE_CALLS.cdnUrl.path,
    { schema: { body: objectOf({ webcastId: ID, file: { type: 'string', minLength: 1, maxLength: 200 } }, ['webcastId', 'file']) } },
    async (request) => {
      const { room } = await enter(ctx, request, request.body.webcastId, 'webcastId');
      const { doc, page } = await parseFile(ctx.store.db, room.id, request.body.file, 'file');
      const file = fileOf(doc.id, page);
      return okEnvelope({ file, url: fileUrl(file) });
    },
  );

  app.get<{ Params: { docId: string; page: string } }>(
    `${FILES_PREFIX}/:docId/:page`,
    { schema: { params: objectOf({ docId: ID, page: { type: 'string', pattern: '^[1-9][0-9]{0,3}$' } }, ['docId', 'page']) } },
    async (request, reply) => {
      const doc = await findDocument(ctx.store.db, request.params.docId);
      const page = Number(request.params.page);
      if (!doc || page > doc.pages) return reply.status(404).send({ code: 404, msg: 'no such file', data: null });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(slideSvg(doc, page));
    },
  );
}
