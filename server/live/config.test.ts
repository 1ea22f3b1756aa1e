import { sql } from 'kysely';
import { rowOf, rowsOf, run } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { guestLogin, ok, phoneLogin, staffLogin, startSeeded, type Kit } from '../entry/testKit.js';
import { updateSettings } from '../interact/shared/settings.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

describe('streams and playback', () => {
  it('gives the host (only) the push address with the room stream key', async () => {
    kit = await startSeeded();
    const host = await staffLogin(kit, '10001');
    const push = ok(await kit.get<{ url: string; streamKey: string }>('/ccp/monitor/v2/stream/push/url', { webcastId: '10001' }, { token: host.token }));
    expect(push.url).toBe('rtmp://127.0.0.1/live');
    const key = (await rowOf(kit.server.ctx, sql`SELECT stream_key FROM room_secrets WHERE webcast_id = '10001'`)) as { stream_key: string };
    expect(push.streamKey).toBe(`10001?key=${key.stream_key}`);
    const assistant = await staffLogin(kit, '10001', 'assistant');
    expect((await kit.get('/ccp/monitor/v2/stream/push/url', { webcastId: '10001' }, { token: assistant.token })).code).toBe(4009);
    const viewer = await guestLogin(kit);
    expect((await kit.get('/ccp/monitor/v2/stream/push/url', { webcastId: '10001' }, { token: viewer.token })).code).toBe(4009);
    expect((await kit.get('/ccp/monitor/v2/stream/push/url', { webcastId: '10001' })).code).toBe(402);
  });

  it('gives pull addresses while live, the replay once ended, and refuses an unknown line', async () => {
    kit = await startSeeded();
    const live = ok(await kit.get<{ live: boolean; stream: { id: string; hls: string } }>('/ccp/monitor/v2/stream/pull/url', { webcastId: '10001', streamId: 'line2' }));
    expect(live).toMatchObject({ live: true, stream: { id: 'line2', hls: '/media/line2/live/master.m3u8' } });
    expect(ok(await kit.get('/ccp/monitor/v2/stream/pull/url', { webcastId: '10012' }))).toEqual({ status: 3, live: false, replay: '/media/vod/master.m3u8' });
    expect(ok(await kit.get('/ccp/monitor/v2/stream/pull/url', { webcastId: '10014' }))).toEqual({ status: 3, live: false, replay: null });
    expect((await kit.get('/ccp/monitor/v2/stream/pull/url', { webcastId: '10001', streamId: 'line9' })).msg).toBe('streamId: must be one of line1, line2');
    expect((await kit.get('/ccp/monitor/v2/stream/pull/url', {})).code).toBe(4501);
  });

  it('lists the lines, the default stream and the playback config', async () => {
    kit = await startSeeded();
    const multi = ok(await kit.get<{ lines: { id: string }[] }>('/ccp/monitor/v2/stream/multi/list', { webcastId: '10001' }));
    expect(multi.lines.map((l) => l.id)).toEqual(['line1', 'line2']);
    expect(ok(await kit.get('/ccp/monitor/v2/stream/default/list', { webcastId: '10001' }))).toMatchObject({ line: 'line1', quality: 'hd', type: 'hls' });
    expect(ok(await kit.get('/ccp/monitor/v2/playback/config', { webcastId: '10012' }))).toMatchObject({
      status: 3,
      replayEnabled: true,
      replay: '/media/vod/master.m3u8',
      records: 1,
      autoSwitchToReplay: true,
    });
    expect((await kit.get('/ccp/monitor/v2/playback/config', { webcastId: '10013' })).code).toBe(4006);
    expect((await kit.get('/ccp/monitor/v2/stream/multi/list', { webcastId: 'nope' })).code).toBe(4002);
    expect((await kit.get('/ccp/monitor/v2/stream/default/list', {})).code).toBe(4501);
  });

  it("offers a multi-camera room's camera streams, each camera's lines, and the default camera", async () => {
    kit = await startSeeded();
    // A room of one camera: its main camera alone, and room info says it has no choice.
    expect(ok(await kit.get<{ streams: unknown[] }>('/ccp/monitor/v2/stream/multi/list', { webcastId: '10001' })).streams).toEqual([{ id: 'main', name: '', default: true }]);
    expect(ok(await kit.get<{ player: { multiStream: boolean } }>('/ccp/monitor/v2/webcast/10001')).player.multiStream).toBe(false);

    expect(ok(await kit.get<{ player: { multiStream: boolean } }>('/ccp/monitor/v2/webcast/10016')).player.multiStream).toBe(true);
    const multi = ok(await kit.get<{ streams: unknown[]; lines: { id: string }[] }>('/ccp/monitor/v2/stream/multi/list', { webcastId: '10016' }));
    expect(multi.streams).toEqual([
      { id: 'main', name: 'Stage', default: true },
      { id: 'cam2', name: 'Audience', default: false },
    ]);
    expect(multi.lines.map((l) => l.id)).toEqual(['line1', 'line2']);
    expect(ok(await kit.get('/ccp/monitor/v2/stream/default/list', { webcastId: '10016' }))).toMatchObject({ camera: 'main', line: 'line1', stream: { hls: '/media/line1/live/master.m3u8' } });

    const pull = (query: Record<string, string>) => kit.get<{ camera: string; stream: { hls: string; renditions: { flv: string }[] } }>('/ccp/monitor/v2/stream/pull/url', { webcastId: '10016', ...query });
    expect(ok(await pull({ streamId: 'line2', camera: 'cam2' }))).toMatchObject({ camera: 'cam2', stream: { hls: '/media/line2/cam2/live/master.m3u8', renditions: [{ flv: '/media/line2/cam2/live/original.flv' }, {}, {}] } });
    expect(ok(await pull({})).camera).toBe('main');
    // A camera the room does not offer is refused, naming the ones it does.
    expect((await pull({ camera: 'cam3' })).msg).toBe('camera: must be one of main, cam2');
    expect((await kit.get('/ccp/monitor/v2/stream/pull/url', { webcastId: '10001', camera: 'cam2' })).msg).toBe('camera: must be one of main');
  });
});

