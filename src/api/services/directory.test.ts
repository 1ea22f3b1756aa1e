import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { createHttpClient } from '../http';
import {
  addressToBaseUrl,
  createDirectoryService,
  decodeLocation,
  pickServerAddresses,
  type ServerAddresses,
} from './directory';
import { readDirectoryLogin } from '../../domain/directoryLogin';

const ADDRESSES = Array.from({ length: 10 }, (_v, i) => `https://s${i}.example`);

function setup(answer: (url: string) => Response = () => ok(null)) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const effects = { transportFailure: vi.fn(), sessionExpired: vi.fn() };
  const http = createHttpClient({
    baseUrl: 'https://dir.example',
    getToken: () => null,
    effects,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
      sent.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return answer(url);
    }) as typeof fetch,
    random: (b) => void b.fill(1),
    retries: 0,
  });
  const directory = createDirectoryService(http, {
    tag: 'webcast',
    dev: 'device-1',
    userAgent: 'Mozilla/5.0 (X11; Linux) Chrome/120',
    random: (b) => void b.fill(2),
  });
  return { directory, sent, effects };
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));

const CLIENT = { tag: 'webcast', dev: 'device-1', devt: 'web', os: 'mozilla/5.0 (x11; linux) chrome/120' };

describe('directory location', () => {
  it('posts the client fields to the directory host and picks addresses by index', async () => {
    const { directory, sent } = setup(() => ok({ serverAddress: ADDRESSES }));
    const addresses = await directory.lookup();
    expect(sent[0]?.url).toBe('https://dir.example/login/location?cmd=lookup');
    expect(sent[0]?.body).toEqual({ ...CLIENT, cmd: 'lookup', ver: '4.0' });
    expect(addresses).toMatchObject({
      login: 'https://s1.example',
      websocket: 'https://s2.example',
      resource: 'https://s5.example',
      registration: 'https://s9.example',
    });
    expect(addresses.all).toEqual(ADDRESSES);
  });

  it.each([
    ['a business failure', () => new Response(JSON.stringify({ code: 4001, msg: 'no', data: null }))],
    ['no list', () => ok({})],
    ['an empty list', () => ok({ serverAddress: [] })],
    ['a list of non-strings', () => ok({ serverAddress: [1, 2] })],
    ['an HTTP failure', () => new Response('', { status: 502 })],
  ])('rejects on %s', async (_name, answer) => {
    const { directory } = setup(answer);
    await expect(directory.lookup()).rejects.toBeInstanceOf(ApiError);
  });

  it('leaves an address null when the list is too short or the entry blank', () => {
    const picked = pickServerAddresses(['a', 'b', ' ']);
    expect(picked).toMatchObject({ login: 'b', websocket: null, resource: null, registration: null });
    expect(() => decodeLocation({ serverAddress: ['x'] })).not.toThrow();
  });
});

describe('directory calls', () => {
  const addresses: ServerAddresses = pickServerAddresses(ADDRESSES);

  const LOGIN = { userId: 'ann', name: 'Ann', token: 't', sid: 's', role: 5, webcastId: '10001', ws: 'ws://h/ws', expiresAt: 1, serverAddress: ADDRESSES };

  it('auth goes to the login address with captcha 85 and ver 4.0, and its answer reads as the session it opened', async () => {
    const { directory, sent } = setup(() => ok(LOGIN));
    const login = readDirectoryLogin(await directory.auth(addresses, { name: 'ann', password: 'pw', webcastId: '10001' }));
    expect(sent[0]?.url).toBe('https://s1.example/login/ulogin?cmd=auth');
    expect(sent[0]?.body).toEqual({ ...CLIENT, cmd: 'auth', ver: '4.0', captcha: 85, name: 'ann', password: 'pw', webcastId: '10001' });
    expect(login).toEqual({ userId: 'ann', name: 'Ann', token: 't', sid: 's', role: 5, webcastId: '10001', ws: 'ws://h/ws' });
  });

  it.each(['userId', 'token', 'sid', 'ws', 'role'])('an auth answer without %s is refused', (field) => {
    expect(() => readDirectoryLogin({ ...LOGIN, [field]: undefined })).toThrow(field);
  });

  it('bind login puts the id in the query, not the body', async () => {
    const { directory, sent } = setup(() => ok(LOGIN));
    await directory.bindLogin(addresses, { id: 'b 1', name: 'ann' });
    expect(sent[0]?.url).toBe('https://s1.example/login/ulogin?cmd=auth&bindid=b%201');
    expect(sent[0]?.body).toEqual({ ...CLIENT, cmd: 'auth', ver: '4.0', captcha: 85, name: 'ann' });
  });

  it('captcha fetch goes to the login address', async () => {
    const { directory, sent } = setup();
    await directory.captcha(addresses);
    expect(sent[0]?.url).toBe('https://s1.example/login/ulogin?cmd=captcha&captchas=15');
    expect(sent[0]?.body).toEqual({ ...CLIENT, cmd: 'captcha', ver: '4.0' });
  });

  it('register goes to the registration address, deriving the id and generating info', async () => {
    const { directory, sent } = setup();
    await directory.register(addresses, { name: 'Ann Lee' });
    expect(sent[0]?.url).toBe('https://s9.example/regist?cmd=register');
    const body = sent[0]?.body ?? {};
    expect(body).toMatchObject({ ...CLIENT, cmd: 'register', ver: '4.0', user: { id: 'annlee', name: 'Ann Lee' } });
    const info = body.info as Record<string, string>;
    expect(Object.keys(info).sort()).toEqual(['email', 'fax', 'phone', 'tel']);
    for (const value of Object.values(info)) expect(value).toMatch(/^[0-9a-zA-Z]{32}$/);

    await directory.register(addresses, { name: 'Ann', id: 'given' });
    expect(sent[1]?.body.user).toEqual({ id: 'given', name: 'Ann' });
  });

  it.each(['department', 'department_user', 'user', 'fixedgroups', 'fixedgroups_user'] as const)(
    'userdata %s goes to the resource address with ver 1.0.0 and updatetime 0',
    async (obj) => {
      const { directory, sent } = setup();
      await directory.userdata(addresses, obj);
      expect(sent[0]?.url).toBe(`https://s5.example/resource/userdata?cmd=get&obj=${obj}`);
      expect(sent[0]?.body).toEqual({ ...CLIENT, cmd: 'get', obj, updatetime: 0, version: 0, ver: '1.0.0' });
    },
  );

  it('downloads orgcontacts from the resource address', async () => {
    const { directory, sent } = setup();
    await directory.downloadOrgContacts(addresses, { version: 3 });
    expect(sent[0]?.url).toBe('https://s5.example/resource/userdata?cmd=download&obj=orgcontacts');
    expect(sent[0]?.body).toEqual({ ...CLIENT, cmd: 'download', obj: 'orgcontacts', updatetime: 0, version: 3, ver: '1.0.0' });
  });

  it('rejects with an ApiError, sending nothing, when the needed address is missing', async () => {
    const { directory, sent } = setup();
    const short = pickServerAddresses(['a', 'b']);
    await expect(directory.register(short, { name: 'x' })).rejects.toMatchObject({ kind: 'malformed' });
    await expect(directory.userdata(short, 'user')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('turns a bare address into a protocol-relative base', () => {
    expect(addressToBaseUrl('10.0.0.1:8080')).toBe('//10.0.0.1:8080');
    expect(addressToBaseUrl('https://h.example')).toBe('https://h.example');
    expect(addressToBaseUrl('http://h.example:81')).toBe('http://h.example:81');
  });
});
