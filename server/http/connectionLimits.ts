/**
 * Connections that never finish (issue 35 item 2): a request body announced and never
 * sent, headers trickled a byte at a time, a thousand such from one address. The node's own
 * HTTP server enforces three clocks, and this file adds a count per address:
 *
 * - idle: a connection on which nothing moves (no byte in, no byte out) for REQUEST_IDLE
 *   seconds is destroyed: a stalled body, a forgotten socket. A live FLV answer writes all
 *   the time and an upgraded WebSocket has its own heartbeat (ws clears this timeout), so
 *   neither is touched.
 * - headers: all of a request's headers within the same time (slowloris).
 * - request: a whole request, body included, within REQUEST_TIMEOUT seconds, however
 *   slowly it trickles (long enough for a chat picture on a slow phone network).
 * - per address: at most MAX_CONNECTIONS_PER_ADDRESS open HTTP connections; a WebSocket
 *   stops counting once upgraded (an office behind one address has a socket per viewer).
 *   Loopback is exempt: a reverse proxy on this machine is every viewer's address, and it
 *   enforces its own limits (docs/operations.md).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';

export interface ConnectionLimits {
  readonly idleMs: number;
  readonly requestMs: number;
  /** 0: no cap. */
  readonly maxPerAddress: number;
  /** Addresses the cap does not apply to. */
  readonly exempt?: (address: string) => boolean;
  /** Called when a connection is refused for its address's count. */
  readonly onRefused?: () => void;
}

const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;
export const isLoopback = (address: string): boolean => LOOPBACK.test(address);

/** Counts a connection against its address until it closes or is upgraded. */
function capPerAddress(server: http.Server, limits: ConnectionLimits): void {
  if (limits.maxPerAddress <= 0) return;
  const exempt = limits.exempt ?? isLoopback;
  const open = new Map<string, number>();
  const counted = new WeakMap<Socket, string>();
  const release = (socket: Socket): void => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    const left = (open.get(address) ?? 1) - 1;
    if (left <= 0) open.delete(address);
    else open.set(address, left);
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const now = open.get(address) ?? 0;
    if (now >= limits.maxPerAddress) {
      limits.onRefused?.();
      socket.destroy();
      return;
    }
    open.set(address, now + 1);
    counted.set(socket, address);
    socket.once('close', () => release(socket));
  });
  server.on('upgrade', (_request: http.IncomingMessage, socket: Socket) => release(socket));
}

export function limitedServerFactory(limits: ConnectionLimits): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestMs,
        headersTimeout: Math.min(limits.idleMs, limits.requestMs),
        // How often the two clocks above are read; the default (30 s) would let a stalled
        // request live half a minute past its limit.
        connectionsCheckingInterval: Math.min(2000, limits.idleMs),
        keepAliveTimeout: 5000,
      },
      handler,
    );
    // Without a 'timeout' listener the server destroys a socket idle this long.
    server.setTimeout(limits.idleMs);
    capPerAddress(server, limits);
    return server;
  };
}