describe('room settings', () => {
  it('cloud, other and market settings of the room', async () => {
    kit = await startSeeded();
    expect(ok(await kit.get('/ccp/monitor/v2/setting/cloud', { webcastId: '10001' }))).toEqual({ docShare: true, whiteboard: true, cloudFiles: false });
    expect(ok(await kit.get('/ccp/monitor/v2/setting/other', { webcastId: '10001' }))).toMatchObject({ showOnline: true, languages: ['zh_cn', 'tr_cn', 'en_us'] });
    expect(ok(await kit.get('/ccp/monitor/v2/market/config', { webcastId: '10001' }))).toEqual({
      goods: true,
      recommend: true,
      rewards: true,
      posters: true,
      privateMerchant: false,
    });
    // The host's switches count (console, admin commerce); a room configured without an offer says so.
    await updateSettings(kit.server.ctx.store.db, '10001', { goods_enabled: 0, rewards_enabled: 0 });
    expect(ok(await kit.get('/ccp/monitor/v2/market/config', { webcastId: '10001' }))).toMatchObject({ goods: false, rewards: false, recommend: true });
    expect(ok(await kit.get('/ccp/monitor/v2/market/config', { webcastId: '10005' }))).toMatchObject({ goods: true, recommend: false, posters: false });
    expect(ok(await kit.get('/ccp/monitor/v2/setting/cloud', { webcastId: '10005' }))).toEqual({ docShare: false, whiteboard: false, cloudFiles: false });
    for (const path of ['/ccp/monitor/v2/setting/cloud', '/ccp/monitor/v2/setting/other', '/ccp/monitor/v2/market/config']) {
      expect((await kit.get(path, {})).code, path).toBe(4501);
      expect((await kit.get(path, { webcastId: '10013' })).code, path).toBe(4006);
    }
  });

  it('anti-record watermark: on in the open room with the viewer filled in, off elsewhere', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit, '10001', 'Marked');
    const mine = ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10001' }, { token: viewer.token }));
    expect(mine).toMatchObject({ enabled: true, text: `Marked ${viewer.userId}` });
    expect(ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10001' })).enabled).toBe(true);
    expect(ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10002' }))).toMatchObject({ enabled: false, text: '' });
    expect((await kit.get('/ccp/monitor/v2/watermark/config', {})).code).toBe(4501);
  });

  it('discussion groups of the room: list, config, one group; 4501 for a group not in the room', async () => {
    kit = await startSeeded();
    const list = ok(await kit.get<{ groups: { gid: string; name: string }[] }>('/ccp/monitor/v2/group_info/list', { webcastId: '10001' }));
    expect(list.groups.map((g) => g.gid)).toEqual(['room-10001-group']);
    expect(ok(await kit.get('/ccp/monitor/v2/group_config', { webcastId: '10001' }))).toEqual({ enabled: true, count: 1 });
    expect(ok(await kit.get('/ccp/monitor/v2/group_config', { webcastId: '10002' }))).toEqual({ enabled: false, count: 0 });
    expect(ok(await kit.get('/ccp/monitor/v2/group/10001/room-10001-group'))).toMatchObject({ name: 'Viewers group', members: 0 });
    expect((await kit.get('/ccp/monitor/v2/group/10001/other')).msg).toBe('b: no such group in this room');
    expect((await kit.get('/ccp/monitor/v2/group/nope/x')).code).toBe(4002);
  });
});

