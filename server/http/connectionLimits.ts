/**
 * Connections that never finish (issue 35 item 2): a request body announced and never
 * sent, headers trickled a byte at a time, a thousand such from one address. The node's own
 * HTTP server enforces three clocks, and this file adds a count per address:
 *
 * - idle: while a request is still arriving (a fresh connection, or a body not yet all
 *   read), REQUEST_IDLE seconds without a byte in destroy the connection: a stalled body.
 *   Once the request is in, the clock stops: an answer may take its time (a password check
 *   waits for the thread pool under a guessing farm), and a live FLV answer or an upgraded
 *   WebSocket (ws clears the timeout) is never cut by it.
 * - headers: all of a request's headers within the same time (slowloris).
 * - request: a whole request, body included, within REQUEST_TIMEOUT seconds, however
 *   slowly it trickles (long enough for a chat picture on a slow phone network).
 * - per address: at most MAX_CONNECTIONS_PER_ADDRESS open HTTP connections; a WebSocket
 *   stops counting once upgraded (an office behind one address has a socket per viewer).
 *   Loopback is exempt: a reverse proxy on this machine is every viewer's address, and it
 *   enforces its own limits.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { isLoopback } from '../auth/loginOrigin.js';

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

/** Keeps the idle clock running while the request's body arrives, and stops it once it is in. */
function stopIdleClockWhenIn(request: http.IncomingMessage, idleMs: number): void {
  const socket = request.socket;
  const length = request.headers['content-length'];
  const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) {
    socket.setTimeout(0);
    return;
  }
  socket.setTimeout(idleMs);
  request.once('end', () => socket.setTimeout(0));
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
    server.on('connection', (socket: Socket) => socket.setTimeout(limits.idleMs, () => socket.destroy()));
    server.on('request', (request: http.IncomingMessage) => stopIdleClockWhenIn(request, limits.idleMs));
    capPerAddress(server, limits);
    return server;
  };
}
