import { afterEach, describe, expect, it } from 'vitest';
import { TestSocket } from '../testing/socketClient.js';
import { QR_TICKET_TTL_MS } from './qrLogin.js';
import { LOGIN, ok, startSeeded, type Kit, type LoginData } from './testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

/** Follows a simulated consent page the way a browser would: choose an account, follow the redirect. */
async function authorizeAs(authorizeUrl: string, accountId: string): Promise<URL> {
  const page = await fetch(`${kit.server.url}${authorizeUrl}`);
  expect(page.status).toBe(200);
  const text = await page.text();
  expect(text).toContain(`value="${accountId}"`);
  const url = new URL(authorizeUrl, 'http://x');
  const form = new URLSearchParams({
    account: accountId,
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    app: url.searchParams.get('app') ?? url.searchParams.get('appid') ?? '',
  });
  const res = await fetch(`${kit.server.url}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '', 'http://x');
}

describe('enterprise-internal room (simulated enterprise messaging)', () => {
  it('authorises an employee, shows who it is, logs in once with the code', async () => {
    kit = await startSeeded();
    const info = ok(await kit.get<{ corpId: string; authorizeUrl: string }>('/ccp/monitor/v2/workwx/oauth/info', { webcastId: '10008' }));
    expect(info.corpId).toBe('demo-corp');
    const back = await authorizeAs(info.authorizeUrl, 'zhangsan');
    expect(back.pathname).toBe('/live/login/10008');
    expect(back.searchParams.get('state')).toBe('10008');
    const code = back.searchParams.get('code') ?? '';

    const who = ok(await kit.get('/ccp/monitor/v2/workwx/user/info', { webcastId: '10008', code }));
    expect(who).toMatchObject({ workWxUserId: 'zhangsan', name: '张三', corpId: 'demo-corp', allowed: true });
    const openId = ok(await kit.get('/ccp/monitor/v2/workwx/openid', { workWxUserId: 'zhangsan' }));
    expect(openId.openId).toMatch(/^o[0-9a-f]{27}$/);

    const entered = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10008', type: 'enterprise', code, privacyAccepted: true }));
    expect(entered.name).toBe('张三');
    expect((await kit.post(LOGIN, { webcastId: '10008', type: 'enterprise', code, privacyAccepted: true })).code).toBe(4105);
    expect((await kit.get('/ccp/monitor/v2/workwx/user/info', { webcastId: '10008', code })).code).toBe(4105);

    // The same employee again is the same account: the older session ends.
    const again = await authorizeAs(info.authorizeUrl, 'zhangsan');
    const second = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10008', type: 'enterprise', code: again.searchParams.get('code'), privacyAccepted: true }));
    expect(second.userId).toBe(entered.userId);
    expect(await kit.server.ctx.sessions.use(entered.token)).toBeNull();
  });

  it('refuses an employee of another corp (4009), a made-up code (4105), a room without enterprise messaging (4501)', async () => {
    kit = await startSeeded();
    const info = ok(await kit.get<{ authorizeUrl: string }>('/ccp/monitor/v2/workwx/oauth/info', { webcastId: '10008' }));
    const back = await authorizeAs(info.authorizeUrl, 'wangwu');
    const code = back.searchParams.get('code') ?? '';
    expect(ok(await kit.get('/ccp/monitor/v2/workwx/user/info', { webcastId: '10008', code })).allowed).toBe(false);
    expect((await kit.post(LOGIN, { webcastId: '10008', type: 'enterprise', code, privacyAccepted: true })).code).toBe(4009);
    expect((await kit.post(LOGIN, { webcastId: '10008', type: 'enterprise', code: 'made-up', privacyAccepted: true })).code).toBe(4105);
    expect((await kit.post(LOGIN, { webcastId: '10008', type: 'enterprise', privacyAccepted: true })).msg).toBe('code: is required');
    expect((await kit.get('/ccp/monitor/v2/workwx/oauth/info', { webcastId: '10001' })).code).toBe(4501);
    expect((await kit.get('/ccp/monitor/v2/workwx/openid', { workWxUserId: 'nobody' })).code).toBe(4105);
    expect((await kit.get('/ccp/monitor/v2/workwx/user/info', { webcastId: '10008' })).code).toBe(4501);
  });

  it('keeps the consent page from redirecting off the site and escapes what it shows', async () => {
    kit = await startSeeded();
    const offsite = await fetch(`${kit.server.url}/sim/workwx/authorize?redirect_uri=${encodeURIComponent('https://evil.example/x')}`);
    expect(offsite.status).toBe(400);
    const protocolRelative = await fetch(`${kit.server.url}/sim/workwx/authorize?redirect_uri=${encodeURIComponent('//evil.example/x')}`);
    expect(protocolRelative.status).toBe(400);
    const posted = await fetch(`${kit.server.url}/sim/workwx/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'zhangsan', redirect_uri: '/\\evil.example' }).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(400);
    const page = await (await fetch(`${kit.server.url}/sim/workwx/authorize?redirect_uri=/x&state=${encodeURIComponent('"><script>')}`)).text();
    expect(page).not.toContain('"><script>');
    expect(page).toContain('&quot;&gt;&lt;script&gt;');
    expect((await fetch(`${kit.server.url}/sim/nope/authorize?redirect_uri=/x`)).status).toBe(404);
  });
});

