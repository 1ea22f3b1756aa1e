import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import type { RouteModule } from './app.js';
import { BODY_LIMIT, DRAIN_LIMIT } from './bodyLimit.js';

let server: TestServer;
afterEach(async () => server?.close());

const echo: RouteModule = (app) => {
  app.post('/ccp/test/echo', async (req) => ({ code: 200, msg: 'ok', data: { size: JSON.stringify(req.body).length } }));
};

interface Answer {
  /** HTTP status, or -1 when no answer came. */
  readonly status: number;
  readonly code: number | null;
  readonly connection: string | undefined;
}

function envelopeCode(text: Buffer): number | null {
  try {
    return (JSON.parse(text.toString('utf8')) as { code: number }).code;
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs `size` bytes of a JSON body in `pieces` writes with a pause between them, the way a
 * browser uploads a big file: the server sees the headers long before the body's end, which
 * is when an early answer used to cut the connection. An answer that arrives before the
 * body is all written is read all the same.
 */
function postInPieces(url: string, size: number, options: { agent?: http.Agent | false; pieces?: number; chunked?: boolean; stopAfter?: number } = {}): Promise<Answer> {
  const { agent = false, pieces = 8, chunked = false, stopAfter = size } = options;
  const body = Buffer.from(`{"x":"${'a'.repeat(Math.max(0, size - 8))}"}`);
  const target = new URL('/ccp/test/echo', url);
  return new Promise((resolve) => {
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(body.length) }) };
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, code: envelopeCode(Buffer.concat(chunks)), connection: response.headers.connection });
      });
    });
    request.on('error', () => {
      if (!answered) resolve({ status: -1, code: null, connection: undefined });
    });
    void (async () => {
      const step = Math.ceil(body.length / pieces);
      for (let at = 0; at < Math.min(body.length, stopAfter) && !request.destroyed; at += step) {
        request.write(body.subarray(at, Math.min(at + step, body.length)));
        await pause(5);
      }
      if (stopAfter >= body.length) request.end();
    })();
  });
}

const get = (url: string, agent: http.Agent): Promise<number> =>
  new Promise((resolve) => {
    http.get(new URL('/healthz', url), { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', () => resolve(-1));
  });

describe('the body limit: a body over 2 MB is answered 4501 every time (issue 41)', () => {
  it('answers 50 oversized bodies, in turn and at once, on keep-alive agents and on fresh connections; the request after each on the same agent succeeds', { timeout: 60_000 }, async () => {
    server = await startTestServer({ routes: [echo] });
    const url = server.url;
    const over = BODY_LIMIT + 512 * 1024;
    /** One oversized body, then a small request on the same agent (a fresh one when none is kept alive). */
    const oversizedThenNext = async (agent: http.Agent | false) => {
      const answer = await postInPieces(url, over, { agent });
      const next = await get(url, agent === false ? new http.Agent({ keepAlive: false }) : agent);
      return `${answer.status} ${answer.code} then ${next}`;
    };
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const keptAliveMany = new http.Agent({ keepAlive: true, maxSockets: 15 });
    try {
      const inTurn: string[] = [];
      for (let i = 0; i < 15; i++) inTurn.push(await oversizedThenNext(keptAlive));
      for (let i = 0; i < 10; i++) inTurn.push(await oversizedThenNext(false));
      const atOnce = [
        ...(await Promise.all(Array.from({ length: 15 }, () => oversizedThenNext(keptAliveMany)))),
        ...(await Promise.all(Array.from({ length: 10 }, () => oversizedThenNext(false)))),
      ];
      expect([...inTurn, ...atOnce]).toEqual(Array(50).fill('200 4501 then 200'));
    } finally {
      keptAlive.destroy();
      keptAliveMany.destroy();
    }
  });

  it('limits a chunked body (no declared length) the same way, and still reads one within the limit', { timeout: 30_000 }, async () => {
    server = await startTestServer({ routes: [echo] });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const over = await postInPieces(server.url, BODY_LIMIT + 1024, { agent, chunked: true });
      expect(`${over.status} ${over.code}`).toBe('200 4501');
      expect(await get(server.url, agent)).toBe(200);
      const within = await postInPieces(server.url, BODY_LIMIT - 1024, { agent, chunked: true });
      expect(`${within.status} ${within.code}`).toBe('200 200');
    } finally {
      agent.destroy();
    }
  });

  it('answers a body declared past the drain limit at once, closing its connection, and keeps serving', { timeout: 30_000 }, async () => {
    server = await startTestServer({ routes: [echo] });
    // Only the first 256 KB is ever sent: the answer must come without the rest.
    const answer = await postInPieces(server.url, DRAIN_LIMIT + 1024, { stopAfter: 256 * 1024, pieces: 64 });
    expect(`${answer.status} ${answer.code} ${answer.connection}`).toBe('200 4501 close');
    const agent = new http.Agent({ keepAlive: false });
    expect(await get(server.url, agent)).toBe(200);
  });
});
