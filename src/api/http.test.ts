import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineCall } from '../protocol/calls';
import { ApiError } from './errors';
import { createHttpClient, type HttpClientOptions, type HttpEffects } from './http';

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

type Responder = (sent: Sent, n: number, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A fetch that records what it was given and answers through the responder. */
function fakeFetch(responder: Responder) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    sent.push(request);
    return responder(request, sent.length, init?.signal ?? undefined);
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const envelope = (data: unknown, code = 200, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });

const status = (n: number) => new Response('failed', { status: n });

/** A fetch that never answers but rejects like a browser when its signal aborts. */
const hanging: Responder = (_sent, _n, signal) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

function setup(responder: Responder, overrides: Partial<HttpClientOptions> = {}) {
  const { fetch, sent } = fakeFetch(responder);
  const effects = { transportFailure: vi.fn<HttpEffects['transportFailure']>(), sessionExpired: vi.fn<HttpEffects['sessionExpired']>() };
  const delays: number[] = [];
  const http = createHttpClient({
    baseUrl: 'https://live.example',
    getToken: () => null,
    effects,
    fetch,
    random: (b) => b.fill(7),
    sleep: async (ms) => {
      delays.push(ms);
    },
    retryBaseDelayMs: 100,
    ...overrides,
  });
  return { http, sent, effects, delays };
}

const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
};

