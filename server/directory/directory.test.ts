import { run } from '../testing/storeRows.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { directoryRoutes } from './routes.js';
import { seedDirectory } from './seed.js';
import { recordKick } from '../chat/kicks.js';

const CLIENT = { tag: 'webcast', dev: 'device-1', devt: 'web', os: 'mozilla/5.0 (x11; linux) chrome/120' };
const LOGIN = { ...CLIENT, ver: '4.0' };
const DATA = { ...CLIENT, ver: '1.0.0' };

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
}

let server: TestServer;

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Envelope;
}

beforeAll(async () => {
  server = await startTestServer({ routes: [directoryRoutes], config: { directoryNameOnly: true } });
  await run(server.ctx, sql`INSERT INTO rooms (id, title, gate, created_at) VALUES ('r-open', 'Open room', 'open', 1), ('r-gone', 'Gone', 'open', 2), ('r-gated', 'Gated', 'password', 3)`);
  await run(server.ctx, sql`UPDATE rooms SET deleted = 1 WHERE id = 'r-gone'`);
  await seedDirectory(server.ctx.store, server.ctx.now);
});

afterAll(async () => {
  await server.close();
});

describe('location', () => {
  it('lists ten addresses on this server, the socket at index 2', async () => {
    const r = await post('/login/location?cmd=lookup', { ...LOGIN, cmd: 'lookup' });
    expect(r.code).toBe(200);
    const list = r.data?.serverAddress as string[];
    expect(list).toHaveLength(10);
    expect(list[1]).toBe(server.url);
    expect(list[2]).toBe(server.url.replace('http', 'ws') + '/ws');
    expect(list[5]).toBe(server.url);
    expect(list[9]).toBe(server.url);
  });

  it.each([
    ['a wrong query cmd', '/login/location?cmd=nope', { ...LOGIN, cmd: 'lookup' }, 'cmd'],
    ['a missing tag', '/login/location?cmd=lookup', { ...LOGIN, cmd: 'lookup', tag: undefined }, 'tag'],
    ['a body cmd unlike the query', '/login/location?cmd=lookup', { ...LOGIN, cmd: 'auth' }, 'cmd'],
    ['a wrong version', '/login/location?cmd=lookup', { ...LOGIN, cmd: 'lookup', ver: '1.0.0' }, 'ver'],
    ['a body that is a list', '/login/location?cmd=lookup', [1, 2], 'body'],
  ])('refuses %s with 4501 naming the field', async (_name, path, body, field) => {
    const r = await post(path, body);
    expect(r.code).toBe(4501);
    expect(r.msg).toContain(field);
  });

  it('answers malformed JSON with 4501, not a 500', async () => {
    const r = await post('/login/location?cmd=lookup', '{"tag":');
    expect(r.code).toBe(4501);
  });
});

