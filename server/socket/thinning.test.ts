/**
 * Flow control of a slow socket (docs/protocol.md 5.2, "Thinned stream"): a peer that
 * stops reading in a busy room, having asked for a thinned stream at login, is served less
 * instead of being dropped. Its own, staff and mentioning messages and every non-chat room
 * message still reach it; every offset left out is stated in a skip notice; once it has
 * read its way back, the stream is whole again. A peer that did not ask gets everything
 * (and, past 16 MB waiting, the old close).
 */
import type { Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { readSkipNotice, SKIP_NOTICE_CODE, THIN_BEHIND_MESSAGES, THIN_LAG_START_MS } from '../../src/protocol/thinning';
import type { TestServer } from '../testing/harness.js';
import { startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ROOM = 'r1';
const VIEWER = 'u-viewer';
const MESSAGES = 24_000;
const PER_TURN = 400;
/** About 1 KB a message: 24 MB in all, well past what the loopback's kernel buffers hold. */
const TEXT = '字'.repeat(300);

/** Who sends message `i`: mostly others, now and then the viewer, staff, a mention, a state change. */
function messageOf(i: number): { code: number; body: Record<string, unknown>; priority: boolean } {
  if (i % 1000 === 500) return { code: 7105, body: { open: true, review: false, pictures: true, staffOnly: false, muted: [] }, priority: true };
  const base = { msgId: `m${i}`, uid: 'u-other', name: 'other', role: 1, body: TEXT, picked_uid: [] as string[], highlight: false };
  if (i % 97 === 0) return { code: 7101, body: { ...base, uid: VIEWER }, priority: true };
  if (i % 101 === 0) return { code: 7101, body: { ...base, uid: 'u-host', role: 7, highlight: true }, priority: true };
  if (i % 103 === 0) return { code: 7101, body: { ...base, picked_uid: [VIEWER] }, priority: true };
  return { code: 7101, body: base, priority: false };
}

const tcpOf = (socket: TestSocket): Socket => (socket.ws as unknown as { _socket: Socket })._socket;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function publishAll(s: TestServer): Promise<Set<number>> {
  const priority = new Set<number>();
  for (let i = 1; i <= MESSAGES; i++) {
    const m = messageOf(i);
    const published = s.roomHub.publish(ROOM, m.code, m.body);
    if (m.priority) priority.add(published.offset);
    if (i % PER_TURN === 0) await turn();
  }
  return priority;
}

/** Offsets the socket accounts for, in arrival order: delivered, or stated as skipped. */
function accounted(socket: TestSocket): { offsets: number[]; delivered: Set<number>; notices: number } {
  const offsets: number[] = [];
  const delivered = new Set<number>();
  let notices = 0;
  for (const frame of socket.frames) {
    if (frame.code === SKIP_NOTICE_CODE) {
      const notice = readSkipNotice(frame.body);
      expect(notice, 'a well-formed skip notice').not.toBeNull();
      notices++;
      for (let o = notice!.from; o <= notice!.to; o++) offsets.push(o);
    } else if (frame.code !== null && frame.code >= 7101 && frame.code <= 7127 && frame.seq === 0) {
      const offset = frame.body.offset as number;
      offsets.push(offset);
      delivered.add(offset);
    }
  }
  return { offsets, delivered, notices };
}

it('a slow socket that asked for it is thinned, never dropped: priority messages all arrive, every skip is stated, in order', async () => {
  const s = (server = await startRealtimeTestServer());
  const slow = await TestSocket.connect(s.url, (await loginAs(s.ctx, VIEWER, ROOM)).sid, { batch: true, thin: true });
  await slow.request(7001, { webcastId: ROOM, offset: 0 });
  tcpOf(slow).pause();

  const priority = await publishAll(s);
  tcpOf(slow).resume();
  // Everything is accounted for once the newest offset arrives or is stated.
  await expect.poll(() => accounted(slow).offsets.at(-1), { timeout: 30_000, interval: 50 }).toBe(MESSAGES);

  const { offsets, delivered, notices } = accounted(slow);
  expect(offsets).toEqual(Array.from({ length: MESSAGES }, (_, i) => i + 1));
  for (const offset of priority) expect(delivered.has(offset), `priority offset ${offset} delivered`).toBe(true);
  expect(notices).toBeGreaterThan(0);
  expect(delivered.size).toBeLessThan(MESSAGES);
  // Still open and answering; a message now goes out whole.
  expect(await slow.request(9001)).toEqual({ status: 200 });
  const next = s.roomHub.publish(ROOM, 7101, messageOf(1).body);
  expect((await slow.nextPush(7101, 5000, (b) => b.offset === next.offset)).body.offset).toBe(next.offset);
  slow.close();
}, 60_000);

it('a socket that keeps up, or did not ask for a thinned stream, gets every message and no notice', async () => {
  const s = (server = await startRealtimeTestServer());
  const reader = await TestSocket.connect(s.url, (await loginAs(s.ctx, VIEWER, ROOM)).sid, { batch: true, thin: true });
  const plain = await TestSocket.connect(s.url, (await loginAs(s.ctx, 'u-plain', ROOM)).sid, { batch: true });
  for (const socket of [reader, plain]) await socket.request(7001, { webcastId: ROOM, offset: 0 });
  tcpOf(plain).pause();
  for (let i = 1; i <= 2000; i++) {
    s.roomHub.publish(ROOM, 7101, messageOf(i).body);
    // A reader's pace: a few messages per turn.
    if (i % 20 === 0) await turn();
  }
  tcpOf(plain).resume();
  for (const socket of [reader, plain]) {
    await expect.poll(() => accounted(socket).offsets.at(-1), { timeout: 20_000, interval: 50 }).toBe(2000);
    const { delivered, notices } = accounted(socket);
    expect(delivered.size).toBe(2000);
    expect(notices).toBe(0);
    socket.close();
  }
}, 60_000);

it('a reader that reports its progress late is thinned by time, before any buffer fills, and whole again once it reports', async () => {
  const s = (server = await startRealtimeTestServer());
  const socket = await TestSocket.connect(s.url, (await loginAs(s.ctx, VIEWER, ROOM)).sid, { batch: true, thin: true });
  await socket.request(7001, { webcastId: ROOM, offset: 0 });
  socket.push(7202, { webcastId: ROOM, offset: 0 });
  await socket.request(9001);
  // More than a screenful sent, received, and not reported applied for longer than the start mark.
  let last = 0;
  for (let i = 1; i <= THIN_BEHIND_MESSAGES + 50; i++) last = s.roomHub.publish(ROOM, 7101, messageOf(i).body).offset;
  await socket.nextPush(7101, 5000, (b) => b.offset === last);
  await new Promise((resolve) => setTimeout(resolve, THIN_LAG_START_MS + 100));
  const first = last + 1;
  for (let i = 0; i < 10; i++) s.roomHub.publish(ROOM, 7101, messageOf(1).body);
  const own = s.roomHub.publish(ROOM, 7101, messageOf(97).body);
  await socket.nextPush(7101, 5000, (b) => b.offset === own.offset);
  expect((await socket.nextPush(SKIP_NOTICE_CODE)).body).toEqual({ webcastId: ROOM, from: first, to: first + 9 });
  expect(socket.received(7101).map((f) => f.body.offset).slice(-2)).toEqual([last, own.offset]);
  // Caught up: the report settles the stream, and the next message goes out.
  socket.push(7202, { webcastId: ROOM, offset: own.offset });
  await socket.request(9001);
  const next = s.roomHub.publish(ROOM, 7101, messageOf(2).body);
  await socket.nextPush(7101, 5000, (b) => b.offset === next.offset);
  // A malformed report is ignored, nothing else happens.
  socket.push(7202, { webcastId: ROOM, offset: 'soon' });
  expect(await socket.request(9001)).toEqual({ status: 200 });
  socket.close();
});
