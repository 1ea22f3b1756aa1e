/**
 * The location answer (SPEC 7.4): the list of server addresses a client picks from by
 * 0-based index (1 login, 2 websocket, 5 resource, 9 registration; SERVER_ADDRESS_INDEX).
 * This one process serves every role, so each entry is its own public base URL, except
 * the websocket entry, which is the socket address (the same one a live login hands out).
 */
import type { FastifyRequest } from 'fastify';
import { SERVER_ADDRESS_INDEX } from '../../src/domain/constants';
import type { ServerConfig } from '../config.js';
import { socketUrlFor } from '../socket/url.js';

/** Ten entries: indices 0 to 9, the highest one SPEC names being 9 (registration). */
const ADDRESS_COUNT = SERVER_ADDRESS_INDEX.registration + 1;

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The base URL clients reach this server at: PUBLIC_URL when configured, else what the
 * request was sent to (its Host header and scheme), else the listening address.
 */
export function publicBaseUrl(config: ServerConfig, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.headers.host;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  if (typeof host === 'string' && HOST.test(host)) return `${scheme}://${host}`;
  const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${hostPart}:${config.port}`;
}

export function serverAddressList(config: ServerConfig, request: FastifyRequest): string[] {
  const list = Array.from({ length: ADDRESS_COUNT }, () => publicBaseUrl(config, request));
  list[SERVER_ADDRESS_INDEX.websocket] = socketUrlFor(config, request);
  return list;
}
