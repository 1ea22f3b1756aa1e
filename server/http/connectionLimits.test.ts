import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { startTestServer, type TestServer } from '../testing/harness.js';
import type { RouteModule } from './app.js';

let server: TestServer | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close();
  server = undefined;
});

const echo: RouteModule = (app) => {
  app.post('/ccp/test/echo', async (request) => ({ code: 200, msg: 'ok', data: request.body }));
  // An answer that takes its time (a password check queued behind a guessing farm).
  app.post('/ccp/test/slow', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return { code: 200, msg: 'ok', data: request.body };
  });
  app.get('/ccp/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return { code: 200, msg: 'ok', data: null };
  });
};

const start = (config: Record<string, number>, exempt?: (address: string) => boolean) =>
  startTestServer({ routes: [echo], config, ...(exempt ? { connectionCapExempt: exempt } : {}) }).then((s) => (server = s));

/** A raw connection to the server; resolves once connected. */
function connect(url: string): Promise<net.Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Milliseconds until the server closes the socket (or `limitMs`, then -1). */
function closedWithin(socket: net.Socket, limitMs: number): Promise<number> {
  const began = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(-1), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - began);
    });
  });
}

describe('connections that never finish', () => {
  it('closes a body that stops arriving after the idle time (100 bytes announced, 7 sent)', async () => {
    const s = await start({ requestIdleMs: 1000, requestTimeoutMs: 30_000 });
    const socket = await connect(s.url);
    socket.write('POST /ccp/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1,');
    const closedAfter = await closedWithin(socket, 8000);
    expect(closedAfter).toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(4000);
  });

  it('closes headers trickled a byte at a time (slowloris) and a body trickled past the request time', async () => {
    const s = await start({ requestIdleMs: 1500, requestTimeoutMs: 3000 });
    const loris = await connect(s.url);
    const trickler = await connect(s.url);
    trickler.write('POST /ccp/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    const header = 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200);
    let i = 0;
    const drip = setInterval(() => {
      if (!loris.destroyed) loris.write(header[i++ % header.length]!);
      if (!trickler.destroyed) trickler.write(' ');
    }, 300);
    try {
      const [lorisClosed, tricklerClosed] = await Promise.all([closedWithin(loris, 10_000), closedWithin(trickler, 10_000)]);
      expect(lorisClosed).toBeGreaterThan(0);
      expect(lorisClosed).toBeLessThan(5000);
      expect(tricklerClosed).toBeGreaterThan(2500);
      expect(tricklerClosed).toBeLessThan(7000);
    } finally {
      clearInterval(drip);
    }
  });

  it('answers an honest request, and a slow honest body within the limits, as before', async () => {
    const s = await start({ requestIdleMs: 1500, requestTimeoutMs: 10_000 });
    const socket = await connect(s.url);
    const body = '{"name":"Ann"}';
    socket.write(`POST /ccp/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    for (const ch of body) {
      await new Promise((r) => setTimeout(r, 150));
      socket.write(ch);
    }
    await closedWithin(socket, 5000);
    expect(answer).toContain('"name":"Ann"');
  });

  it('never cuts an answer that takes longer than the idle time once the request is in', async () => {
    const s = await start({ requestIdleMs: 1000, requestTimeoutMs: 30_000 });
    const posted = await fetch(`${s.url}/ccp/test/slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await posted.json()).toEqual({ code: 200, msg: 'ok', data: { a: 1 } });
    expect((await fetch(`${s.url}/ccp/test/slow`)).status).toBe(200);
  });

  it('caps open connections per address and frees the count when they close', async () => {
    const s = await start({ maxConnectionsPerAddress: 5, requestIdleMs: 20_000 }, () => false);
    const held = await Promise.all(Array.from({ length: 5 }, () => connect(s.url)));
    const refused = await connect(s.url).catch(() => null);
    if (refused) expect(await closedWithin(refused, 3000)).toBeGreaterThanOrEqual(0);
    expect(held.every((h) => !h.destroyed)).toBe(true);
    held[0]!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`${s.url}/healthz`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
    await res.text();
    expect(await s.ctx.metrics.registry.getSingleMetricAsString('webcast_connections_refused_total')).toMatch(/webcast_connections_refused_total 1/);
  });
});
