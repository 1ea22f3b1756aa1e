/**
 * The admin API (host control for demos, tests and benchmarks) is refused without the
 * admin token: header `x-admin-token: <ADMIN_TOKEN>` or `authorization: Bearer <token>`.
 * A refusal is HTTP 401 (not an envelope code): it is a transport-level "who are you".
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaff } from '../../src/domain/roles';
import { requireSession } from '../auth/sessions.js';
import { sameSecret } from '../auth/secrets.js';
import type { ServerContext } from '../context.js';
import { BizError, invalid } from '../http/envelope.js';

function presented(request: FastifyRequest): string | null {
  const header = request.headers['x-admin-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  return null;
}

/**
 * A fastify onRequest hook: admin routes register it with `{ onRequest: adminOnly(ctx) }`,
 * so a caller without the token is refused before the body is read or checked (a
 * preHandler ran after validation, and a bad body answered 4501 to anyone: the chaos
 * suite's access scenario found it).
 */
export const adminOnly = (ctx: ServerContext) => async (request: FastifyRequest, reply: FastifyReply) => {
  const token = presented(request);
  if (!token || !sameSecret(token, ctx.adminToken)) {
    await reply.status(401).send({ code: 401, msg: 'admin token required', data: null });
  }
};

/**
 * The console's guard for the host-control routes mounted under /ccp/monitor/v1/host/rooms/:id
 * (admin/interactAdmin.ts): a host or assistant login (token header) of that very room. A
 * missing or ended login is 402, a viewer's 4501 naming the role, another room's 4009, as
 * on the rest of the live service.
 */
export const staffOfRoom = (ctx: ServerContext) => async (request: FastifyRequest) => {
  const session = await requireSession(ctx.sessions, request);
  const room = (request.params as { id?: unknown }).id;
  if (!isStaff(session.role)) throw invalid('role', 'only the host or an assistant may do this');
  if (session.webcastId !== room) throw new BizError(4009, 'this login belongs to another room');
};
