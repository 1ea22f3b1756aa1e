/**
 * POST /admin/v1/rooms/:id/settings: the room's watermark and splash advert, as the viewer
 * calls then answer them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestLogin, LOGIN, ok, startSeeded, type Kit, type LoginData } from '../entry/testKit.js';
import { DEMO_WATCH_PASSWORD } from '../seed/rooms.js';
import { INTRODUCTION_MAX } from './settingsAdmin.js';

const ADMIN = { adminToken: 'test-admin-token' };
const SETTINGS = (id: string) => `/admin/v1/rooms/${id}/settings`;
let kit: Kit;

beforeAll(async () => {
  kit = await startSeeded();
});

afterAll(async () => kit.server.close());

describe('room settings (admin)', () => {
  it('refuses without the admin token (HTTP 401)', async () => {
    expect((await kit.post(SETTINGS('10002'), { watermark: { enabled: true } })).status).toBe(401);
    expect((await kit.post(SETTINGS('10002'), { watermark: { enabled: true } }, { adminToken: 'wrong' })).status).toBe(401);
    expect(ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10002' })).enabled).toBe(false);
  });

  it('refuses a caller without the token before it reads the body: a bad body is 401 too, never a 4501 that describes the command', async () => {
    const commands = ['settings', 'say', 'chat/state', 'users/u1/kick', 'mic/u1/accept', 'live/schedule', 'lottery/start', 'burst', 'disposable', 'notice'];
    for (const command of commands) {
      for (const token of [{}, { adminToken: 'wrong' }]) {
        const answer = await kit.post(`/admin/v1/rooms/10001/${command}`, { nonsense: [1, 2, 3] }, token);
        expect(answer.status, `${command} ${JSON.stringify(token)}`).toBe(401);
      }
      // With the token the same body reaches the command's own checks.
      expect((await kit.post(`/admin/v1/rooms/10001/${command}`, { nonsense: [1, 2, 3] }, ADMIN)).status, command).not.toBe(401);
    }
  });

  it("sets the room's introduction as plain text, as every visitor reads it; too long is 4501 and nothing changes", async () => {
    const text = '<b>not markup</b>\nLine two';
    expect(ok(await kit.post<{ introduction: string }>(SETTINGS('10003'), { introduction: text }, ADMIN)).introduction).toBe(text);
    expect(ok(await kit.get<{ introduction: string }>('/ccp/monitor/v2/webcast/10003')).introduction).toBe(text);
    const tooLong = await kit.post(SETTINGS('10003'), { introduction: 'x'.repeat(INTRODUCTION_MAX + 1) }, ADMIN);
    expect(tooLong).toMatchObject({ code: 4501 });
    expect(ok(await kit.get<{ introduction: string }>('/ccp/monitor/v2/webcast/10003')).introduction).toBe(text);
  });

  it("sets the organiser's own merchant account, which the private-merchant check answers; without its name it is 4501 and nothing changes", async () => {
    const check = () => kit.get('/commerce/v1/open/privateMerchant/check', { liveId: '10004' });
    expect(ok(await check())).toEqual({ privateMerchant: false, merchantName: '' });
    expect(await kit.post(SETTINGS('10004'), { openPlatform: { privateMerchant: true } }, ADMIN)).toMatchObject({ code: 4501 });
    expect(await kit.post(SETTINGS('10004'), { openPlatform: { privateMerchant: true, merchantName: '   ' } }, ADMIN)).toMatchObject({ code: 4501 });
    expect(ok(await check())).toEqual({ privateMerchant: false, merchantName: '' });
    const set = ok(await kit.post<{ openPlatform: unknown }>(SETTINGS('10004'), { openPlatform: { privateMerchant: true, merchantName: ' Demo Events Co. ' } }, ADMIN));
    expect(set.openPlatform).toMatchObject({ privateMerchant: true, merchantName: 'Demo Events Co.' });
    expect(ok(await check())).toEqual({ privateMerchant: true, merchantName: 'Demo Events Co.' });
    ok(await kit.post(SETTINGS('10004'), { openPlatform: { privateMerchant: false } }, ADMIN));
    expect(ok(await check())).toEqual({ privateMerchant: false, merchantName: '' });
  });

  it('turns the watermark on with its text filled in for the viewer, and off again', async () => {
    const changed = ok(await kit.post<{ watermark: unknown }>(SETTINGS('10002'), { watermark: { enabled: true, text: 'ID {userId}', opacity: 0.4 } }, ADMIN));
    expect(changed.watermark).toEqual({ enabled: true, text: 'ID {userId}', opacity: 0.4, fontSize: 14 });
    const viewer = ok(
      await kit.post<LoginData>(LOGIN, { webcastId: '10002', type: 'password', password: DEMO_WATCH_PASSWORD, privacyAccepted: true }),
    );
    expect(ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10002' }, { token: viewer.token }))).toEqual({
      enabled: true,
      text: `ID ${viewer.userId}`,
      opacity: 0.4,
      fontSize: 14,
    });
    ok(await kit.post(SETTINGS('10002'), { watermark: { enabled: false } }, ADMIN));
    expect(ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10002' }))).toEqual({ enabled: false, text: '', opacity: 0.4, fontSize: 14 });
  });

  it('sets the splash advert: fields left out keep their value, adverts replace the list', async () => {
    ok(await kit.post(SETTINGS('10001'), { splash: { seconds: 3, skippable: false } }, ADMIN));
    expect(ok(await kit.get('/ccp/monitor/v2/splash/config', { webcastId: '10001' }))).toEqual({ enabled: true, seconds: 3, skippable: false, count: 1 });
    const hostile = await kit.post(SETTINGS('10001'), { splash: { adverts: [{ id: 'ad-x', imageUrl: '/ok.png' }, { id: 'ad-z', linkUrl: '/\t/evil.test/240' }] } }, ADMIN);
    expect(hostile).toMatchObject({ code: 4501, msg: 'splash.adverts[1].linkUrl: must be an http(s) URL or a path on this site' });
    const adverts = [{ id: 'ad-x', title: 'Launch', imageUrl: '/ad.png', linkUrl: 'https://example.com/' }, { id: 'ad-y' }];
    ok(await kit.post(SETTINGS('10001'), { splash: { adverts } }, ADMIN));
    const list = ok(await kit.get<{ adverts: unknown[] }>('/ccp/monitor/v2/splash/list', { webcastId: '10001' }));
    expect(list.adverts).toEqual([
      { ...adverts[0], clicks: 0 },
      { id: 'ad-y', title: '', imageUrl: '', linkUrl: '', clicks: 0 },
    ]);
    // The other sections are untouched.
    expect(ok(await kit.get('/ccp/monitor/v2/watermark/config', { webcastId: '10001' })).enabled).toBe(true);
    expect(ok(await kit.get('/ccp/monitor/v2/group_config', { webcastId: '10001' }))).toEqual({ enabled: true, count: 1 });
    const viewer = await guestLogin(kit, '10001');
    expect(ok(await kit.post('/ccp/receiver/v1/splash/click', { webcastId: '10001', advertId: 'ad-x' }, { token: viewer.token }))).toEqual({ advertId: 'ad-x', clicks: 1 });
    ok(await kit.post(SETTINGS('10001'), { splash: { enabled: false } }, ADMIN));
    expect(ok(await kit.get('/ccp/monitor/v2/splash/config', { webcastId: '10001' }))).toEqual({ enabled: false, seconds: 3, skippable: false, count: 0 });
  });

  it('refuses unknown rooms, unknown fields and out-of-range values', async () => {
    expect((await kit.post(SETTINGS('99999'), { splash: { enabled: true } }, ADMIN)).code).toBe(4002);
    for (const body of [
      {},
      { theme: {} },
      { watermark: { enabled: 'yes' } },
      { watermark: { opacity: 0 } },
      { watermark: { fontSize: 500 } },
      { watermark: { text: 'x'.repeat(65) } },
      { splash: { seconds: 0 } },
      { splash: { adverts: [{ title: 'no id' }] } },
      { splash: { adverts: [{ id: 'a', onclick: 'x' }] } },
    ]) {
      expect((await kit.post(SETTINGS('10001'), body, ADMIN)).code, JSON.stringify(body)).toBe(4501);
    }
  });
});
