/**
 * Answers one socket request (PROTOCOL 2.2): finds the handler for its code and turns what
 * happens into the reply body. Whatever the handler does, the answer is a body with a
 * `status`; nothing escapes to the socket loop.
 */
import type { FrameBody } from '../../src/protocol/frame';
import type { ServerContext } from '../context.js';
import { BizError, STORE_UNAVAILABLE } from '../http/envelope.js';
import { isStoreUnavailable } from '../store/sqlStore.js';
import { isPlainObject } from './fields.js';
import type { SocketRequest } from './handlers.js';

export async function answerRequest(ctx: ServerContext, request: SocketRequest): Promise<FrameBody> {
  const handler = ctx.socketHandlers.get(request.code);
  if (!handler) return { status: 4501, msg: `unknown request code ${request.code}` };
  try {
    const result = await handler(request, ctx);
    return { status: 200, ...result };
  } catch (error) {
    if (error instanceof BizError) {
      return { status: error.code, msg: error.message, ...(isPlainObject(error.data) ? error.data : {}) };
    }
    if (isStoreUnavailable(error)) return { status: 503, msg: STORE_UNAVAILABLE };
    console.error(`socket request ${request.code} failed:`, error);
    return { status: 500, msg: 'internal error' };
  }
}
