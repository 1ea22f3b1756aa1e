import { afterEach, describe, expect, it } from 'vitest';
import { CODE_COOLDOWN_MS, CODE_TTL_MS } from './verification.js';
import { entryState } from './state.js';
import { LOGIN, ok, startSeeded, type Kit } from './testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const SEND = '/commerce/v1/verify/sms/send';
const CHECK = '/commerce/v1/verify/sms/check';
const MAIL = '/commerce/v1/verify/mail/sendCode';

describe('SMS and email codes', () => {
  it('sends a code (never in the answer), checks it without spending it, and the login spends it', async () => {
    kit = await startSeeded();
    const sent = await kit.post(SEND, { phone: '13900000040', liveId: '10004' });
    expect(sent.code).toBe(200);
    expect(sent.data).toMatchObject({ sent: true, cooldownSeconds: 60 });
    const code = (await entryState(kit.server.ctx).codes.latest('sms', '13900000040'))?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent)).not.toContain(code);
    expect(ok(await kit.post(CHECK, { phone: '13900000040', code }))).toEqual({ valid: true });
    expect(ok(await kit.post(CHECK, { phone: '13900000040', code }))).toEqual({ valid: true });
    const login = await kit.post(LOGIN, { webcastId: '10004', type: 'phone', phone: '13900000040', smsCode: code, privacyAccepted: true });
    expect(login.code).toBe(200);
    expect((await kit.post(CHECK, { phone: '13900000040', code })).code).toBe(4101);
  });

  it('rate limits a second request for the same address within 60 s with 4203 and the wait in data', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    expect((await kit.post(SEND, { phone: '13900000041' })).code).toBe(200);
    now += 15_000;
    const again = await kit.post(SEND, { phone: '139-0000-0041' });
    expect(again.code).toBe(4203);
    expect(again.data).toEqual({ waitSeconds: 45 });
    expect(again.msg).toContain('45');
    // Another number is not held up.
    expect((await kit.post(SEND, { phone: '13900000042' })).code).toBe(200);
    now += CODE_COOLDOWN_MS - 15_000;
    expect((await kit.post(SEND, { phone: '13900000041' })).code).toBe(200);

    expect((await kit.post(MAIL, { email: 'a@example.com' })).code).toBe(200);
    expect((await kit.post(MAIL, { email: 'A@example.com' })).code).toBe(4203);
  });

  it('lets a code expire after 5 minutes, and burns it after 5 wrong tries', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    await kit.post(SEND, { phone: '13900000043' });
    const code = (await entryState(kit.server.ctx).codes.latest('sms', '13900000043'))?.code ?? '';
    now += CODE_TTL_MS;
    expect((await kit.post(CHECK, { phone: '13900000043', code })).code).toBe(4101);

    now += CODE_COOLDOWN_MS;
    await kit.post(SEND, { phone: '13900000043' });
    const fresh = (await entryState(kit.server.ctx).codes.latest('sms', '13900000043'))?.code ?? '';
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await kit.post(CHECK, { phone: '13900000043', code: wrong })).code).toBe(4101);
    expect((await kit.post(CHECK, { phone: '13900000043', code: fresh })).code).toBe(4101);
  });

  it('refuses bad input with 4501 naming the field, a malformed code with 4101, an unknown room with 4002', async () => {
    kit = await startSeeded();
    expect((await kit.post(SEND, { phone: '12345' })).msg).toBe('phone: invalid phone number format');
    expect((await kit.post(SEND, {})).msg).toMatch(/phone/);
    expect((await kit.post(SEND, { phone: '' })).msg).toBe('phone: is required');
    expect((await kit.post(SEND, { phone: '13900000044', liveId: 'nope' })).code).toBe(4002);
    expect((await kit.post(CHECK, { phone: '13900000044', code: '' })).msg).toBe('code: is required');
    expect((await kit.post(CHECK, { phone: '13900000044', code: '12ab' })).code).toBe(4101);
    expect((await kit.post(MAIL, { email: 'nope' })).msg).toBe('email: invalid email format');
    expect((await kit.post(MAIL, { email: 'x@example.com', liveId: '10013' })).code).toBe(4006);
  });

  it('shows the newest code on the simulated inbox page, escaped', async () => {
    kit = await startSeeded();
    await kit.post(SEND, { phone: '13900000045' });
    const code = (await entryState(kit.server.ctx).codes.latest('sms', '13900000045'))?.code ?? '';
    const page = await fetch(`${kit.server.url}/sim/inbox?to=13900000045`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(code);
    const hostile = await (await fetch(`${kit.server.url}/sim/inbox?to=${encodeURIComponent('<script>x</script>')}`)).text();
    expect(hostile).not.toContain('<script>x');
    expect(hostile).toContain('&lt;script&gt;');
  });
});
