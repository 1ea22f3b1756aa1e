/**
 * PROTOCOL 2.1: whatever a peer sends, the server drops what does not parse, counts it and
 * keeps the socket open. 10,000 frames from fast-check on one logged-in, joined socket:
 * mutated valid frames, random text, random well-formed frames with random codes and
 * bodies (so real handlers see nonsense), frames too large to read, and binary messages.
 * Afterwards the server is up, the socket is open, a heartbeat still gets its reply and the
 * malformed-frame counter has grown.
 */
import { afterEach, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { malformedMix } from '../testing/malformedFrames.js';
import { startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('survives 10,000 random and mutated frames with the socket open', { timeout: 120_000 }, async () => {
  let clock = Date.now();
  server = await startRealtimeTestServer({ now: () => clock });
  const session = await loginAs(server.ctx, 'fuzzer', 'r1', { nameChanged: true });
  const socket = await TestSocket.connect(server.url, session.sid);
  expect((await socket.request(7001, { webcastId: 'r1', offset: 0 })).status).toBe(200);
  const malformedBefore = await malformedCount(server);

  const order = malformedMix(10_000, 20_240_601);
  expect(order).toHaveLength(10_000);
  expect(order.filter((m) => m.binary)).toHaveLength(20);
  for (const frame of order) socket.sendRaw(frame.data, frame.binary);

  expect(await socket.request(9001, {}, 60_000)).toEqual({ status: 200 });
  expect(socket.isOpen).toBe(true);
  // No handler met an input it could not handle (those answer 500 and log).
  expect(socket.frames.filter((f) => f.body.status === 500)).toEqual([]);
  const malformed = (await malformedCount(server)) - malformedBefore;
  expect(malformed).toBeGreaterThan(3000);
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  // The room still works for this socket (the fuzz may have left it with a 7003: join again),
  // once its send rate has refilled: the fuzz's valid sends spent it.
  clock += 10_000;
  expect((await socket.request(7001, { webcastId: 'r1', offset: 0 })).status).toBe(200);
  const still = await socket.request(7101, { webcastId: 'r1', body: 'still here' });
  expect(still, JSON.stringify(still)).toMatchObject({ status: 200 });
  socket.close();
});

async function malformedCount(s: TestServer): Promise<number> {
  const text = await s.ctx.metrics.registry.metrics();
  return text
    .split('\n')
    .filter((l) => l.startsWith('webcast_malformed_frames_total{'))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}
