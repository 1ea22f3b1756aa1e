import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { isFormEncodedPath } from '../encoding';
import { placeholdersOf, type CallSpec } from '../../protocol/calls';
import { createHttpClient, type HttpClient } from '../http';
import { COMMERCE_CALLS, createCommerceService } from './commerce';
import { DIRECTORY_CALLS } from './directory';
import { HOST_CALLS } from './host';
import { createLiveService, decodeLoginData } from './live';
import { LIVE_CALLS } from '../../protocol/services/live';
import { RESOURCE_CALLS, createResourceService } from './resource';

const TABLES = {
  live: LIVE_CALLS,
  commerce: COMMERCE_CALLS,
  resource: RESOURCE_CALLS,
  directory: DIRECTORY_CALLS,
} as const satisfies Record<CallSpec['service'], Readonly<Record<string, CallSpec>>>;

const ALL = [
  ...Object.entries(TABLES).flatMap(([service, table]) =>
    Object.entries(table as Readonly<Record<string, CallSpec>>).map(([name, call]) => ({ service, name, call })),
  ),
  // The console's table (a chunk of its own) is on the live service host.
  ...Object.entries(HOST_CALLS as Readonly<Record<string, CallSpec>>).map(([name, call]) => ({ service: 'live', name, call })),
];

// Every path SPEC.md 7.1 and 7.4 gives literally, with its method (7.1 is GET unless stated).
const SPEC_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/ccp/monitor/v2/webcast/{id}'],
  ['GET', '/ccp/monitor/v2/webcast/is_sign/{webcastId}/{numString}/{type}'],
  ['POST', '/ccp/monitor/v2/live_login'],
  ['POST', '/ccp/monitor/v2/live_login/agg'],
  ['POST', '/ccp/monitor/v1/interactive'],
  ['GET', '/ccp/monitor/v2/webcast/user/refresh'],
  ['GET', '/ccp/monitor/v2/webcast/{id}/sign'],
  ['POST', '/ccp/monitor/v2/webcast/sign'],
  ['GET', '/ccp/monitor/v2/webcast/{id}/whitelist'],
  ['GET', '/ccp/monitor/v2/login/resource/{id}'],
  ['POST', '/ccp/monitor/v2/clv/sign/password/check'],
  ['POST', '/ccp/monitor/v1/voip/apply'],
  ['POST', '/ccp/monitor/v1/voip/reply'],
  ['GET', '/ccp/monitor/v1/voip/users'],
  ['POST', '/ccp/monitor/v1/signaling/{id}/to/assistant'],
  ['POST', '/ccp/receiver/v1/praise'],
  ['POST', '/ccp/handler/v2/praise/count'],
  ['GET', '/ccp/handler/v2/praise/{webcastId}/custom/images'],
  ['GET', '/ccp/monitor/v2/webcast/total'],
  ['POST', '/ccp/receiver/v1/rollcall/answer'],
  ['GET', '/ccp/handler/v1/paper/info/id'],
  ['POST', '/ccp/receiver/v1/paper/state'],
  ['POST', '/ccp/receiver/v1/answerSheet/answer'],
  ['GET', '/ccp/monitor/v1/chat/public/list'],
  ['POST', '/ccp/monitor/v1/chat/public/listByIds'],
  ['POST', '/ccp/receiver/v1/raffle/password'],
  ['GET', '/ccp/monitor/v1/webcast/user/list'],
  ['POST', '/ccp/user/v1/heartbeat'],
  ['GET', '/ccp/handler/v2/noticeV2/get/info'],
  ['GET', '/ccp/monitor/v2/contract/{id}'],
  ['GET', '/ccp/monitor/v2/webcast/user/update_name/{name}'],
  ['POST', '/ccp/handler/v2/webcast/delay/{id}'],
  ['GET', '/ccp/monitor/v2/webcast/record/list/{webcastId}'],
  ['GET', '/ccp/statistics/v1/poster/{id}/invitation/list'],
  ['POST', '/ccp/handler/v1/qa'],
  // 7.4
  ['POST', '/login/location?cmd=lookup'],
  ['POST', '/regist?cmd=register'],
  ['POST', '/login/ulogin?cmd=auth'],
  ['POST', '/login/ulogin?cmd=auth&bindid={id}'],
  ['POST', '/login/ulogin?cmd=captcha&captchas=15'],
  ['POST', '/resource/userdata?cmd=get&obj=department'],
  ['POST', '/resource/userdata?cmd=get&obj=department_user'],
  ['POST', '/resource/userdata?cmd=get&obj=user'],
  ['POST', '/resource/userdata?cmd=get&obj=fixedgroups'],
  ['POST', '/resource/userdata?cmd=get&obj=fixedgroups_user'],
  ['POST', '/resource/userdata?cmd=download&obj=orgcontacts'],
];