describe('register and auth', () => {
  it('registers with a derived id, then logs in with a session usable on the socket', async () => {
    const reg = await post('/regist?cmd=register', {
      ...LOGIN,
      cmd: 'register',
      user: { name: 'Ann Lee' },
      info: { email: 'x'.repeat(32), tel: 'x'.repeat(32), phone: 'x'.repeat(32), fax: 'x'.repeat(32) },
    });
    expect(reg).toMatchObject({ code: 200, data: { userId: 'annlee', name: 'Ann Lee', created: true } });

    const again = await post('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { name: 'Ann Lee' }, info: {} });
    expect(again).toMatchObject({ code: 200, data: { userId: 'annlee', created: false } });

    const auth = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Ann Lee' });
    expect(auth.code).toBe(200);
    expect(auth.data).toMatchObject({ userId: 'annlee', name: 'Ann Lee', role: 5, webcastId: 'r-open', ws: server.url.replace('http', 'ws') + '/ws' });
    const session = await server.ctx.sessions.useSid(String(auth.data?.sid));
    expect(session?.userId).toBe('annlee');
    expect(auth.data?.serverAddress).toHaveLength(10);
  });

  it('checks a password when the account has one', async () => {
    await post('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { id: 'pw.user', name: 'Pw User', password: 'secret1' } });
    const wrong = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Pw User', password: 'nope123' });
    expect(wrong.code).toBe(4104);
    const none = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'pw.user' });
    expect(none.code).toBe(4104);
    const right = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Pw User', password: 'secret1' });
    expect(right).toMatchObject({ code: 200, data: { userId: 'pw.user' } });
  });

  it('limits password guesses per account: of 30 simultaneous wrong ones at most 10 are checked, the rest 4203', async () => {
    await post('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { id: 'guessed', name: 'Guessed', password: 'secret1' } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Guessed', password: `nope${i}xx` })),
    );
    expect(answers.filter((a) => a.code === 4104)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 4203)).toHaveLength(20);
  });

  it('refuses a wrong captcha (4101), an unknown name (4104), a deleted room (4006) and bad input (4501)', async () => {
    expect((await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 84, name: 'Alice Wang' })).code).toBe(4101);
    expect((await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'nobody' })).code).toBe(4104);
    expect((await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Alice Wang', webcastId: 'r-gone' })).code).toBe(4006);
    const noName = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85 });
    expect(noName).toMatchObject({ code: 4501, msg: 'name: is required' });
    const badCaptcha = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 'abc', name: 'x' });
    expect(badCaptcha).toMatchObject({ code: 4501, msg: 'captcha: must be an integer' });
    const noUser = await post('/regist?cmd=register', { ...LOGIN, cmd: 'register' });
    expect(noUser).toMatchObject({ code: 4501, msg: 'user: is required' });
    const longName = await post('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { name: 'n'.repeat(33) } });
    expect(longName).toMatchObject({ code: 4501, msg: 'user.name: must have at most 32 characters' });
    const taken = await post('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { id: 'annlee', name: 'Other' } });
    expect(taken).toMatchObject({ code: 4501, msg: 'user.id: is already registered under another name' });
  });

  it('binds an outside id on bind login and keeps it to one account', async () => {
    const first = await post('/login/ulogin?cmd=auth&bindid=wx-1', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Alice Wang' });
    expect(first).toMatchObject({ code: 200, data: { userId: 'org.alice', bindId: 'wx-1' } });
    const same = await post('/login/ulogin?cmd=auth&bindid=wx-1', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Alice Wang' });
    expect(same.code).toBe(200);
    const other = await post('/login/ulogin?cmd=auth&bindid=wx-1', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Bob Li' });
    expect(other).toMatchObject({ code: 4501, msg: 'bindid: is already bound to another account' });
  });

  it('is no way around a room\'s gate or a kick: a gated room needs a session of it first; a kicked account stays out', async () => {
    const body = { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Carol Zhang', webcastId: 'r-gated' };
    expect(await post('/login/ulogin?cmd=auth', body)).toMatchObject({ code: 4009 });
    await run(server.ctx, sql`INSERT INTO users (id, name, created_at) VALUES ('g-1', 'Guest 1', 1), ('g-2', 'Guest 2', 1)`);
    // A session of another room proves nothing about this one.
    const elsewhere = await server.ctx.sessions.create('g-1', 'r-open', 5, 'guest', { address: null, deviceId: null });
    expect((await post('/login/ulogin?cmd=auth', body, { token: elsewhere.token })).code).toBe(4009);
    // Through the gate first (here: a session of the room), then the account's session is opened.
    const passed = await server.ctx.sessions.create('g-2', 'r-gated', 5, 'password', { address: null, deviceId: null });
    expect(await post('/login/ulogin?cmd=auth', body, { token: passed.token })).toMatchObject({ code: 200, data: { userId: 'org.carol', webcastId: 'r-gated' } });

    await recordKick(server.ctx.store, 'r-open', 'org.dave', 'spam', server.ctx.now(), null);
    expect((await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'Dave Chen', webcastId: 'r-open' })).code).toBe(4003);
  });

  it('hands out the captcha', async () => {
    const r = await post('/login/ulogin?cmd=captcha&captchas=15', { ...LOGIN, cmd: 'captcha' });
    expect(r).toMatchObject({ code: 200, data: { captcha: 85, captchas: 15 } });
    expect((await post('/login/ulogin?cmd=captcha&captchas=x', { ...LOGIN, cmd: 'captcha' })).code).toBe(4501);
  });
});