describe('start reminders (subscribe)', () => {
  const SUBSCRIBE = '/ccp/monitor/v2/message_subscribe';

  it('subscribes by SMS, email and messaging account; a repeat is 4408; the config shows what the viewer has', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    const as = { token: viewer.token };
    expect(ok(await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'sms', account: '13900000060' }, as))).toMatchObject({ subscribed: true, type: 'sms' });
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'sms', account: '13900000061' }, as)).code).toBe(4408);
    expect(ok(await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'email', account: 'me@example.com' }, as)).type).toBe('email');
    expect(ok(await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'wx' }, as)).type).toBe('wx');
    const config = ok(await kit.get('/ccp/monitor/v2/subscribe/config', { webcastId: '10001' }, as));
    expect(config).toMatchObject({ enabled: true, channels: ['sms', 'email', 'wx'], subscribed: ['email', 'sms', 'wx'] });
    expect(ok(await kit.get('/ccp/monitor/v2/subscribe/config', { webcastId: '10001' })).subscribed).toEqual([]);

    // The same number cannot be subscribed twice by different viewers either.
    const other = await guestLogin(kit);
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'sms', account: '13900000060' }, { token: other.token })).code).toBe(4408);
  });

  it('answers 4407 where reminders are off, 4501 for a bad account or channel, 402 without a session', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    const as = { token: viewer.token };
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'sms', account: '123' }, as)).msg).toBe('account: invalid phone number format');
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'email' }, as)).msg).toBe('account: is required');
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'pigeon' }, as)).code).toBe(4501);
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'wx', account: 'bad account!' }, as)).msg).toBe('account: must be a messaging account id');
    expect((await kit.post(SUBSCRIBE, { webcastId: '10001', type: 'sms', account: '13900000062' })).code).toBe(402);
    const pw = ok(await kit.post<{ token: string }>('/ccp/monitor/v2/live_login', { webcastId: '10002', type: 'password', password: '123456', privacyAccepted: true }));
    expect((await kit.post(SUBSCRIBE, { webcastId: '10002', type: 'sms', account: '13900000062' }, { token: pw.token })).code).toBe(4407);
    expect(ok(await kit.get('/ccp/monitor/v2/subscribe/config', { webcastId: '10002' })).enabled).toBe(false);
  });
});

describe('splash advert', () => {
  it('gives the config and the adverts with click counts; counts clicks; refuses unknown adverts', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    expect(ok(await kit.get('/ccp/monitor/v2/splash/config', { webcastId: '10001' }))).toEqual({ enabled: true, seconds: 5, skippable: true, count: 1 });
    const click = (advertId: string, token?: string) => kit.post('/ccp/receiver/v1/splash/click', { webcastId: '10001', advertId }, token ? { token } : {});
    expect(ok(await click('ad-1', viewer.token))).toEqual({ advertId: 'ad-1', clicks: 1 });
    expect(ok(await click('ad-1', viewer.token))).toEqual({ advertId: 'ad-1', clicks: 2 });
    const list = ok(await kit.get<{ adverts: { id: string; clicks: number }[] }>('/ccp/monitor/v2/splash/list', { webcastId: '10001' }));
    expect(list.adverts).toEqual([expect.objectContaining({ id: 'ad-1', clicks: 2 })]);
    expect((await click('ad-9', viewer.token)).msg).toBe('advertId: no such advert in this room');
    expect((await click('ad-1')).code).toBe(402);
    expect(ok(await kit.get('/ccp/monitor/v2/splash/list', { webcastId: '10002' }))).toEqual({ adverts: [] });
  });
});