describe('QR scan login room', () => {
  it('waiting -> scanned -> confirmed (login code) -> login once; then the ticket is gone (4302)', async () => {
    kit = await startSeeded();
    const qr = ok(await kit.get<{ ticket: string; scanUrl: string; expiresAt: number }>('/commerce/v1/follow/qrcode', { liveId: '10009' }));
    expect(qr.scanUrl).toBe(`${kit.server.url}/sim/qr/scan?ticket=${qr.ticket}`);
    const result = () => kit.get<{ state: string; code?: string }>('/commerce/v1/follow/result', { liveId: '10009', ticket: qr.ticket });
    expect(ok(await result())).toEqual({ state: 'waiting' });

    const phonePage = await fetch(qr.scanUrl);
    expect(phonePage.status).toBe(200);
    expect(await phonePage.text()).toContain('wx-alice');
    expect(ok(await result())).toEqual({ state: 'scanned' });

    const confirm = await fetch(`${kit.server.url}/sim/qr/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket: qr.ticket, account: 'wx-alice' }).toString(),
    });
    expect(confirm.status).toBe(200);
    const confirmed = ok(await result());
    expect(confirmed.state).toBe('confirmed');

    const entered = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10009', type: 'qrScan', code: confirmed.code, privacyAccepted: true }));
    expect(entered.name).toBe('Alice');
    const socket = await TestSocket.connect(kit.server.url, entered.sid);
    socket.close();
    expect((await kit.post(LOGIN, { webcastId: '10009', type: 'qrScan', code: confirmed.code, privacyAccepted: true })).code).toBe(4302);
    expect((await result()).code).toBe(4302);
  });

  it('expires a ticket after 2 minutes (4302); refuses another room, a made-up code, a non-QR room', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    const qr = ok(await kit.get<{ ticket: string }>('/commerce/v1/follow/qrcode', { liveId: '10009' }));
    expect((await kit.get('/commerce/v1/follow/result', { liveId: '10001', ticket: qr.ticket })).code).toBe(4302);
    now += QR_TICKET_TTL_MS;
    expect((await kit.get('/commerce/v1/follow/result', { liveId: '10009', ticket: qr.ticket })).code).toBe(4302);
    expect((await fetch(`${kit.server.url}/sim/qr/scan?ticket=${qr.ticket}`)).status).toBe(410);
    expect((await kit.post(LOGIN, { webcastId: '10009', type: 'qrScan', code: 'made-up', privacyAccepted: true })).code).toBe(4302);
    expect((await kit.get('/commerce/v1/follow/qrcode', { liveId: '10001' })).code).toBe(4501);
    expect((await kit.get('/commerce/v1/follow/result', { liveId: '10009' })).code).toBe(4501);
  });

  it('refuses to confirm a ticket nobody scanned', async () => {
    kit = await startSeeded();
    const qr = ok(await kit.get<{ ticket: string }>('/commerce/v1/follow/qrcode', { liveId: '10009' }));
    const confirm = await fetch(`${kit.server.url}/sim/qr/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket: qr.ticket, account: 'wx-bob' }).toString(),
    });
    expect(confirm.status).toBe(410);
    expect(ok(await kit.get('/commerce/v1/follow/result', { liveId: '10009', ticket: qr.ticket })).state).toBe('waiting');
  });
});

