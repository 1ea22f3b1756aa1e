/**
 * Socket request handlers by request code (PROTOCOL 2.2). The socket server owns the
 * frame loop and the reply (code - 1, same seq); feature areas register what a request
 * does. A handler returns the reply body (the server adds `status: 200`) or throws a
 * BizError, whose code becomes the reply's `status` and whose message its `msg`.
 */
import type { FrameBody } from '../../src/protocol/frame';
import type { Session } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';
import type { ConnectedClient } from './clients.js';

export interface SocketRequest {
  readonly client: ConnectedClient;
  readonly session: Session;
  readonly code: number;
  readonly body: FrameBody;
}

export type SocketRequestHandler = (request: SocketRequest, ctx: ServerContext) => FrameBody | Promise<FrameBody>;

export class SocketHandlers {
  private readonly handlers = new Map<number, SocketRequestHandler>();

  register(code: number, handler: SocketRequestHandler): void {
    if (code % 2 !== 1) throw new Error(`request codes are odd, got ${code}`);
    if (this.handlers.has(code)) throw new Error(`a handler for ${code} is already registered`);
    this.handlers.set(code, handler);
  }

  get(code: number): SocketRequestHandler | undefined {
    return this.handlers.get(code);
  }

  codes(): number[] {
    return [...this.handlers.keys()].sort((a, b) => a - b);
  }
}