const getRoom = defineCall<{ id: string | number; lang?: string }, { title: string }>({
  method: 'GET',
  path: '/ccp/monitor/v2/webcast/{id}',
  service: 'live',
  fields: ['id', 'lang'],
});
const postLogin = defineCall<{ webcastId: string; type: string; name: string }>({
  method: 'POST',
  path: '/ccp/monitor/v2/live_login',
  service: 'live',
  fields: ['webcastId', 'type', 'name'],
});
const postApply = defineCall<{ type: number; token: string; extra?: unknown }>({
  method: 'POST',
  path: '/ccp/monitor/v1/voip/apply',
  service: 'live',
  fields: ['type', 'token', 'extra'],
});
const payGift = defineCall<{ liveId: string; amount: string }>({
  method: 'POST',
  path: '/commerce/v1/reward/pay/gift',
  service: 'commerce',
  fields: ['liveId', 'amount'],
  spendsMoney: true,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('resolves to data on code 200, GET params in the query string, placeholders filled', async () => {
    const { http, sent } = setup(() => envelope({ title: 'Room' }));
    const data = await http.request(getRoom, { id: 'a/b 1', lang: 'en_us' });
    expect(data).toEqual({ title: 'Room' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe('https://live.example/ccp/monitor/v2/webcast/a%2Fb%201?lang=en_us');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers.has('content-type')).toBe(false);
  });

  it('appends params to a path that already has a query string', async () => {
    const call = defineCall<{ a: string }>({ method: 'GET', path: '/x?cmd=1', service: 'live', fields: ['a'] });
    const { http, sent } = setup(() => envelope(null));
    await http.request(call, { a: 'b' });
    expect(sent[0]?.url).toBe('https://live.example/x?cmd=1&a=b');
  });

  it('accepts a same-origin base and trims a trailing slash', async () => {
    const { http, sent } = setup(() => envelope(null), { baseUrl: '' });
    await http.request(getRoom, { id: 5 });
    expect(sent[0]?.url).toBe('/ccp/monitor/v2/webcast/5');
    const other = setup(() => envelope(null), { baseUrl: 'https://h.example/' });
    await other.http.request(getRoom, { id: 5 });
    expect(other.sent[0]?.url).toBe('https://h.example/ccp/monitor/v2/webcast/5');
  });

  it('reads a function base at every call, and a per-call base wins', async () => {
    let base = 'https://one.example';
    const { http, sent } = setup(() => envelope(null), { baseUrl: () => base });
    await http.request(getRoom, { id: 1 });
    base = 'https://two.example';
    await http.request(getRoom, { id: 1 });
    await http.request(getRoom, { id: 1 }, { baseUrl: '//three.example' });
    expect(sent.map((s) => s.url.split('/ccp')[0])).toEqual(['https://one.example', 'https://two.example', '//three.example']);
  });

  it('sends JSON bodies for ordinary paths', async () => {
    const { http, sent } = setup(() => envelope({}));
    await http.request(postLogin, { webcastId: '10001', type: 'guest', name: 'Ann' });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ webcastId: '10001', type: 'guest', name: 'Ann' });
  });

  it('form-encodes bodies for apply/reply/interactive/history paths', async () => {
    const { http, sent } = setup(() => envelope({}));
    await http.request(postApply, { type: 1, token: 't', extra: { a: 1 } });
    expect(sent[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(sent[0]?.body).toBe('type=1&token=t&extra=%7B%22a%22%3A1%7D');
  });

  it('sends token and token_type guest when a session exists, and neither without one', async () => {
    const withToken = setup(() => envelope({}), { getToken: () => 'live-token' });
    await withToken.http.request(getRoom, { id: 1 });
    expect(withToken.sent[0]?.headers.get('token')).toBe('live-token');
    expect(withToken.sent[0]?.headers.get('token_type')).toBe('guest');

    for (const token of [null, '']) {
      const without = setup(() => envelope({}), { getToken: () => token });
      await without.http.request(getRoom, { id: 1 });
      expect(without.sent[0]?.headers.has('token')).toBe(false);
      expect(without.sent[0]?.headers.has('token_type')).toBe(false);
    }
  });

  it('sends the device id on every call when the app gives one', async () => {
    const withDevice = setup(() => envelope({}), { getDeviceId: () => 'device-0123456789abcdef' });
    await withDevice.http.request(getRoom, { id: 1 });
    expect(withDevice.sent[0]?.headers.get('device-id')).toBe('device-0123456789abcdef');
    const without = setup(() => envelope({}));
    await without.http.request(getRoom, { id: 1 });
    expect(without.sent[0]?.headers.has('device-id')).toBe(false);
  });

  it('resolves undefined data when the envelope has none', async () => {
    const { http } = setup(() => new Response('{"code":200}'));
    await expect(http.request(getRoom, { id: 1 })).resolves.toBeUndefined();
  });
});

describe('failures', () => {
  it('times out after timeoutMs (default 1000000 ms) as kind timeout', async () => {
    vi.useFakeTimers();
    const { http, effects } = setup(hanging, { retries: 0 });
    const pending = rejection(http.request(getRoom, { id: 1 }));
    await vi.advanceTimersByTimeAsync(999_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.messageKey).toBe('error.requestTimeout');
    expect(effects.transportFailure).not.toHaveBeenCalled();
  });

  it('honours a custom timeout', async () => {
    vi.useFakeTimers();
    const { http } = setup(hanging, { timeoutMs: 50 });
    const pending = rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }));
    await vi.advanceTimersByTimeAsync(50);
    expect((await pending).kind).toBe('timeout');
  });

  it('turns a fetch rejection into kind network', async () => {
    const { http, effects } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }));
    expect(error.kind).toBe('network');
    expect(error.messageKey).toBe('error.networkFailed');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(effects.transportFailure).not.toHaveBeenCalled();
    expect(effects.sessionExpired).not.toHaveBeenCalled();
  });

  it('turns a body read failure into kind network', async () => {
    const broken = new Response('x');
    vi.spyOn(broken, 'text').mockRejectedValue(new TypeError('terminated'));
    const { http } = setup(() => broken);
    expect((await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }))).kind).toBe('network');
  });

  it.each([400, 403, 404, 408, 500, 501, 502, 503, 504, 505])(
    'HTTP %i: transportFailure(status) once and messageKey http.<status>',
    async (code) => {
      const { http, effects } = setup(() => status(code), { retries: 0 });
      const error = await rejection(http.request(getRoom, { id: 1 }));
      expect(error.kind).toBe('http');
      expect(error.status).toBe(code);
      expect(error.messageKey).toBe(`http.${code}`);
      expect(effects.transportFailure).toHaveBeenCalledTimes(1);
      expect(effects.transportFailure).toHaveBeenCalledWith(code);
      expect(effects.sessionExpired).not.toHaveBeenCalled();
    },
  );

  it('a background read (a poll) runs no effect: no error page, no session end', async () => {
    const { http, effects } = setup(() => status(503), { retries: 0 });
    const error = await rejection(http.request(getRoom, { id: 1 }, { background: true }));
    expect(error.status).toBe(503);
    expect(effects.transportFailure).not.toHaveBeenCalled();
    const expired = setup(() => new Response(JSON.stringify({ code: 402, msg: 'expired', data: null })), { retries: 0 });
    expect((await rejection(expired.http.request(getRoom, { id: 1 }, { background: true }))).code).toBe(402);
    expect(expired.effects.sessionExpired).not.toHaveBeenCalled();
  });

  it('an HTTP status without a message of its own falls back to error.unknownCode', async () => {
    const { http, effects } = setup(() => status(418));
    const error = await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }));
    expect(error.kind).toBe('http');
    expect(error.messageKey).toBe('error.unknownCode');
    expect(error.params).toEqual({ code: 418 });
    expect(effects.transportFailure).toHaveBeenCalledWith(418);
  });

  it.each([
    ['not JSON', 'not json'],
    ['HTML', '<html><body>502</body></html>'],
    ['empty', ''],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
    ['no code', '{"msg":"ok","data":1}'],
    ['a string code', '{"code":"200","msg":"ok","data":1}'],
    ['a fractional code', '{"code":200.5,"msg":"ok"}'],
    ['a non-string msg', '{"code":200,"msg":{},"data":1}'],
  ])('a body that is %s is malformed, never a SyntaxError', async (_name, body) => {
    const { http, effects } = setup(() => new Response(body, { status: 200 }));
    const error = await rejection(http.request(getRoom, { id: 1 }));
    expect(error.kind).toBe('malformed');
    expect(error.messageKey).toBe('error.malformedResponse');
    expect(effects.transportFailure).not.toHaveBeenCalled();
  });

  it('data a call decodes and finds wrong is malformed', async () => {
    const strict = defineCall<{ id: number }, number>({
      method: 'GET',
      path: '/n',
      service: 'live',
      fields: ['id'],
      decode: (data) => {
        if (typeof data !== 'number') throw new Error('not a number');
        return data;
      },
    });
    const good = setup(() => envelope(5));
    await expect(good.http.request(strict, { id: 1 })).resolves.toBe(5);
    const bad = setup(() => envelope('five'));
    expect((await rejection(bad.http.request(strict, { id: 1 }))).kind).toBe('malformed');
  });

  it('code 402: sessionExpired once, kind business, code.402', async () => {
    const { http, effects } = setup(() => envelope(null, 402, 'expired'));
    const error = await rejection(http.request(getRoom, { id: 1 }));
    expect(error.kind).toBe('business');
    expect(error.code).toBe(402);
    expect(error.messageKey).toBe('code.402');
    expect(effects.sessionExpired).toHaveBeenCalledTimes(1);
    expect(effects.transportFailure).not.toHaveBeenCalled();
  });

  it('reports every failure but an abort and an expired session, background calls too, by the call path', async () => {
    const callFailed = vi.fn<NonNullable<HttpEffects['callFailed']>>();
    const withReports = (responder: Responder) => setup(responder, { effects: { transportFailure: vi.fn(), sessionExpired: vi.fn(), callFailed } }).http;
    await rejection(withReports(() => envelope(null, 4007, 'room full')).request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }, { background: true }));
    expect(callFailed).toHaveBeenCalledTimes(1);
    expect(callFailed.mock.calls[0]?.[0]).toMatchObject({ kind: 'business', code: 4007 });
    expect(callFailed.mock.calls[0]?.[1]).toBe(postLogin.path);
    await rejection(withReports(() => envelope(null, 402, 'expired')).request(getRoom, { id: 1 }));
    const controller = new AbortController();
    const pending = rejection(withReports(hanging).request(getRoom, { id: 1 }, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(callFailed).toHaveBeenCalledTimes(1);
  });

  it('a known business code maps to code.<n> and keeps msg', async () => {
    const { http, effects } = setup(() => envelope(null, 4007, 'room full'));
    const error = await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }));
    expect(error).toMatchObject({ kind: 'business', code: 4007, messageKey: 'code.4007', serverMsg: 'room full' });
    expect(effects.sessionExpired).not.toHaveBeenCalled();
  });

  it('an unknown business code gives error.unknownCode with the code and the server msg', async () => {
    const { http } = setup(() => envelope(null, 4999, 'something new'));
    const error = await rejection(http.request(getRoom, { id: 1 }));
    expect(error).toMatchObject({ kind: 'business', code: 4999, messageKey: 'error.unknownCode', serverMsg: 'something new' });
    expect(error.params).toEqual({ code: 4999 });
  });

  it('4501 keeps the server msg that names the field', async () => {
    const { http } = setup(() => envelope(null, 4501, 'name: too long'));
    const error = await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }));
    expect(error).toMatchObject({ kind: 'business', code: 4501, messageKey: 'code.4501', serverMsg: 'name: too long' });
  });

  it('a missing path parameter, or one the URL would resolve away, is refused before sending (kind invalid)', async () => {
    const { http, sent } = setup(() => envelope(null));
    for (const input of [{} as { id: string }, { id: '' }, { id: '.' }, { id: '..' }]) {
      const error = await rejection(http.request(getRoom, input));
      expect(error.kind).toBe('invalid');
      expect(error.messageKey).toBe('error.loadFailed');
    }
    expect(sent).toHaveLength(0);
  });

  it('a body that cannot be serialised is refused (kind invalid)', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { http, sent } = setup(() => envelope(null));
    const error = await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a', ...{ more: cyclic } }));
    expect(error.kind).toBe('invalid');
    expect(error.messageKey).toBe('error.submitFailed');
    expect(sent).toHaveLength(0);
  });

  it('an effect that throws does not replace the request failure', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { http, effects } = setup(() => status(404));
    effects.transportFailure.mockImplementation(() => {
      throw new Error('router broke');
    });
    const error = await rejection(http.request(getRoom, { id: 1 }));
    expect(error.kind).toBe('http');
    expect(spy).toHaveBeenCalled();
  });
});