describe('open platform and third-party apps', () => {
  it('open platform: appId with its authorisation address back to /getWxInfo; userInfo spends the code', async () => {
    kit = await startSeeded();
    const app = ok(await kit.get<{ appId: string; authorizeUrl: string }>('/commerce/v1/open/appId', { liveId: '10001' }));
    expect(app.appId).toBe('wxdemo10001');
    const back = await authorizeAs(app.authorizeUrl, 'wx-bob');
    expect(back.pathname).toBe('/getWxInfo');
    const code = back.searchParams.get('code') ?? '';
    expect((await kit.get('/commerce/v1/open/userInfo', { code, appId: 'other' })).code).toBe(4105);
    const user = ok(await kit.get('/commerce/v1/open/userInfo', { code, appId: app.appId }));
    expect(user).toMatchObject({ nickname: 'Bob' });
    expect((await kit.get('/commerce/v1/open/userInfo', { code })).code).toBe(4105);
    expect((await kit.get('/commerce/v1/open/userInfo', {})).code).toBe(4501);
    expect((await kit.get('/commerce/v1/open/appId', { liveId: 'nope' })).code).toBe(4002);
  });

  it('private-merchant check reads the room setting', async () => {
    kit = await startSeeded();
    expect(ok(await kit.get('/commerce/v1/open/privateMerchant/check', { liveId: '10001' }))).toEqual({ privateMerchant: false, merchantName: '' });
    expect((await kit.get('/commerce/v1/open/privateMerchant/check', {})).code).toBe(4501);
  });

  it("third-party room: the login (type third) with the room's app's code enters as the app user and spends the code; another app's code, or none, is refused", async () => {
    kit = await startSeeded();
    const info = ok(await kit.get<{ entry: { types: string[]; fields: string[]; thirdParty: unknown } }>('/ccp/monitor/v2/webcast/10017'));
    expect(info.entry).toMatchObject({ types: ['third'], fields: ['code'], thirdParty: { appCode: 'democrm', appName: 'Demo CRM' } });
    expect(ok(await kit.get<{ entry: { thirdParty: unknown } }>('/ccp/monitor/v2/webcast/10001')).entry.thirdParty).toBeNull();
    const codeFor = async (appCode: string) => {
      const login = ok(await kit.get<{ url: string }>('/ccp/monitor/v2/third/login/url', { webcastId: '10017', appCode }));
      const back = await authorizeAs(login.url, 'third-carol');
      expect(back.pathname).toBe('/live/login/10017');
      return back.searchParams.get('code') ?? '';
    };
    const other = await codeFor('erp');
    expect((await kit.post(LOGIN, { webcastId: '10017', type: 'third', code: other, appCode: 'erp' })).msg).toBe("appCode: must be the room's third-party app");
    expect((await kit.post(LOGIN, { webcastId: '10017', type: 'third', code: other, appCode: 'democrm' })).code).toBe(4105);
    // Guests and other login types are not this room's way in.
    expect((await kit.post(LOGIN, { webcastId: '10017', type: 'guest' })).code).not.toBe(0);

    const code = await codeFor('democrm');
    // Who the code is, asked first, does not spend it; the login does.
    expect(ok(await kit.get('/ccp/monitor/v2/third/auth/url', { code, appCode: 'democrm' }))).toMatchObject({ name: 'Carol' });
    const entered = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10017', type: 'third', code, appCode: 'democrm' }));
    expect(entered.token).toBeTruthy();
    expect((await kit.post(LOGIN, { webcastId: '10017', type: 'third', code, appCode: 'democrm' })).code).toBe(4105);
    expect((await kit.get('/ccp/monitor/v2/third/auth/url', { code, appCode: 'democrm' })).code).toBe(4105);
    // The same app account is the same viewer next time.
    const again = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10017', type: 'third', code: await codeFor('democrm'), appCode: 'democrm' }));
    expect(again.userId).toBe(entered.userId);
  });

  it('third-party: login url (same-site redirects only), auth names the app user without spending the code', async () => {
    kit = await startSeeded();
    const login = ok(await kit.get<{ url: string }>('/ccp/monitor/v2/third/login/url', { webcastId: '10001', appCode: 'crm' }));
    const back = await authorizeAs(login.url, 'third-carol');
    expect(back.pathname).toBe('/live/login/10001');
    const code = back.searchParams.get('code') ?? '';
    expect((await kit.get('/ccp/monitor/v2/third/auth/url', { code, appCode: 'erp' })).code).toBe(4105);
    expect(ok(await kit.get('/ccp/monitor/v2/third/auth/url', { code, appCode: 'crm' }))).toMatchObject({ appCode: 'crm', name: 'Carol' });
    expect(ok(await kit.get('/ccp/monitor/v2/third/auth/url', { code, appCode: 'crm' }))).toMatchObject({ name: 'Carol' });
    expect(
      (await kit.get('/ccp/monitor/v2/third/login/url', { webcastId: '10001', appCode: 'crm', redirectUrl: 'https://evil.example' })).msg,
    ).toBe('redirectUrl: must be a path on this site');
    expect((await kit.get('/ccp/monitor/v2/third/login/url', { webcastId: '10001', appCode: 'c r m' })).code).toBe(4501);
  });
});

describe('aggregated events', () => {
  it('lists the rooms of an event; 4002 for an unknown one', async () => {
    kit = await startSeeded();
    const list = ok(await kit.get<{ rooms: { webcastId: string; title: string }[] }>('/ccp/monitor/v2/agg/relation/list', { aggId: 'agg-demo' }));
    expect(list.rooms.map((r) => r.webcastId)).toEqual(['10001', '10002']);
    expect((await kit.get('/ccp/monitor/v2/agg/relation/list', { aggId: 'nope' })).code).toBe(4002);
    expect((await kit.get('/ccp/monitor/v2/agg/relation/list', {})).code).toBe(4501);
  });
});
