/**
 * PROTOCOL 2.1: whatever a peer sends, the server drops what does not parse, counts it and
 * keeps the socket open. 10,000 frames from fast-check on one logged-in, joined socket:
 * mutated valid frames, random text, random well-formed frames with random codes and
 * bodies (so real handlers see nonsense), frames too large to read, and binary messages.
 * Afterwards the server is up, the socket is open, a heartbeat still gets its reply and the
 * malformed-frame counter has grown.
 */
import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import { encodeFrame, type FrameBody } from '../../src/realtime/frame';
import type { TestServer } from '../testing/harness.js';
import { startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { MAX_FRAME_BYTES } from './connection.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const VALID_FRAMES = [
  encodeFrame({ code: 9001, seq: 1, body: {} }),
  encodeFrame({ code: 7101, seq: 2, body: { webcastId: 'r1', body: 'hello [ok]' } }),
  encodeFrame({ code: 7001, seq: 3, body: { webcastId: 'r1', offset: 0 } }),
  encodeFrame({ code: 2401, seq: 4, body: { webcastId: 'r1', after: 0, limit: 5 } }),
  encodeFrame({ code: 7103, seq: 5, body: { webcastId: 'r1', msgId: 'x' } }),
  encodeFrame({ code: 4115, seq: 6, body: { webcastId: 'r1', to: 'h', sdp: 'v=0' } }),
  encodeFrame({ code: 6106, body: { mid: 'abc' } }),
  encodeFrame({ headers: { cmd: 'login', aid: 100, sid: 'nothing' }, body: {} }),
];

/** A valid frame with a few random splices (delete some characters, insert some text). */
const mutatedFrame = fc
  .tuple(
    fc.constantFrom(...VALID_FRAMES),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 4 }), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 4 }),
  )
  .map(([frame, edits]) =>
    edits.reduce((text, [at, remove, insert]) => {
      const i = text.length === 0 ? 0 : at % text.length;
      return text.slice(0, i) + insert + text.slice(i + remove);
    }, frame),
  );

const randomText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }));

const jsonBody: fc.Arbitrary<FrameBody> = fc.dictionary(fc.constantFrom('webcastId', 'offset', 'body', 'to', 'msgId', 'after', 'limit', 'uid', 'mid', 'x'), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 5,
});

/** Well-formed frames with random codes and bodies, some of them for the room: handlers get nonsense. */
const randomRequest = fc
  .record({ code: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(7001, 7003, 7101, 7103, 7105, 2401, 4115, 4133, 9001)), seq: fc.nat({ max: 1000 }), body: jsonBody, room: fc.boolean() })
  .map(({ code, seq, body, room }) => encodeFrame({ code, seq, body: room ? { ...body, webcastId: 'r1' } : body }));

const randomHeaders = fc
  .tuple(fc.array(fc.tuple(fc.stringMatching(/^[a-z0-9_]{1,6}$/), fc.string({ maxLength: 10 })), { maxLength: 4 }), fc.string({ maxLength: 40 }))
  .map(([headers, body]) => `${headers.map(([k, v]) => `${k}:${v.replace(/\n/g, '')}`).join('\n')}\n\n${body}`);

const hugeFrame = fc.integer({ min: MAX_FRAME_BYTES + 1, max: 900 * 1024 }).map((n) => `code:9001\nseq:9\n\n{"x":"${'a'.repeat(n)}"}`);

const binary = fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes));

const seed = 20_240_601;
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number): T[] => fc.sample(arbitrary, { numRuns, seed });

it('survives 10,000 random and mutated frames with the socket open', { timeout: 120_000 }, async () => {
  server = await startRealtimeTestServer();
  const session = loginAs(server.ctx, 'fuzzer', 'r1', { nameChanged: true });
  const socket = await TestSocket.connect(server.url, session.sid);
  expect((await socket.request(7001, { webcastId: 'r1', offset: 0 })).status).toBe(200);
  const malformedBefore = await malformedCount(server);

  const texts = [...sample(mutatedFrame, 4000), ...sample(randomText, 2500), ...sample(randomRequest, 2000), ...sample(randomHeaders, 1460)];
  const huge = sample(hugeFrame, 20);
  const bytes = sample(binary, 20);
  expect(texts.length + huge.length + bytes.length).toBe(10_000);

  const all: Array<{ data: string | Buffer; binary: boolean }> = [
    ...texts.map((t) => ({ data: t, binary: false })),
    ...huge.map((t) => ({ data: t, binary: false })),
    ...bytes.map((b) => ({ data: b, binary: true })),
  ];
  // A fixed shuffle so huge and binary messages fall among the others.
  const order = sample(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), 1)[0]!;
  for (const frame of order) socket.sendRaw(frame.data, frame.binary);

  expect(await socket.request(9001, {}, 60_000)).toEqual({ status: 200 });
  expect(socket.isOpen).toBe(true);
  // No handler met an input it could not handle (those answer 500 and log).
  expect(socket.frames.filter((f) => f.body.status === 500)).toEqual([]);
  const malformed = (await malformedCount(server)) - malformedBefore;
  expect(malformed).toBeGreaterThan(3000);
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  // The room still works for this socket (the fuzz may have left it with a 7003: join again).
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
