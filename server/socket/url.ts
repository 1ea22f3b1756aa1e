/**
 * The realtime socket address handed to clients (login answer `ws`, PROTOCOL 1.3; the
 * directory's server address index 2). PUBLIC_URL wins when set (a proxy or another host
 * name in front of the server); otherwise the Host the browser used to reach this server,
 * so the socket goes to the same place the page came from.
 */
import type { ServerConfig } from '../config.js';

/** The path the socket server accepts upgrades on. */
export const SOCKET_PATH = '/ws';

/** What socketUrlFor reads of a request (a FastifyRequest fits). */
export interface RequestOrigin {
  readonly headers: { readonly host?: string | undefined };
  readonly protocol?: string;
}

/** host, host:port, [v6]:port; anything else in a Host header is not used to build a URL. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function socketUrlFor(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>, request?: RequestOrigin): string {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const base = url.pathname.replace(/\/+$/, '');
    return `${scheme}//${url.host}${base}${SOCKET_PATH}`;
  }
  const host = request?.headers.host;
  if (host && HOST_HEADER.test(host)) {
    return `${request?.protocol === 'https' ? 'wss' : 'ws'}://${host}${SOCKET_PATH}`;
  }
  const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `ws://${hostPart}:${config.port}${SOCKET_PATH}`;
}