describe('userdata', () => {
  let memberToken = '';
  const member = () => ({ token: memberToken });
  beforeAll(async () => {
    const auth = await post('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'org.carol' });
    memberToken = String(auth.data?.token);
  });

  it('is read only by a signed-in member of the organisation: 402 without a session, 4009 for a guest', async () => {
    for (const [path, obj, cmd] of [['/resource/userdata?cmd=get&obj=user', 'user', 'get'], ['/resource/userdata?cmd=download&obj=orgcontacts', 'orgcontacts', 'download']] as const) {
      const body = { ...DATA, cmd, obj, updatetime: 0, version: 0 };
      expect((await post(path, body)).code, path).toBe(402);
      expect((await post(path, body, { token: 'not-a-token' })).code, path).toBe(402);
      await run(server.ctx, sql`INSERT INTO users (id, name, created_at) VALUES ('guest-1', 'Guest', 1) ON CONFLICT (id) DO NOTHING`);
      const guest = await server.ctx.sessions.create('guest-1', 'r-open', 5, 'guest', { address: null, deviceId: null });
      const refused = await post(path, body, { token: guest.token });
      expect(refused, path).toMatchObject({ code: 4009, data: null });
      expect(refused.msg).toContain('members of the organisation');
      expect((await post(path, body, member())).code, path).toBe(200);
    }
  });

  it('hands out only what the contacts screen shows of a person: no email, phone or fax', async () => {
    const r = await post('/resource/userdata?cmd=get&obj=user', { ...DATA, cmd: 'get', obj: 'user', updatetime: 0, version: 0 }, member());
    const items = r.data?.items as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['deleted', 'id', 'name', 'updatetime', 'version']);
    expect(JSON.stringify(r.data)).not.toMatch(/@|email|phone|fax|tel/);
  });

  it.each(['department', 'department_user', 'user', 'fixedgroups', 'fixedgroups_user'])('gets the whole %s set for version 0', async (obj) => {
    const r = await post(`/resource/userdata?cmd=get&obj=${obj}`, { ...DATA, cmd: 'get', obj, updatetime: 0, version: 0 }, member());
    expect(r.code).toBe(200);
    expect((r.data?.items as unknown[]).length).toBeGreaterThan(0);
    expect(r.data?.version).toBeGreaterThan(0);
  });

  it('returns only what changed after the version the client holds', async () => {
    const body = { ...DATA, cmd: 'get', obj: 'user', updatetime: 0 };
    const all = await post('/resource/userdata?cmd=get&obj=user', { ...body, version: 0 }, member());
    const held = all.data?.version as number;
    const nothing = await post('/resource/userdata?cmd=get&obj=user', { ...body, version: held }, member());
    expect(nothing.data?.items).toEqual([]);
    await post('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { name: 'Newcomer' } });
    const changed = await post('/resource/userdata?cmd=get&obj=user', { ...body, version: held }, member());
    expect(changed.data?.items).toEqual([expect.objectContaining({ id: 'newcomer', name: 'Newcomer', deleted: 0 })]);
  });

  it('downloads the org contacts, or says unchanged for the current version', async () => {
    const body = { ...DATA, cmd: 'download', obj: 'orgcontacts', updatetime: 0, version: 0 };
    const r = await post('/resource/userdata?cmd=download&obj=orgcontacts', body, member());
    expect(r.code).toBe(200);
    const departments = r.data?.departments as { id: string; users: { id: string }[] }[];
    expect(departments.find((d) => d.id === 'dep-eng-web')?.users.map((u) => u.id)).toEqual(['org.carol', 'org.dave']);
    const again = await post('/resource/userdata?cmd=download&obj=orgcontacts', { ...body, version: r.data?.version }, member());
    expect(again.data).toMatchObject({ unchanged: true, departments: [] });
  });

  it.each([
    ['an unknown obj', '/resource/userdata?cmd=get&obj=secrets', { ...DATA, cmd: 'get', obj: 'secrets' }, 'obj'],
    ['a body obj unlike the query', '/resource/userdata?cmd=get&obj=user', { ...DATA, cmd: 'get', obj: 'department' }, 'obj'],
    ['the login version', '/resource/userdata?cmd=get&obj=user', { ...DATA, cmd: 'get', obj: 'user', ver: '4.0' }, 'ver'],
    ['a negative version', '/resource/userdata?cmd=get&obj=user', { ...DATA, cmd: 'get', obj: 'user', version: -1 }, 'version'],
    ['a text updatetime', '/resource/userdata?cmd=get&obj=user', { ...DATA, cmd: 'get', obj: 'user', updatetime: 'yesterday' }, 'updatetime'],
    ['download of a get object', '/resource/userdata?cmd=download&obj=user', { ...DATA, cmd: 'download', obj: 'user' }, 'obj'],
    ['an unknown cmd', '/resource/userdata?cmd=drop&obj=user', { ...DATA, cmd: 'drop', obj: 'user' }, 'cmd'],
  ])('refuses %s with 4501', async (_name, path, body, field) => {
    const r = await post(path, body, member());
    expect(r.code).toBe(4501);
    expect(r.msg.startsWith(field)).toBe(true);
  });
});

describe('with name-only sign-in off (DIRECTORY_NAME_ONLY unset: no demo)', () => {
  it('refuses an account without a password, at registration and at sign-in', async () => {
    const strict = await startTestServer({ routes: [directoryRoutes] });
    try {
      await seedDirectory(strict.ctx.store, strict.ctx.now);
      await run(strict.ctx, sql`INSERT INTO rooms (id, title, gate, created_at) VALUES ('r-open', 'Open room', 'open', 1)`);
      const call = async (path: string, body: unknown) =>
        (await (await fetch(strict.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Envelope;
      const reg = await call('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { name: 'No Pass' } });
      expect(reg).toMatchObject({ code: 4501, msg: 'user.password: is required: accounts here sign in with a password' });
      const seeded = await call('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'org.carol' });
      expect(seeded).toMatchObject({ code: 4104, msg: 'login failed: this account has no password and name-only sign-in is off' });
      expect((await call('/regist?cmd=register', { ...LOGIN, cmd: 'register', user: { name: 'With Pass', password: 'secret-1' } })).code).toBe(200);
      expect((await call('/login/ulogin?cmd=auth', { ...LOGIN, cmd: 'auth', captcha: 85, name: 'With Pass', password: 'secret-1' })).code).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
