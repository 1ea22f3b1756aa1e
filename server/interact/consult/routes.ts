/**
 * Consultation (commerce consult/add): a viewer leaves a question with a phone number to be
 * called back. Content and phone are required; the phone must be a valid mobile number; the
 * name defaults to the viewer's nickname.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { validatePhone, validateRequired } from '../../../src/domain';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { ServerContext } from '../../context.js';
import { invalid, okEnvelope } from '../../http/envelope.js';
import { enter } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { invalidBy } from '../shared/problems.js';
import { ID, objectOf } from '../shared/schema.js';

export const CONSULT_LIMITS = { name: 20, content: 500 } as const;

export function consultRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: { liveId: string; name?: string; phone?: string; content?: string } }>(
    COMMERCE_CALLS.consultAdd.path,
    {
      schema: {
        body: objectOf(
          {
            liveId: ID,
            name: { type: 'string', maxLength: CONSULT_LIMITS.name },
            phone: { type: 'string', maxLength: 32 },
            content: { type: 'string', maxLength: CONSULT_LIMITS.content },
          },
          ['liveId'],
        ),
      },
    },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      const content = validateRequired(request.body.content);
      if (!content.ok) throw invalidBy('content', content.error);
      const phone = validatePhone(request.body.phone ?? '');
      if (!phone.ok) throw invalidBy('phone', phone.error);
      const name = (request.body.name ?? '').trim() || caller.user.name;
      if (!name) throw invalid('name', 'is required');
      const id = newId('cs');
      await sql`INSERT INTO consultations (id, webcast_id, user_id, name, phone, content, created_at)
        VALUES (${id}, ${caller.room.id}, ${caller.user.id}, ${name}, ${phone.value}, ${content.value.trim()}, ${ctx.now()})`.execute(ctx.store.db);
      return okEnvelope({ id, name, phone: phone.value, content: content.value.trim() });
    },
  );
}
