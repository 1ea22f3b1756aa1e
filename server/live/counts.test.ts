import { run } from '../testing/storeRows.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TestSocket } from '../testing/socketClient.js';
import { guestLogin, ok, staffLogin, startSeeded, type Kit } from '../entry/testKit.js';
import { COUNTS_PUSH_INTERVAL_MS } from './countsPush.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const PRAISE = '/ccp/receiver/v1/praise';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('praise and counts', () => {
  it('adds praise in batches of 1..100 and pushes 7109 {online, praise} coalesced to a few a second', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    const socket = await TestSocket.connect(kit.server.url, viewer.sid);
    expect((await socket.request(7001, { webcastId: '10001', offset: 0 })).status).toBe(200);

    const totals: number[] = [];
    for (let i = 0; i < 20; i++) totals.push(ok(await kit.post<{ praise: number }>(PRAISE, { webcastId: '10001', count: 5 }, { token: viewer.token })).praise);
    expect(totals.at(-1)).toBe(100);
    expect(ok(await kit.post(PRAISE, { webcastId: '10001' }, { token: viewer.token })).praise).toBe(101);

    await sleep(COUNTS_PUSH_INTERVAL_MS * 2 + 50);
    const pushes = socket.received(7109);
    // 21 praise calls in well under a second: one push at once, the rest folded.
    expect(pushes.length).toBeGreaterThanOrEqual(1);
    expect(pushes.length).toBeLessThanOrEqual(6);
    const last = pushes.at(-1)?.body;
    expect(last).toMatchObject({ webcastId: '10001', online: 1, praise: 101 });
    expect(typeof last?.offset).toBe('number');
    socket.close();

    expect(ok(await kit.post('/ccp/handler/v2/praise/count', { webcastId: '10001' }))).toMatchObject({ praise: 101 });
    const total = ok(await kit.get('/ccp/monitor/v2/webcast/total', { webcastId: '10001' }));
    expect(total).toMatchObject({ praise: 101, viewers: 1 });
  });

  it('pushes the online count when a viewer joins and when one leaves, after the joiner\'s reply', async () => {
    kit = await startSeeded();
    const first = await guestLogin(kit);
    const second = await guestLogin(kit);
    const a = await TestSocket.connect(kit.server.url, first.sid);
    expect((await a.request(7001, { webcastId: '10001', offset: 0 })).status).toBe(200);
    await sleep(COUNTS_PUSH_INTERVAL_MS + 50);
    expect(a.received(7109).at(-1)?.body).toMatchObject({ webcastId: '10001', online: 1 });

    const b = await TestSocket.connect(kit.server.url, second.sid);
    const joined = await b.request(7001, { webcastId: '10001', offset: 0 });
    expect(joined.status).toBe(200);
    await sleep(COUNTS_PUSH_INTERVAL_MS + 50);
    expect(a.received(7109).at(-1)?.body).toMatchObject({ online: 2 });
    // The joiner gets it too, as a live message after its own reply (offsets still in order).
    const seen = b.received(7109).map((m) => m.body.offset as number);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));

    b.close();
    await sleep(COUNTS_PUSH_INTERVAL_MS + 100);
    expect(a.received(7109).at(-1)?.body).toMatchObject({ online: 1 });
    a.close();
  });

  it('refuses praise without a session (402), for another room (4009), and bad counts (4501)', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    expect((await kit.post(PRAISE, { webcastId: '10001', count: 1 })).code).toBe(402);
    expect((await kit.post(PRAISE, { webcastId: '10002', count: 1 }, { token: viewer.token })).code).toBe(4009);
    for (const count of [0, 101, 1.5, 'many', -3]) {
      expect((await kit.post(PRAISE, { webcastId: '10001', count }, { token: viewer.token })).code, String(count)).toBe(4501);
    }
    expect((await kit.post(PRAISE, { count: 1 }, { token: viewer.token })).code).toBe(4501);
    expect((await kit.post('/ccp/handler/v2/praise/count', {})).code).toBe(4501);
    expect((await kit.post('/ccp/handler/v2/praise/count', { webcastId: 'nope' })).code).toBe(4002);
  });

  it('gives the custom praise images and the online total; 4002/4006 for bad rooms', async () => {
    kit = await startSeeded();
    expect(ok(await kit.get('/ccp/handler/v2/praise/10001/custom/images'))).toEqual({ images: [] });
    expect((await kit.get('/ccp/handler/v2/praise/10013/custom/images')).code).toBe(4006);
    expect(ok(await kit.get('/ccp/monitor/v2/webcast/total', { webcastId: '10002' }))).toEqual({ online: 0, praise: 0, viewers: 0 });
    expect((await kit.get('/ccp/monitor/v2/webcast/total', {})).code).toBe(4501);
    expect((await kit.get('/ccp/monitor/v2/webcast/total', { webcastId: 'nope' })).code).toBe(4002);
  });
});