describe('delayed charging', () => {
  it('starts the free period once and reports it running down to due', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    const viewer = ok(await phoneLogin(kit, '10004', 'phone', '13900000070'));
    const as = { token: viewer.token };
    expect(ok(await kit.get('/ccp/handler/v2/webcast/delay/10004/check', {}, as))).toMatchObject({ enabled: true, startedAt: null, remainingSeconds: 300, due: false });
    const started = ok(await kit.post('/ccp/handler/v2/webcast/delay/10004', {}, as));
    expect(started).toMatchObject({ startedAt: now, remainingSeconds: 300, due: false, priceYuan: '9.90' });
    now += 100_000;
    // A repeat keeps the first start.
    expect(ok(await kit.post('/ccp/handler/v2/webcast/delay/10004', {}, as))).toMatchObject({ startedAt: now - 100_000, remainingSeconds: 200 });
    now += 200_000;
    expect(ok(await kit.get('/ccp/handler/v2/webcast/delay/10004/check', {}, as))).toMatchObject({ remainingSeconds: 0, due: true });
  });

  it("takes the price once it is due, once (the ledger), and only the room's price", async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    const viewer = ok(await phoneLogin(kit, '10004', 'phone', '13900000071'));
    const pay = (amount: string, key: string) => kit.post('/ccp/handler/v2/webcast/delay/10004/pay', { amount }, { token: viewer.token, idempotencyKey: key });
    ok(await kit.post('/ccp/handler/v2/webcast/delay/10004', {}, { token: viewer.token }));
    expect((await pay('9.90', 'k'.repeat(32))).msg).toBe('id: nothing is due yet: the free period is not over');
    now += 300_000;
    expect((await pay('1.00', 'a'.repeat(32))).msg).toBe("amount: must be the room's price: 9.90");
    expect((await kit.post('/ccp/handler/v2/webcast/delay/10004/pay', { amount: '9.90' }, { token: viewer.token })).msg).toBe('Idempotency-Key: this call spends money and needs the header');
    const paid = ok(await pay('9.9', 'c'.repeat(32)));
    expect(paid).toMatchObject({ due: false, paid: true });
    expect(ok(await pay('9.90', 'c'.repeat(32)))).toEqual(paid);
    expect(ok(await pay('9.90', 'd'.repeat(32)))).toMatchObject({ paid: true });
    expect(ok(await kit.get('/ccp/handler/v2/webcast/delay/10004/check', {}, { token: viewer.token }))).toMatchObject({ due: false, paid: true });
    const rows = (await rowsOf(kit.server.ctx, sql`SELECT amount FROM money_ledger WHERE kind = 'delay.pay'`));
    expect(rows).toEqual([{ amount: '9.90' }]);
  });

  it('refuses a room that does not charge (4501), another room (4009), no session (402)', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    expect((await kit.post('/ccp/handler/v2/webcast/delay/10001', {}, { token: viewer.token })).msg).toBe('id: this room does not charge for watching');
    expect((await kit.post('/ccp/handler/v2/webcast/delay/10004', {}, { token: viewer.token })).code).toBe(4009);
    expect((await kit.get('/ccp/handler/v2/webcast/delay/10001/check')).code).toBe(402);
  });
});

describe('records and interactions', () => {
  it('pages the records with skip and take; refuses bad paging with 4501', async () => {
    kit = await startSeeded();
    await run(kit.server.ctx, sql`DELETE FROM room_records WHERE webcast_id = '10001'`); // the seed's earlier recordings: this test counts its own
    for (let i = 1; i <= 5; i++) {
      await run(kit.server.ctx, sql`INSERT INTO room_records (webcast_id, title, duration_ms, url, created_at) VALUES ('10001', ${`Part ${i}`}, 1000, '/media/vod/master.m3u8', ${i})`);
    }
    const viewer = await guestLogin(kit);
    const as = { token: viewer.token };
    const page = ok(await kit.get<{ total: number; list: { title: string }[] }>('/ccp/monitor/v2/webcast/record/list/10001', { skip: 1, take: 2 }, as));
    expect(page.total).toBe(5);
    expect(page.list.map((r) => r.title)).toEqual(['Part 4', 'Part 3']);
    expect(ok(await kit.get('/ccp/monitor/v2/webcast/record/list/10001', {}, as))).toMatchObject({ skip: 0, take: 20 });
    const badPaging: Record<string, string | number>[] = [{ skip: -1 }, { take: 0 }, { take: 101 }, { skip: 'x' }];
    for (const bad of badPaging) {
      expect((await kit.get('/ccp/monitor/v2/webcast/record/list/10001', bad, as)).code, JSON.stringify(bad)).toBe(4501);
    }
    expect((await kit.get('/ccp/monitor/v2/webcast/record/list/10001')).code).toBe(402);
  });

  it('stores a form-encoded interaction and counts its type', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit);
    const as = { token: viewer.token, form: true };
    const first = ok(await kit.post('/ccp/monitor/v1/interactive', { webcastId: '10001', type: 'share', content: '{"to":"friends"}' }, as));
    expect(first).toMatchObject({ type: 'share', count: 1 });
    expect(ok(await kit.post('/ccp/monitor/v1/interactive', { webcastId: '10001', type: 'share' }, as)).count).toBe(2);
    const row = (await rowOf(kit.server.ctx, sql`SELECT content, user_id FROM interactions WHERE id = ${first.id}`));
    expect(row).toEqual({ content: '{"to":"friends"}', user_id: viewer.userId });
    expect((await kit.post('/ccp/monitor/v1/interactive', { webcastId: '10001', type: 'bad type' }, as)).code).toBe(4501);
    expect((await kit.post('/ccp/monitor/v1/interactive', { webcastId: '10001', type: 'x', content: 'y'.repeat(2001) }, as)).code).toBe(4501);
    expect((await kit.post('/ccp/monitor/v1/interactive', { webcastId: '10001', type: 'share' }, { form: true })).code).toBe(402);
  });
});
