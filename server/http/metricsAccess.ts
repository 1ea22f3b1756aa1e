/**
 * Who may read `/metrics`: with METRICS_TOKEN set, a request that brings it as a bearer
 * token; without it, a request made on this machine (the loopback address) that did not
 * come through a proxy. A proxy on the same machine would make every outside request look
 * local, so a forwarded-for header counts as outside.
 */
import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../auth/loginOrigin.js';
import { sameSecret } from '../auth/secrets.js';

export function mayReadMetrics(request: FastifyRequest, metricsToken: string | null): boolean {
  if (metricsToken !== null) {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), metricsToken);
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress ?? '');
}