describe('room page: notice, contract, staff list, heartbeat', () => {
  it('reads the stored notice, which the admin API changes', async () => {
    kit = await startSeeded();
    const notice = ok(await kit.get<{ notice: { content: string } | null }>('/ccp/handler/v2/noticeV2/get/info', { webcastId: '10001' }));
    expect(notice.notice?.content).toContain('Open live room');
    const admin = { adminToken: 'test-admin-token' };
    ok(await kit.post('/admin/v1/rooms/10001/notice', { content: 'Starts at eight' }, admin));
    expect(ok(await kit.get('/ccp/handler/v2/noticeV2/get/info', { webcastId: '10001' })).notice).toMatchObject({ content: 'Starts at eight' });
    ok(await kit.post('/admin/v1/rooms/10001/notice', { content: ' ' }, admin));
    expect(ok(await kit.get('/ccp/handler/v2/noticeV2/get/info', { webcastId: '10001' })).notice).toBeNull();
    expect((await kit.post('/admin/v1/rooms/10001/notice', {}, admin)).code).toBe(4501);
    expect((await kit.get('/ccp/handler/v2/noticeV2/get/info', {})).code).toBe(4501);
  });

  it('gives the contract or guide of the room', async () => {
    kit = await startSeeded();
    expect(ok(await kit.get('/ccp/monitor/v2/contract/10005'))).toMatchObject({ enabled: true, title: 'Viewing terms', version: 1 });
    expect(ok(await kit.get('/ccp/monitor/v2/contract/10001')).enabled).toBe(false);
    expect((await kit.get('/ccp/monitor/v2/contract/nope')).code).toBe(4002);
  });

  it('lists the room staff with their roles for a viewer of the room', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    const list = ok(await kit.get<{ users: { uid: string; role: number }[] }>('/ccp/monitor/v1/webcast/user/list', { webcastId: '10001' }, { token: viewer.token }));
    expect(list.users.map((u) => [u.uid, u.role])).toEqual([
      ['host-10001', 6],
      ['assistant-10001', 8],
    ]);
    expect((await kit.get('/ccp/monitor/v1/webcast/user/list', { webcastId: '10001' })).code).toBe(402);
  });

  it('heartbeat renews the session and keeps the viewer present; refuses another room and no session', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    await run(kit.server.ctx, sql`UPDATE rooms SET capacity = 1 WHERE id = '10001'`);
    const viewer = await guestLogin(kit);
    now += 4 * 60_000;
    const beat = ok(await kit.post<{ expiresAt: number; status: number }>('/ccp/user/v1/heartbeat', { webcastId: '10001' }, { token: viewer.token }));
    expect(beat.expiresAt).toBe(now + kit.server.ctx.config.tokenTtlMs);
    expect(beat.status).toBe(2);
    now += 4 * 60_000;
    // Still present (heard from 4 minutes ago): the room of one is full.
    expect((await kit.post('/ccp/monitor/v2/live_login', { webcastId: '10001', type: 'guest' })).code).toBe(4007);
    now += 2 * 60_000;
    // Silent for 6 minutes: no longer counted.
    expect((await kit.post('/ccp/monitor/v2/live_login', { webcastId: '10001', type: 'guest' })).code).toBe(200);
    expect((await kit.post('/ccp/user/v1/heartbeat', { webcastId: '10002' }, { token: viewer.token })).code).toBe(4009);
    expect((await kit.post('/ccp/user/v1/heartbeat', { webcastId: '10001' })).code).toBe(402);
    const host = await staffLogin(kit, '10001');
    expect((await kit.post('/ccp/user/v1/heartbeat', { webcastId: '10001' }, { token: host.token })).code).toBe(200);
  });
});