describe('cancelling', () => {
  it('rejects with kind aborted when the caller aborts, with no effects', async () => {
    const controller = new AbortController();
    const { http, effects, sent } = setup(hanging);
    const pending = rejection(http.request(getRoom, { id: 1 }, { signal: controller.signal }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect(sent).toHaveLength(1); // no retry after a cancel
    expect(effects.transportFailure).not.toHaveBeenCalled();
  });

  it('does not send at all when already aborted', async () => {
    const { http, sent } = setup(() => envelope(null));
    const error = await rejection(http.request(getRoom, { id: 1 }, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(sent).toHaveLength(0);
  });

  it('a cancel during the retry wait ends the call as aborted without effects', async () => {
    const controller = new AbortController();
    const { http, effects, sent } = setup(() => status(503), {
      sleep: async () => {
        controller.abort();
      },
    });
    const error = await rejection(http.request(getRoom, { id: 1 }, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(sent).toHaveLength(1);
    expect(effects.transportFailure).not.toHaveBeenCalled();
  });
});

describe('retry policy', () => {
  it('GET: retries 3 times on 5xx with exponential delays, then one transportFailure', async () => {
    const { http, sent, effects, delays } = setup(() => status(503));
    const error = await rejection(http.request(getRoom, { id: 1 }));
    expect(error.status).toBe(503);
    expect(sent).toHaveLength(4);
    expect(delays).toEqual([100, 200, 400]);
    expect(effects.transportFailure).toHaveBeenCalledTimes(1);
    expect(effects.transportFailure).toHaveBeenCalledWith(503);
  });

  it('GET: retries network failures and succeeds when the network comes back', async () => {
    const { http, sent, effects } = setup((_s, n) => (n < 3 ? Promise.reject(new TypeError('offline')) : envelope({ title: 'ok' })));
    await expect(http.request(getRoom, { id: 1 })).resolves.toEqual({ title: 'ok' });
    expect(sent).toHaveLength(3);
    expect(effects.transportFailure).not.toHaveBeenCalled();
  });

  it('GET: retries timeouts', async () => {
    vi.useFakeTimers();
    const { http, sent } = setup((s, n, signal) => (n === 1 ? hanging(s, n, signal) : envelope(1)), { timeoutMs: 10 });
    const pending = http.request(getRoom, { id: 1 });
    await vi.advanceTimersByTimeAsync(10);
    await expect(pending).resolves.toBe(1);
    expect(sent).toHaveLength(2);
  });

  it.each([400, 403, 404, 408, 501, 505])('GET: does not retry HTTP %i (a repeat cannot help)', async (code) => {
    const { http, sent } = setup(() => status(code));
    await rejection(http.request(getRoom, { id: 1 }));
    expect(sent).toHaveLength(1);
  });

  it("keeps a business failure's envelope data on the error (4203 says how long to wait)", async () => {
    const { http } = setup(() => envelope({ waitSeconds: 37 }, 4203, 'too fast'));
    const error = await rejection(http.request(getRoom, { id: 1 }));
    expect(error).toMatchObject({ kind: 'business', code: 4203, data: { waitSeconds: 37 } });
  });

  it('GET: never retries business codes or malformed bodies', async () => {
    const business = setup(() => envelope(null, 4203, 'too fast'));
    await rejection(business.http.request(getRoom, { id: 1 }));
    expect(business.sent).toHaveLength(1);
    const malformed = setup(() => new Response('<html>'));
    await rejection(malformed.http.request(getRoom, { id: 1 }));
    expect(malformed.sent).toHaveLength(1);
  });

  it('POST without an Idempotency-Key is never retried', async () => {
    for (const responder of [() => status(503), () => Promise.reject(new TypeError('offline'))] as Responder[]) {
      const { http, sent, delays } = setup(responder);
      await rejection(http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' }));
      expect(sent).toHaveLength(1);
      expect(delays).toEqual([]);
    }
  });

  it('honours a custom retry count', async () => {
    const { http, sent } = setup(() => status(500), { retries: 1 });
    await rejection(http.request(getRoom, { id: 1 }));
    expect(sent).toHaveLength(2);
  });
});

describe('Idempotency-Key', () => {
  it('is sent only on money calls: 32 characters of [0-9a-zA-Z]', async () => {
    const { http, sent } = setup(() => envelope({}), { random: (b) => void globalThis.crypto.getRandomValues(b) });
    await http.request(getRoom, { id: 1 });
    await http.request(postLogin, { webcastId: '1', type: 'guest', name: 'a' });
    await http.request(payGift, { liveId: '1', amount: '0.01' });
    expect(sent[0]?.headers.has('idempotency-key')).toBe(false);
    expect(sent[1]?.headers.has('idempotency-key')).toBe(false);
    expect(sent[2]?.headers.get('idempotency-key')).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('differs between two user actions', async () => {
    const { http, sent } = setup(() => envelope({}), { random: (b) => void globalThis.crypto.getRandomValues(b) });
    await http.request(payGift, { liveId: '1', amount: '1.00' });
    await http.request(payGift, { liveId: '1', amount: '1.00' });
    expect(sent[0]?.headers.get('idempotency-key')).not.toBe(sent[1]?.headers.get('idempotency-key'));
  });

  it('is reused by the automatic retries of one call, which are allowed for money calls', async () => {
    const { http, sent, delays } = setup(
      (_s, n) => (n === 1 ? Promise.reject(new TypeError('offline')) : n === 2 ? status(502) : envelope({ paid: true })),
      { random: (b) => void globalThis.crypto.getRandomValues(b) },
    );
    await expect(http.request(payGift, { liveId: '1', amount: '0.01' })).resolves.toEqual({ paid: true });
    expect(sent).toHaveLength(3);
    expect(delays).toEqual([100, 200]);
    const keys = new Set(sent.map((s) => s.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('is the caller-given key when the user retries the same action', async () => {
    const { http, sent } = setup(() => status(503), { retries: 0 });
    const key = http.newIdempotencyKey();
    await rejection(http.request(payGift, { liveId: '1', amount: '0.01' }, { idempotencyKey: key }));
    await rejection(http.request(payGift, { liveId: '1', amount: '0.01' }, { idempotencyKey: key }));
    expect(sent.map((s) => s.headers.get('idempotency-key'))).toEqual([key, key]);
  });

  it('a money call whose key cannot be made is refused, not thrown', async () => {
    const { http, sent } = setup(() => envelope({}), { random: (b) => void b.fill(255) });
    const error = await rejection(http.request(payGift, { liveId: '1', amount: '0.01' }));
    expect(error.kind).toBe('invalid');
    expect(sent).toHaveLength(0);
  });
});

describe('keepalive', () => {
  it('asks fetch to let the call outlive the page only when the caller says so', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init);
      return envelope({ praise: 3 });
    }) as typeof globalThis.fetch;
    const http = createHttpClient({ baseUrl: 'https://live.example', getToken: () => null, effects: { transportFailure: () => {}, sessionExpired: () => {} }, fetch });
    const praise = defineCall<{ webcastId: string; count: number }>({ method: 'POST', path: '/ccp/receiver/v1/praise', service: 'live', fields: ['webcastId', 'count'] });
    await http.request(praise, { webcastId: '1', count: 3 }, { keepalive: true });
    await http.request(praise, { webcastId: '1', count: 1 });
    expect(inits.map((init) => init?.keepalive)).toEqual([true, undefined]);
  });
});
