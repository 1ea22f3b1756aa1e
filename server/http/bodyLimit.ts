/**
 * The request body limit, answered every time (docs/protocol.md 5: a body over 2 MB is HTTP
 * 200 with code 4501).
 *
 * Why not the framework's own limit alone: it answers as soon as it knows the body is too
 * large, while the client is still writing it. Node then closes the connection after the
 * answer (the request was never read to its end), and closing a socket whose unread bytes
 * are still arriving makes the kernel send a reset, which can reach the client before it
 * has read the answer: the client sees a cut connection instead of "too large" (issue 41;
 * the chaos suite saw it in one run of two). So a too-large body is read to its end and
 * thrown away first, up to DRAIN_LIMIT bytes; its answer then keeps the connection usable
 * for the next request. Only a body past DRAIN_LIMIT is not read further: its connection
 * is answered with `Connection: close` and closed, and the answer may be lost to the reset.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { invalid } from './envelope.js';

/** The largest body a call reads (an image upload is at most 500 KB, about 700 KB in base64). */
export const BODY_LIMIT = 2 * 1024 * 1024;
/** How much of a too-large body is read and thrown away so that its answer arrives. */
export const DRAIN_LIMIT = 16 * 1024 * 1024;

const tooLarge = () => invalid('body', `larger than the ${BODY_LIMIT / 1024 / 1024} MB limit`);

/** Ends the connection after the answer: the rest of the body will not be read. */
function closeAfterAnswer(reply: FastifyReply): void {
  reply.header('connection', 'close');
}

/** Reads `payload` to its end, or until more than `bound` bytes came; true when it ended within the bound. */
function discard(payload: NodeJS.ReadableStream, bound: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      resolve(ended);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > bound) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

/**
 * A body without a declared length (chunked): passed on while within BODY_LIMIT; past it,
 * read on and thrown away up to DRAIN_LIMIT, then refused as too large.
 */
function limitedBody(reply: FastifyReply): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen <= BODY_LIMIT) return done(null, chunk);
      if (seen <= DRAIN_LIMIT) return done();
      closeAfterAnswer(reply);
      done(tooLarge());
    },
    flush(done: TransformCallback) {
      done(seen > BODY_LIMIT ? tooLarge() : null);
    },
  });
}

/**
 * Registers the limit on every route. The framework's own `bodyLimit` (BODY_LIMIT, set by
 * the caller) stays as a backstop: this hook answers first, so it never trips.
 */
export function registerBodyLimit(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const declared = request.headers['content-length'];
    if (declared === undefined) return request.headers['transfer-encoding'] === undefined ? payload : payload.pipe(limitedBody(reply));
    // Node's parser holds a body to its declared length: within the limit there is nothing to count.
    if (Number(declared) <= BODY_LIMIT) return payload;
    if (Number(declared) > DRAIN_LIMIT || !(await discard(payload, DRAIN_LIMIT))) closeAfterAnswer(reply);
    throw tooLarge();
  });
}