describe('call tables', () => {
  it('every call has a method, a path starting with /, fields and its own service', () => {
    expect(ALL.length).toBeGreaterThan(100);
    for (const { service, name, call } of ALL) {
      expect(['GET', 'POST'], name).toContain(call.method);
      expect(call.path.startsWith('/'), name).toBe(true);
      expect(Array.isArray(call.fields), name).toBe(true);
      expect(call.service, name).toBe(service);
      expect(new Set(call.fields).size, `${name} repeats a field`).toBe(call.fields.length);
    }
  });

  it('every (method, path) is unique across all services (they may share one origin)', () => {
    const seen = new Map<string, string>();
    for (const { name, call } of ALL) {
      const key = `${call.method} ${call.path}`;
      expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('every path placeholder is a listed field', () => {
    for (const { name, call } of ALL) for (const p of placeholdersOf(call.path)) expect(call.fields, name).toContain(p);
  });

  it.each(SPEC_PATHS)('SPEC path %s %s is in the tables', (method, path) => {
    expect(ALL.some(({ call }) => call.method === method && call.path === path)).toBe(true);
  });

  it('keeps each service under its own prefix', () => {
    for (const call of Object.values(LIVE_CALLS)) expect(call.path).toMatch(/^\/ccp\//);
    for (const call of Object.values(COMMERCE_CALLS)) expect(call.path).toMatch(/^\/commerce\/v1\//);
    for (const call of Object.values(RESOURCE_CALLS)) expect(call.path).toMatch(/^\/share\/v1\//);
    for (const call of Object.values(DIRECTORY_CALLS)) expect(call.path).toMatch(/^\/(login|regist|resource\/userdata)\b/);
  });

  it('flags exactly the money calls of PROTOCOL 1.2, and the delayed charging payment we added (docs/protocol.md 5.7)', () => {
    const money = ALL.filter(({ call }) => call.spendsMoney === true).map(({ name }) => name);
    expect(money.sort()).toEqual(['delayPay', 'goodsPurchase', 'redPacketDraw', 'redPacketWithdraw', 'rewardPayGift']);
    for (const { call } of ALL.filter(({ call }) => call.spendsMoney === true)) expect(call.method).toBe('POST');
  });

  it('form-encodes exactly the POSTs whose path holds a form word; the directory is all JSON', () => {
    const form = ALL.filter(({ call }) => call.method === 'POST' && isFormEncodedPath(call.path)).map(({ name }) => name);
    expect(form.sort()).toEqual(['interactive', 'micApply', 'micReply']);
    for (const call of Object.values(DIRECTORY_CALLS)) {
      expect(call.method).toBe('POST');
      expect(isFormEncodedPath(call.path)).toBe(false);
    }
  });

  it('docs/protocol.md lists every call with its method, path and fields', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/protocol.md'), 'utf8');
    for (const { name, call } of ALL) {
      expect(doc, name).toContain(`| ${name} | ${call.method} | \`${call.path}\` | ${call.fields.join(', ')} |`);
    }
  });

  it('uses the SPEC 3 request field names where SPEC names them', () => {
    expect(LIVE_CALLS.rollCallAnswer.fields).toEqual(['confId', 'id']);
    expect(LIVE_CALLS.refreshSession.fields).toEqual(['token', 'sid', 'webcastId']);
    expect(LIVE_CALLS.micApply.fields).toEqual(['type', 'token']);
    expect(LIVE_CALLS.micReply.fields).toEqual(['type', 'token']);
    expect(LIVE_CALLS.recordList.fields).toEqual(['webcastId', 'skip', 'take']);
    expect(LIVE_CALLS.signUpStatus.fields).toEqual(['webcastId', 'numString', 'type']);
    expect(LIVE_CALLS.workWxOpenId.fields).toEqual(['workWxUserId']);
    expect(LIVE_CALLS.thirdPartyAuthUrl.fields).toEqual(['code', 'appCode']);
    expect(LIVE_CALLS.raffleWinners.fields).toEqual(['raffleId']);
    expect(LIVE_CALLS.qaReply.fields).toEqual(['qaId']);
    expect(LIVE_CALLS.login.fields.slice(0, 3)).toEqual(['webcastId', 'type', 'name']);
  });
});

function recordingHttp() {
  const sent: { url: string; method: string; body: string | undefined; key: string | null }[] = [];
  const http: HttpClient = createHttpClient({
    baseUrl: 'https://h.example',
    getToken: () => 'tok',
    effects: { transportFailure: vi.fn(), sessionExpired: vi.fn() },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : undefined,
        key: new Headers(init?.headers).get('idempotency-key'),
      });
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { token: 't', sid: 's', userId: 'u', role: 5, ws: 'wss://x' } }));
    }) as typeof fetch,
    random: (b) => void globalThis.crypto.getRandomValues(b),
  });
  return { http, sent };
}

