import { describe, expect, it, vi } from 'vitest';
import { createApi } from './index';

function setup(getResourceBase?: () => string | null) {
  const urls: string[] = [];
  const effects = { transportFailure: vi.fn(), sessionExpired: vi.fn() };
  const api = createApi({
    services: { live: 'https://live.example', commerce: 'https://shop.example', resource: 'https://res.example', directory: '' },
    getToken: () => 'tok',
    effects,
    fetch: (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { serverAddress: ['a', 'b'] } }));
    }) as typeof fetch,
    getResourceBase,
    directoryClient: { userAgent: 'UA' },
  });
  return { api, urls, effects };
}

describe('createApi', () => {
  it('sends each service to its own host', async () => {
    const { api, urls } = setup();
    await api.live.onlineCount({ webcastId: 1 });
    await api.commerce.giftList({ liveId: 1 });
    await api.resource.docShareInfo({ webcastId: 1 });
    await (await api.directory()).lookup();
    expect(urls).toEqual([
      'https://live.example/ccp/monitor/v2/webcast/total?webcastId=1',
      'https://shop.example/commerce/v1/reward/gift/list?liveId=1',
      'https://res.example/share/v1/doc/info?webcastId=1',
      '/login/location?cmd=lookup',
    ]);
  });

  it('prefers the resource host the room stored, read at every call', async () => {
    let stored: string | null = 'https://room-res.example';
    const { api, urls } = setup(() => stored);
    await api.resource.cloudInfo({ webcastId: 1 });
    stored = null;
    await api.resource.cloudInfo({ webcastId: 1 });
    stored = '';
    await api.resource.cloudInfo({ webcastId: 1 });
    expect(urls.map((u) => new URL(u).host)).toEqual(['room-res.example', 'res.example', 'res.example']);
  });

  it('hands out fresh Idempotency-Keys', () => {
    const { api } = setup();
    const a = api.newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(api.newIdempotencyKey()).not.toBe(a);
  });
});

describe('resourceUrl', () => {
  it('puts a file path on the resource host the room stored, else the configured one; only http(s)', () => {
    let stored: string | null = 'https://room-res.example/';
    const { api } = setup(() => stored);
    expect(api.resourceUrl('/share/v1/files/d/1')).toBe('https://room-res.example/share/v1/files/d/1');
    stored = null;
    expect(api.resourceUrl('/share/v1/files/d/1')).toBe('https://res.example/share/v1/files/d/1');
    expect(api.resourceUrl('https://cdn.example/x.svg')).toBe('https://cdn.example/x.svg');
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'data:image/svg+xml,x', 5, null]) expect(api.resourceUrl(bad)).toBeNull();
  });
});
