/**
 * The outbox writes WebSocket text messages itself (one set of wire bytes per frame for
 * every socket): every payload length form of RFC 6455 (7, 16 and 64 bit) must reach a
 * standard client intact, in order.
 */
import { afterEach, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { MAX_BATCH_BYTES, textMessageBytes } from './outbox.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('encodes the three payload length forms', () => {
  expect([...textMessageBytes('hi')]).toEqual([0x81, 2, 0x68, 0x69]);
  expect(textMessageBytes('x'.repeat(126)).subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 0, 126]));
  expect(textMessageBytes('x'.repeat(70_000)).subarray(0, 10)).toEqual(Buffer.from([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]));
  expect(textMessageBytes('é').length).toBe(4);
});

it('delivers messages of every size form to two sockets intact and in order', async () => {
  server = await startRealtimeTestServer();
  const sockets = await Promise.all(['a', 'b'].map(async (u) => TestSocket.connect(server!.url, (await loginAs(server!.ctx, u, 'r1')).sid)));
  for (const s of sockets) await s.request(7001, { webcastId: 'r1', offset: 0 });
  const sizes = [0, 60, 61, 62, 65_400, 65_500, 65_600, 200_000];
  for (const n of sizes) server.ctx.hub.publish('r1', 7125, { text: '字'.repeat(n), start: 0, end: 1, lang: 'zh_cn' });
  for (const s of sockets) {
    for (const [i, n] of sizes.entries()) {
      const push = await s.nextPush(7125);
      expect(push.body.offset).toBe(i + 1);
      expect(String(push.body.text).length).toBe(n);
    }
    expect(await s.request(9001)).toEqual({ status: 200 });
    s.close();
  }
});

it('batches the frames of one turn into one message for a socket whose login asked (batch:1), in order, under the size cap', async () => {
  server = await startRealtimeTestServer();
  const plain = await TestSocket.connect(server.url, (await loginAs(server.ctx, 'a', 'r1')).sid);
  const batched = await TestSocket.connect(server.url, (await loginAs(server.ctx, 'b', 'r1')).sid, { batch: true });
  // The login's mic state (4201) comes once the store has answered: counted before, not among the batch.
  for (const s of [plain, batched]) await s.nextPush(4201);
  for (const s of [plain, batched]) await s.request(7001, { webcastId: 'r1', offset: 0 });
  const before = { plain: plain.messages, batched: batched.messages };
  // One synchronous loop: one turn of the event loop, so one flush per socket. The last
  // caption alone passes MAX_BATCH_BYTES, so it must travel in a message of its own.
  for (let i = 0; i < 200; i++) server.ctx.hub.publish('r1', 7125, { text: `line ${i}`, start: i, end: i + 1, lang: 'zh_cn' });
  server.ctx.hub.publish('r1', 7125, { text: 'x'.repeat(MAX_BATCH_BYTES), start: 0, end: 1, lang: 'zh_cn' });
  for (const s of [plain, batched]) {
    for (let i = 0; i < 200; i++) expect((await s.nextPush(7125)).body).toMatchObject({ offset: i + 1, text: `line ${i}` });
    expect(String((await s.nextPush(7125)).body.text).length).toBe(MAX_BATCH_BYTES);
    expect(await s.request(9001)).toEqual({ status: 200 });
  }
  expect(plain.messages - before.plain).toBe(202);
  // 200 small frames in one message, the big one alone, then the heartbeat reply.
  expect(batched.messages - before.batched).toBe(3);
  for (const s of [plain, batched]) s.close();
});