describe('bound services', () => {
  it('has one function per call', () => {
    const { http } = recordingHttp();
    const live = createLiveService(http);
    const commerce = createCommerceService(http);
    const resource = createResourceService(http);
    // The live service binds the guide page's calls at once and the rest on first use (a proxy): each name answers a function.
    for (const name of Object.keys(LIVE_CALLS)) expect(typeof (live as unknown as Record<string, unknown>)[name]).toBe('function');
    expect(Object.keys(commerce).sort()).toEqual(Object.keys(COMMERCE_CALLS).sort());
    expect(Object.keys(resource).sort()).toEqual(Object.keys(RESOURCE_CALLS).sort());
    for (const fn of [...Object.values(commerce), ...Object.values(resource)]) {
      expect(typeof fn).toBe('function');
    }
  });

  it('sends guest login per PROTOCOL 1.3 and decodes its answer', async () => {
    const { http, sent } = recordingHttp();
    const live = createLiveService(http);
    const data = await live.login({ webcastId: '10001', type: 'guest', name: 'Ann' });
    expect(data).toEqual({ token: 't', sid: 's', userId: 'u', role: 5, ws: 'wss://x' });
    expect(sent[0]).toMatchObject({ url: 'https://h.example/ccp/monitor/v2/live_login', method: 'POST' });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ webcastId: '10001', type: 'guest', name: 'Ann' });
  });

  it('fills placeholders and sends the rest as query or body', async () => {
    const { http, sent } = recordingHttp();
    const live = createLiveService(http);
    await live.roomInfo({ id: 10001 });
    await live.recordList({ webcastId: 'w1', skip: 0, take: 20 });
    await live.micApply({ type: 1, token: 'abc' });
    expect(sent.map((s) => s.url)).toEqual([
      'https://h.example/ccp/monitor/v2/webcast/10001',
      'https://h.example/ccp/monitor/v2/webcast/record/list/w1?skip=0&take=20',
      'https://h.example/ccp/monitor/v1/voip/apply',
    ]);
    expect(sent[2]?.body).toBe('type=1&token=abc');
  });

  it('money calls carry an Idempotency-Key, reusing one the caller passes', async () => {
    const { http, sent } = recordingHttp();
    const commerce = createCommerceService(http);
    await commerce.giftList({ liveId: 'w1' });
    await commerce.rewardPayGift({ liveId: 'w1', gift: 'rose', count: 1, amount: '0.01' }, { idempotencyKey: 'k'.repeat(32) });
    await commerce.redPacketWithdraw({ liveId: 'w1', amount: '1.00' });
    expect(sent[0]?.key).toBeNull();
    expect(sent[1]?.key).toBe('k'.repeat(32));
    expect(sent[2]?.key).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('types inputs per call', () => {
    const { http } = recordingHttp();
    const live = createLiveService(http);
    // Compile-time checks (tsc -p tsconfig.node.json); the calls are never awaited.
    const unused = () => {
      // @ts-expect-error roomInfo needs an id
      void live.roomInfo({});
      // @ts-expect-error unknown field
      void live.roomInfo({ id: 1, nope: true });
      // @ts-expect-error login needs webcastId and type
      void live.login({ name: 'a' });
      void live.chatHistory({ webcastId: 1 });
    };
    expect(typeof unused).toBe('function');
  });

  it('rejects a login answer without token, sid or socket address', () => {
    expect(() => decodeLoginData({ token: 't', sid: 's', userId: 'u', role: 5 })).toThrow();
    expect(() => decodeLoginData(null)).toThrow();
    expect(() => decodeLoginData({ token: '', sid: 's', userId: 'u', role: 5, ws: 'w' })).toThrow();
    expect(decodeLoginData({ token: 't', sid: 's', userId: 7, role: '5', ws: 'w' })).toEqual({
      token: 't',
      sid: 's',
      userId: '7',
      role: 5,
      ws: 'w',
    });
  });
});
