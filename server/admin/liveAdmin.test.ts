/**
 * The S4 admin endpoints (rooms list, live start and end, caption, burst) over HTTP, with a
 * real socket joined to the room to see the room messages they publish.
 */
import { sql } from 'kysely';
import { rowOf, rowsOf, run } from '../testing/storeRows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { TestSocket } from '../testing/socketClient.js';
import { addRoom, loginAs } from '../testing/roomFixtures.js';

const TOKEN = 'test-admin-token';
let server: TestServer;
let viewer: TestSocket;
let clock = 1_700_000_000_000;

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
}

async function admin(method: 'GET' | 'POST', path: string, body?: unknown, token: string | null = TOKEN) {
  const response = await fetch(server.url + path, {
    method,
    headers: { ...(token === null ? {} : { 'x-admin-token': token }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope };
}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  await addRoom(server.ctx, 'live-1', 'Live one');
  await run(server.ctx, sql`UPDATE rooms SET status = 0, start_time = NULL WHERE id = 'live-1'`);
  await addRoom(server.ctx, 'gone');
  await run(server.ctx, sql`UPDATE rooms SET deleted = 1 WHERE id = 'gone'`);
  const session = await loginAs(server.ctx, 'viewer-1', 'live-1');
  viewer = await TestSocket.connect(server.url, session.sid);
  expect((await viewer.request(7001, { webcastId: 'live-1', offset: 0 })).status).toBe(200);
});

afterAll(async () => {
  viewer.close();
  await server.close();
});

describe('admin token', () => {
  it.each([
    ['without a token', null],
    ['with a wrong token', 'wrong-token'],
  ])('refuses %s with HTTP 401', async (_name, token) => {
    for (const [method, path] of [
      ['GET', '/admin/v1/rooms'],
      ['POST', '/admin/v1/rooms/live-1/live/start'],
      ['POST', '/admin/v1/rooms/live-1/burst'],
    ] as const) {
      const r = await admin(method, path, method === 'POST' ? {} : undefined, token);
      expect(r.status).toBe(401);
      expect(r.envelope.code).toBe(401);
    }
  });

  it('accepts a bearer token too', async () => {
    const response = await fetch(`${server.url}/admin/v1/rooms`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
  });
});

describe('rooms and live state', () => {
  it('lists rooms with ids, titles, gates and status', async () => {
    const r = await admin('GET', '/admin/v1/rooms');
    expect(r.envelope.code).toBe(200);
    const rooms = r.envelope.data?.rooms as { id: string }[];
    expect(rooms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'live-1', title: 'Live one', gate: 'open', status: 0, deleted: false }),
        expect.objectContaining({ id: 'gone', deleted: true }),
      ]),
    );
  });

  it('live start goes to preparing, then live with a start time, pushing 7107 each time', async () => {
    const preparing = await admin('POST', '/admin/v1/rooms/live-1/live/start', { status: 1 });
    expect(preparing.envelope).toMatchObject({ code: 200, data: { id: 'live-1', status: 1, startTime: null } });
    expect((await viewer.nextPush(7107)).body).toMatchObject({ webcastId: 'live-1', status: 1 });

    clock += 1000;
    const live = await admin('POST', '/admin/v1/rooms/live-1/live/start');
    expect(live.envelope).toMatchObject({ code: 200, data: { status: 2, startTime: clock } });
    const push = await viewer.nextPush(7107);
    expect(push.body).toMatchObject({ webcastId: 'live-1', status: 2, offset: live.envelope.data?.offset });
    const row = (await rowOf(server.ctx, sql`SELECT status, start_time FROM rooms WHERE id = 'live-1'`));
    expect(row).toEqual({ status: 2, start_time: clock });
  });

  it('live end sets status 3 and pushes 7107 with the replay address', async () => {
    const ended = await admin('POST', '/admin/v1/rooms/live-1/live/end');
    expect(ended.envelope).toMatchObject({ code: 200, data: { status: 3, replay: '/media/vod/master.m3u8' } });
    expect((await viewer.nextPush(7107)).body).toMatchObject({ status: 3, replay: '/media/vod/master.m3u8' });
    const rooms = (await admin('GET', '/admin/v1/rooms')).envelope.data?.rooms as { id: string; status: number }[];
    expect(rooms.find((r) => r.id === 'live-1')?.status).toBe(3);
    // The session that ended is a recording of the room; ending an ended room records nothing more.
    const records = () => rowsOf(server.ctx, sql`SELECT title, url FROM room_records WHERE webcast_id = 'live-1'`);
    expect(await records()).toEqual([{ title: 'Live one (1)', url: '/media/vod/master.m3u8?record=1' }]);
    await admin('POST', '/admin/v1/rooms/live-1/live/end');
    await viewer.nextPush(7107);
    expect(await records()).toHaveLength(1);
  });

  it('refuses a bad status (4501), an unknown room (4002) and a deleted one (4006)', async () => {
    expect((await admin('POST', '/admin/v1/rooms/live-1/live/start', { status: 3 })).envelope).toMatchObject({
      code: 4501,
      msg: 'status: must be one of 1, 2',
    });
    expect((await admin('POST', '/admin/v1/rooms/nope/live/start', {})).envelope.code).toBe(4002);
    expect((await admin('POST', '/admin/v1/rooms/gone/live/end', {})).envelope.code).toBe(4006);
    expect((await admin('POST', '/admin/v1/rooms/live-1/live/start', [1])).envelope.code).toBe(4501);
  });
});

