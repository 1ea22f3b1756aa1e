/**
 * The realtime socket server (PROTOCOL section 2) on the HTTP server's port: upgrades on
 * SOCKET_PATH become connections (connection.ts); any other upgrade path is refused with
 * 404. It registers the room handlers every socket needs (join, leave, history sync);
 * feature areas register theirs on ctx.socketHandlers.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ServerContext } from '../context.js';
import { randomToken } from '../auth/random.js';
import { CLOSE } from './closeCodes.js';
import { Connection } from './connection.js';
import { registerRoomHandlers } from './roomHandlers.js';
import { socketMetricsOf } from './socketMetrics.js';
import { SOCKET_PATH } from './url.js';

/**
 * A message above this closes the socket (ws answers 1009); below it and above
 * MAX_FRAME_BYTES it is only dropped. Reading a message costs memory, so there is a cap.
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** How long a shutdown waits for closing handshakes before cutting sockets. */
const SHUTDOWN_GRACE_MS = 500;

export interface SocketServer {
  /** Open connections (logged in or not). */
  readonly connectionCount: number;
  close(): Promise<void>;
}

function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export function attachSocketServer(httpServer: Server, ctx: ServerContext): SocketServer {
  const metrics = socketMetricsOf(ctx.metrics);
  registerRoomHandlers(ctx);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
    // Bytes are decoded by us (a bad sequence becomes U+FFFD and the frame fails to parse
    // or parses as text): an invalid byte must drop one frame, not close the socket (1007).
    skipUTF8Validation: true,
  });
  const connections = new Map<Connection, WebSocket>();
  let closing = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (closing) return refuseUpgrade(socket, '503 Service Unavailable');
    if (pathOf(request) !== SOCKET_PATH) return refuseUpgrade(socket, '404 Not Found');
    socket.on('error', () => undefined);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection({
        ctx,
        metrics,
        id: randomToken(),
        ws,
        socket,
        onClosed: (c) => connections.delete(c),
      });
      connections.set(connection, ws);
    });
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    get connectionCount() {
      return connections.size;
    },
    async close() {
      if (closing) return;
      closing = true;
      httpServer.off('upgrade', onUpgrade);
      const sockets = [...connections.entries()];
      const allClosed = Promise.all(sockets.map(([, ws]) => new Promise<void>((resolve) => ws.once('close', () => resolve()))));
      for (const [connection] of sockets) connection.close(CLOSE.goingAway, 'server shutting down');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([allClosed, new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)))]);
      clearTimeout(timer);
      for (const [, ws] of sockets) ws.terminate();
      // Cut sockets report 'close' a tick later; their clean-up must run before the store closes.
      await Promise.race([allClosed, new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)))]);
      clearTimeout(timer);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
