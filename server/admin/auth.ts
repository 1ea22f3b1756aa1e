/**
 * The admin API (host control for demos, tests and benchmarks) is refused without the
 * admin token: header `x-admin-token: <ADMIN_TOKEN>` or `authorization: Bearer <token>`.
 * A refusal is HTTP 401 (not an envelope code): it is a transport-level "who are you".
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';

function presented(request: FastifyRequest): string | null {
  const header = request.headers['x-admin-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  return null;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A fastify onRequest hook: admin routes register it with `{ onRequest: adminOnly(ctx) }`,
 * so a caller without the token is refused before the body is read or checked (a
 * preHandler ran after validation, and a bad body answered 4501 to anyone: the chaos
 * suite's access scenario found it).
 */
export const adminOnly = (ctx: ServerContext) => async (request: FastifyRequest, reply: FastifyReply) => {
  const token = presented(request);
  if (!token || !same(token, ctx.adminToken)) {
    await reply.status(401).send({ code: 401, msg: 'admin token required', data: null });
  }
};
