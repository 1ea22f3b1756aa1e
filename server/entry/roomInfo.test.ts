import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_WATCH_PASSWORD } from '../seed/rooms.js';
import { guestLogin, ok, startSeeded, type Kit } from './testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const info = (id: string) => kit.get(`/ccp/monitor/v2/webcast/${encodeURIComponent(id)}`);

interface RoomInfoData {
  title: string;
  status: number;
  themeColour: string;
  entry: { gate: string; types: string[]; fields: string[]; privacyRequired: boolean };
  features: { rewards: boolean; goods: boolean };
  player: { lines: { id: string; hls: string; renditions: { id: string; hls: string; flv: string }[] }[]; defaultLine: string };
  replay: string | null;
  host: { name: string } | null;
  series: string[];
}

describe('room info', () => {
  it('describes the open live room: gate, features, player lines and qualities, no replay while live', async () => {
    kit = await startSeeded();
    const room = ok(await info('10001')) as unknown as RoomInfoData;
    expect(room.title).toBe('Open live room');
    expect(room.status).toBe(2);
    expect(room.themeColour).toBe('#2081eb');
    expect(room.entry).toMatchObject({ gate: 'open', types: ['guest'], fields: ['name'], privacyRequired: false });
    expect(room.features).toMatchObject({ rewards: true, goods: true });
    expect(room.player.lines.map((l) => l.id)).toEqual(['line1', 'line2']);
    const line1 = room.player.lines[0];
    expect(line1?.hls).toBe('/media/line1/live/master.m3u8');
    expect(line1?.renditions.map((r) => [r.id, r.hls, r.flv])).toEqual([
      ['original', '/media/line1/live/original.m3u8', '/media/line1/live/original.flv'],
      ['hd', '/media/line1/live/hd.m3u8', '/media/line1/live/hd.flv'],
      ['sd', '/media/line1/live/sd.m3u8', '/media/line1/live/sd.flv'],
    ]);
    expect(room.replay).toBeNull();
    // The guide page names who hosts the event.
    expect(room.host).toEqual({ name: '主持人10001' });
    // The demo series (agg/relation/list): the open room and the password room.
    expect(room.series).toEqual(['agg-demo']);
    expect((ok(await kit.get('/ccp/monitor/v2/webcast/10003')) as { series: string[] }).series).toEqual([]);
  });

  it('tells each gated room which login types and fields apply, and never leaks a secret', async () => {
    kit = await startSeeded();
    const expected: Record<string, [string, string[]]> = {
      '10002': ['password', ['password', 'name']],
      '10003': ['memberCode', ['memberCode']],
      '10004': ['phone', ['phone', 'smsCode']],
      '10005': ['email', ['email', 'emailCode']],
      '10006': ['signup', ['phone', 'smsCode']],
      '10007': ['vip', ['phone', 'smsCode']],
      '10008': ['enterprise', ['code']],
      '10009': ['qrScan', ['code']],
      '10010': ['whitelist', ['phone', 'smsCode']],
    };
    for (const [id, [type, fields]] of Object.entries(expected)) {
      const answer = await info(id);
      const room = ok(answer) as unknown as RoomInfoData;
      expect(room.entry.types, id).toEqual([type]);
      expect(room.entry.fields, id).toEqual(fields);
      expect(room.entry.privacyRequired, id).toBe(true);
      const text = JSON.stringify(answer);
      expect(text).not.toContain(DEMO_WATCH_PASSWORD);
      expect(text).not.toContain('M1001');
      expect(text).not.toContain('13800000101');
      expect(text).not.toMatch(/hash|stream_?key|password"\s*:/i);
    }
  });

  it('gives the replay address of an ended room that keeps one', async () => {
    kit = await startSeeded();
    expect((ok(await info('10012')) as unknown as RoomInfoData).replay).toBe('/media/vod/master.m3u8');
    expect((ok(await info('10014')) as unknown as RoomInfoData).replay).toBeNull();
  });

  it('answers 4002 for an unknown or odd id, 4006 for a deleted room, 4501 for an overlong id', async () => {
    kit = await startSeeded();
    expect((await info('99999')).code).toBe(4002);
    expect((await info("1' OR '1'='1")).code).toBe(4002);
    expect((await info('10013')).code).toBe(4006);
    expect((await info('x'.repeat(65))).code).toBe(4501);
  });
});

describe('login page calls', () => {
  it('login resource: title, gate, fields and privacy text', async () => {
    kit = await startSeeded();
    const res = ok(await kit.get('/ccp/monitor/v2/login/resource/10004'));
    expect(res).toMatchObject({ title: 'Phone verification room', gate: 'phone', fields: ['phone', 'smsCode'] });
    expect((res.privacy as { required: boolean }).required).toBe(true);
    expect((await kit.get('/ccp/monitor/v2/login/resource/nope')).code).toBe(4002);
  });

  it('whitelist: says whether the rule applies, never the list', async () => {
    kit = await startSeeded();
    expect(ok(await kit.get('/ccp/monitor/v2/webcast/10010/whitelist'))).toEqual({ enabled: true, field: 'phone', verify: 'smsCode' });
    expect(ok(await kit.get('/ccp/monitor/v2/webcast/10001/whitelist')).enabled).toBe(false);
    expect((await kit.get('/ccp/monitor/v2/webcast/10013/whitelist')).code).toBe(4006);
  });

  it('watch password check: right -> valid, wrong -> 4103, missing -> 4501', async () => {
    kit = await startSeeded();
    const check = (body: unknown) => kit.post('/ccp/monitor/v2/clv/sign/password/check', body);
    expect(ok(await check({ webcastId: '10002', password: DEMO_WATCH_PASSWORD }))).toEqual({ valid: true });
    expect((await check({ webcastId: '10002', password: '000000' })).code).toBe(4103);
    expect((await check({ webcastId: '10001', password: 'any' })).code).toBe(4103);
    expect((await check({ webcastId: '10002' })).code).toBe(4501);
  });
});

describe('nickname (update_name)', () => {
  it('sets a valid nickname and marks it changed; refuses bad ones with 4501 and no session with 402', async () => {
    kit = await startSeeded();
    const s = await guestLogin(kit);
    expect(s.nameChanged).toBe(false);
    const path = (name: string) => `/ccp/monitor/v2/webcast/user/update_name/${encodeURIComponent(name)}`;
    expect(ok(await kit.get(path('新名字_1'), {}, { token: s.token }))).toEqual({ userId: s.userId, name: '新名字_1', nameChanged: true });
    const row = (await rowOf(kit.server.ctx, sql`SELECT name, name_changed FROM users WHERE id = ${s.userId}`));
    expect(row).toEqual({ name: '新名字_1', name_changed: 1 });
    for (const bad of ['a'.repeat(21), 'no spaces', '<script>', '   ']) {
      const answer = await kit.get(path(bad), {}, { token: s.token });
      expect(answer.code, bad).toBe(4501);
      expect(answer.msg, bad).toMatch(/^name: /);
    }
    expect((await kit.get(path('fine'))).code).toBe(402);
  });
});
