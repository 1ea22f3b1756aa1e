/**
 * Admin API for connect-mic (host control; header x-admin-token; JSON bodies; envelope):
 *
 *   POST /admin/v1/rooms/:id/mic/requests        {open: boolean} -> 4111 (closing drops waiting applications: 4105)
 *   POST /admin/v1/rooms/:id/mic/:uid/accept     -> 4103 to the applicant (connecting)
 *   POST /admin/v1/rooms/:id/mic/:uid/reject     -> 4105 to the applicant (idle)
 *   POST /admin/v1/rooms/:id/mic/:uid/invite     -> 4133 to the viewer (connecting)
 *   POST /admin/v1/rooms/:id/mic/:uid/hangup     -> 4109 by host (idle)
 *   GET  /admin/v1/rooms/:id/mic                 -> {open, users}
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { okEnvelope } from '../http/envelope.js';
import { HOST_MIC_ACTIONS, type MicService } from '../mic/service.js';
import { ID_MAX } from '../socket/fields.js';
import { adminOnly } from './auth.js';

const idParam = { type: 'string', minLength: 1, maxLength: ID_MAX } as const;
const roomParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;
const userParams = { type: 'object', required: ['id', 'uid'], properties: { id: idParam, uid: idParam } } as const;

export function registerMicAdminRoutes(app: FastifyInstance, ctx: ServerContext, mic: MicService): void {
  const onRequest = adminOnly(ctx);

  app.post<{ Params: { id: string }; Body: { open: boolean } }>(
    '/admin/v1/rooms/:id/mic/requests',
    {
      onRequest,
      schema: {
        params: roomParams,
        body: { type: 'object', required: ['open'], additionalProperties: false, properties: { open: { type: 'boolean' } } },
      },
    },
    async (request) => {
      await mic.setRequestsOpen(request.params.id, request.body.open);
      return okEnvelope({ open: await mic.requestsOpen(request.params.id), users: await mic.users(request.params.id) });
    },
  );

  app.get<{ Params: { id: string } }>('/admin/v1/rooms/:id/mic', { onRequest, schema: { params: roomParams } }, async (request) =>
    okEnvelope({ open: await mic.requestsOpen(request.params.id), users: await mic.users(request.params.id) }),
  );

  for (const action of HOST_MIC_ACTIONS) {
    app.post<{ Params: { id: string; uid: string } }>(`/admin/v1/rooms/:id/mic/:uid/${action}`, { onRequest, schema: { params: userParams } }, async (request) => {
      const { id, uid } = request.params;
      return okEnvelope({ uid, state: await mic.hostAct(id, uid, action, 'host') });
    });
  }
}