describe('schedule', () => {
  it('puts the room back to not started with a start time to come, and pushes 7107 status 0', async () => {
    const r = await admin('POST', '/admin/v1/rooms/live-1/live/schedule', { inSeconds: 90 });
    expect(r.envelope).toMatchObject({ code: 200, data: { status: 0, startTime: clock + 90_000 } });
    expect((await viewer.nextPush(7107)).body).toMatchObject({ status: 0 });
    const at = await admin('POST', '/admin/v1/rooms/live-1/live/schedule', { startTime: clock + 5 });
    expect(at.envelope.data).toMatchObject({ status: 0, startTime: clock + 5 });
    expect((await admin('POST', '/admin/v1/rooms/live-1/live/schedule', {})).envelope.code).toBe(4501);
    expect((await admin('POST', '/admin/v1/rooms/live-1/live/schedule', { inSeconds: -1 })).envelope.code).toBe(4501);
    expect((await admin('POST', '/admin/v1/rooms/nope/live/schedule', { inSeconds: 1 })).envelope.code).toBe(4002);
  });
});

describe('caption', () => {
  it('publishes 7125 with text, start, end and lang', async () => {
    const r = await admin('POST', '/admin/v1/rooms/live-1/caption', { text: 'Welcome everyone', lang: 'en_us' });
    expect(r.envelope).toMatchObject({ code: 200, data: { text: 'Welcome everyone', start: clock, end: clock + 5000, lang: 'en_us' } });
    expect((await viewer.nextPush(7125)).body).toMatchObject({ text: 'Welcome everyone', start: clock, end: clock + 5000, lang: 'en_us' });
    const defaults = await admin('POST', '/admin/v1/rooms/live-1/caption', { text: '大家好', start: 10, end: 20 });
    expect(defaults.envelope.data).toMatchObject({ lang: 'zh_cn', start: 10, end: 20 });
  });

  it.each([
    [{}, 'text: is required'],
    [{ text: '  ' }, 'text: must not be empty'],
    [{ text: 'x'.repeat(501) }, 'text: must have at most 500 characters'],
    [{ text: 'x', lang: 'fr_fr' }, 'lang: must be one of zh_cn, tr_cn, en_us, ru_ru'],
    [{ text: 'x', start: 20, end: 10 }, 'end: must not be before start'],
    [{ text: 'x', start: 'soon' }, 'start: must be an integer'],
  ])('refuses %j with 4501', async (body, msg) => {
    expect((await admin('POST', '/admin/v1/rooms/live-1/caption', body)).envelope).toMatchObject({ code: 4501, msg });
  });
});

describe('burst', () => {
  it('publishes about rate x seconds chat messages from simulated users, each with a sendTime', async () => {
    const before = viewer.received(7101).length;
    const r = await admin('POST', '/admin/v1/rooms/live-1/burst', { rate: 200, seconds: 1, users: 50 });
    expect(r.envelope).toMatchObject({ code: 200, data: { rate: 200, seconds: 1, total: 200, users: 50 } });
    const deadline = Date.now() + 5000;
    while (viewer.received(7101).length - before < 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const messages = viewer.received(7101).slice(before).map((f) => f.body);
    expect(messages).toHaveLength(200);
    const senders = new Set(messages.map((m) => m.uid));
    expect(senders.size).toBeGreaterThan(10);
    for (const m of messages) {
      expect(m).toMatchObject({ webcastId: 'live-1', role: 5, sendTime: clock });
      expect(String(m.uid)).toMatch(/^sim-\d+$/);
      expect(String(m.msgId)).toMatch(/^[0-9A-Za-z]{32}$/);
      expect(typeof m.body).toBe('string');
    }
    expect(new Set(messages.map((m) => m.msgId)).size).toBe(200);
    expect(messages.some((m) => m.quote !== null)).toBe(true);
    expect(messages.some((m) => (m.picked_uid as string[]).length > 0)).toBe(true);
    // Offsets grow by exactly one.
    const offsets = messages.map((m) => m.offset as number);
    expect(offsets).toEqual(offsets.map((_o, i) => offsets[0]! + i));
    // Burst messages are chat like any other: the history call lists them.
    const history = await fetch(`${server.url}/ccp/monitor/v1/chat/public/list?webcastId=live-1&skip=0&take=5`, {
      headers: { token: (await loginAs(server.ctx, 'reader', 'live-1')).token, token_type: 'guest' },
    });
    const page = ((await history.json()) as Envelope).data as { total: number };
    expect(page.total).toBeGreaterThanOrEqual(200);
    // The simulated viewers are users the host can act on.
    expect((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM users WHERE id LIKE 'sim-%'`))).toEqual({ n: 50 });
  });

  it('a second burst replaces the first; burst/stop ends it early', async () => {
    await admin('POST', '/admin/v1/rooms/live-1/burst', { rate: 100, seconds: 60 });
    await admin('POST', '/admin/v1/rooms/live-1/burst', { rate: 100, seconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopped = await admin('POST', '/admin/v1/rooms/live-1/burst/stop');
    expect(stopped.envelope).toMatchObject({ code: 200, data: { stopped: true } });
    expect(stopped.envelope.data?.sent).toBeLessThan(100);
    const again = await admin('POST', '/admin/v1/rooms/live-1/burst/stop');
    expect(again.envelope).toMatchObject({ code: 200, data: { stopped: false, sent: 0 } });
  });

  it.each([
    [{ seconds: 1 }, 'rate: is required'],
    [{ rate: 0, seconds: 1 }, 'rate: must be from 1 to 50000'],
    [{ rate: 10, seconds: 3601 }, 'seconds: must be from 1 to 3600'],
    [{ rate: 10, seconds: 1, users: 0 }, 'users: must be from 1 to 10000'],
    [{ rate: 1.5, seconds: 1 }, 'rate: must be an integer'],
  ])('refuses %j with 4501', async (body, msg) => {
    expect((await admin('POST', '/admin/v1/rooms/live-1/burst', body)).envelope).toMatchObject({ code: 4501, msg });
  });
});
