import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import path from 'node:path';
import { makeTempDir, startTestServer, type TestServer } from '../testing/harness.js';
import { clientRoutes } from '../routes/client.js';
import { BizError, invalid } from './envelope.js';
import type { RouteModule } from './app.js';

let server: TestServer;
afterEach(async () => server?.close());

const probe: RouteModule = (app) => {
  app.post('/ccp/test/biz', async () => {
    throw new BizError(4402);
  });
  app.post('/ccp/test/invalid', async () => {
    throw invalid('name', 'at most 20 characters');
  });
  app.post(
    '/ccp/test/schema',
    { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } } } },
    async (req) => ({ code: 200, msg: 'ok', data: req.body }),
  );
  app.get('/ccp/test/bug', async () => {
    throw new Error('a bug');
  });
};

const start = async () => {
  server = await startTestServer({ routes: [probe, clientRoutes] });
  return server.url;
};

describe('the HTTP envelope and refusals', () => {
  it('answers a BizError with HTTP 200 and its code and message', async () => {
    const url = await start();
    const res = await fetch(`${url}/ccp/test/biz`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 4402, msg: 'you are muted', data: null });
  });

  it('answers invalid input with 4501 naming the field', async () => {
    const url = await start();
    const body = await (await fetch(`${url}/ccp/test/invalid`, { method: 'POST' })).json();
    expect(body).toEqual({ code: 4501, msg: 'name: at most 20 characters', data: null });
  });

  it('answers malformed JSON, wrong types and missing fields with 4501, never a 500', async () => {
    const url = await start();
    const post = (body: string, type = 'application/json') =>
      fetch(`${url}/ccp/test/schema`, { method: 'POST', headers: { 'content-type': type }, body }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { code: number; msg: string },
      }));
    for (const bad of ['{', '{"n":"x"}', '{}', '{"n":0}', '[]', 'null']) {
      const r = await post(bad);
      expect(r.status, bad).toBe(200);
      expect(r.body.code, bad).toBe(4501);
      expect(r.body.msg.length, bad).toBeGreaterThan(5);
    }
    expect((await post('n=3', 'application/x-www-form-urlencoded')).body).toEqual({ code: 200, msg: 'ok', data: { n: 3 } });
    expect((await post('<x/>', 'application/xml')).body.code).toBe(4501);
  });

  it('keeps HTTP 500 for genuine server bugs only, still as an envelope', async () => {
    const url = await start();
    const res = await fetch(`${url}/ccp/test/bug`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: number }).code).toBe(500);
  });

  it('answers an unknown API address with HTTP 404 (the client shows /error/404)', async () => {
    const url = await start();
    const res = await fetch(`${url}/ccp/no/such/call`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
  });

  it('answers a URL that is not valid percent-encoded UTF-8 with HTTP 400 and an envelope, never a file', async () => {
    const url = await start();
    for (const path of ['/media/%c0%ae%c0%ae/package.json', '/ccp/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json', '/resource/%ff']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ code: 400, msg: 'bad URL: not valid percent-encoded UTF-8', data: null });
    }
  });

  it('serves health and Prometheus metrics, counting requests by route and status', async () => {
    const url = await start();
    await fetch(`${url}/ccp/test/biz`, { method: 'POST' });
    expect(((await (await fetch(`${url}/healthz`)).json()) as { data: { status: string } }).data.status).toBe("up");
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('webcast_sockets_open');
    expect(text).toMatch(/webcast_http_requests_total\{route="\/ccp\/test\/biz",method="POST",status="200"\} 1/);
  });

  it('answers /metrics only on this machine without a proxy, or to METRICS_TOKEN', async () => {
    const url = await start();
    const proxied = await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect(((await proxied.json()) as { msg: string }).msg).toContain('METRICS_TOKEN');
    await server.close();
    server = await startTestServer({ routes: [probe, clientRoutes], config: { metricsToken: 'm-secret' } });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(403);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-secret' } })).status).toBe(403);
    const allowed = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer m-secret', 'x-forwarded-for': '203.0.113.9' } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('webcast_sockets_open');
  });
});

describe('cross-origin calls (services served apart from the client)', () => {
  it('answers no other origin by default: only the page own origin calls the services', async () => {
    const url = await start();
    const pre = await fetch(`${url}/ccp/test/biz`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'token' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${url}/ccp/test/biz`, { method: 'POST', headers: { origin: 'http://evil.test' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows only the listed origins when CORS_ORIGINS is set, with a preflight for the client headers and no credentials', async () => {
    server = await startTestServer({ routes: [probe, clientRoutes], config: { corsOrigins: ['http://127.0.0.1:5173'] } });
    const pre = await fetch(`${server.url}/ccp/test/biz`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'token,token_type,content-type,idempotency-key' },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(pre.headers.get('access-control-allow-headers')).toContain('token_type');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const ok = await fetch(`${server.url}/ccp/test/biz`, { method: 'POST', headers: { origin: 'http://127.0.0.1:5173' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const other = await fetch(`${server.url}/ccp/test/biz`, { method: 'POST', headers: { origin: 'http://other.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** A client directory of a test's own: a page and a config.js with these embedding origins. */
function clientDirWith(configScript: string): string {
  const dir = makeTempDir();
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>viewer</title><script src="/config.js"></script>');
  fs.writeFileSync(path.join(dir, 'config.js'), configScript);
  return dir;
}

const directives = (csp: string | null): Map<string, string> =>
  new Map((csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(' ')[0] ?? '', d.slice(d.indexOf(' ') + 1)]));

describe('where pictures may come from', () => {
  it('names PUBLIC_URL and IMAGE_ORIGINS in img-src, and no other host', async () => {
    server = await startTestServer({ routes: [probe, clientRoutes], config: { publicUrl: 'https://live.example.com', imageOrigins: ['https://img.example.com'] } });
    const csp = directives((await fetch(`${server.url}/healthz`)).headers.get('content-security-policy'));
    expect(csp.get('img-src')).toBe("'self' data: blob: https://live.example.com https://img.example.com");
  });
});

describe('the client\'s source maps', () => {
  it('are not served unless SERVE_SOURCE_MAPS asks; the scripts still are', async () => {
    const dir = clientDirWith('window.__WEBCAST_CONFIG__ = {};');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    try {
      server = await startTestServer({ routes: [probe, clientRoutes], config: { clientDir: dir } });
      expect((await fetch(`${server.url}/assets/index-abc.js`)).status).toBe(200);
      const hidden = await fetch(`${server.url}/assets/index-abc.js.map`);
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).not.toContain('secret');
      await server.close();
      server = await startTestServer({ routes: [probe, clientRoutes], config: { clientDir: dir, serveSourceMaps: true } });
      expect(await (await fetch(`${server.url}/assets/index-abc.js.map`)).text()).toContain('src/secret.ts');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the client's scripts compressed at build time", () => {
  it('go brotli or gzip to a browser that accepts them, plain to one that does not; config.js always plain', async () => {
    const dir = clientDirWith('window.__WEBCAST_CONFIG__ = {};');
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), zlib.gzipSync(script));
    try {
      server = await startTestServer({ routes: [probe, clientRoutes], config: { clientDir: dir } });
      const get = (file: string, encoding: string) => new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${server.url}${file}`, { headers: { 'accept-encoding': encoding } }, resolve).on('error', reject));
      const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      br.resume();
      const gz = await get('/assets/index-abc.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      gz.resume();
      const plain = await get('/assets/index-abc.js', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      plain.resume();
      const config = await get('/config.js', 'gzip, br');
      expect(config.headers['content-encoding']).toBeUndefined();
      expect(config.headers['cache-control']).toBe('no-cache');
      config.resume();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('security headers (framing, scripts, sniffing, referrer)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets only this origin frame the pages by default, allows no inline script, and hardens every answer', async () => {
    const dir = clientDirWith('window.__WEBCAST_CONFIG__ = { allowedOrigins: [] };');
    dirs.push(dir);
    server = await startTestServer({ routes: [probe, clientRoutes], config: { clientDir: dir } });
    for (const pathname of ['/live/video/10001', '/ccp/test/biz', '/config.js']) {
      const res = await fetch(`${server.url}${pathname}`, { method: pathname.startsWith('/ccp') ? 'POST' : 'GET', headers: { accept: 'text/html' } });
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors'), pathname).toBe("'self'");
      expect(csp.get('script-src'), pathname).toBe("'self'");
      expect(csp.get('object-src'), pathname).toBe("'none'");
      // Pictures from this server only: a picture elsewhere would tell its host who looks.
      expect(csp.get('img-src'), pathname).toBe("'self' data: blob:");
      expect(res.headers.get('x-frame-options'), pathname).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
    }
  });

  it('builds frame-ancestors from config.js allowedOrigins, and follows an edit of the file without a restart', async () => {
    const dir = clientDirWith(`window.__WEBCAST_CONFIG__ = { allowedOrigins: ['https://intranet.example.com/', 'http://127.0.0.1:9999', 'not an origin', 7, 'javascript:alert(1)'] };`);
    dirs.push(dir);
    server = await startTestServer({ routes: [probe, clientRoutes], config: { clientDir: dir } });
    const page = await fetch(`${server.url}/live/video/10001`, { headers: { accept: 'text/html' } });
    expect(directives(page.headers.get('content-security-policy')).get('frame-ancestors')).toBe("'self' https://intranet.example.com http://127.0.0.1:9999");
    // The old header cannot name other sites: it is left out while some are allowed.
    expect(page.headers.get('x-frame-options')).toBeNull();

    fs.writeFileSync(path.join(dir, 'config.js'), 'window.__WEBCAST_CONFIG__ = { allowedOrigins: ["https://portal.example.org"] };');
    const later = Date.now() + 2000;
    fs.utimesSync(path.join(dir, 'config.js'), later / 1000, later / 1000);
    await expect
      .poll(async () => directives((await fetch(`${server.url}/live/login/10001`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy')).get('frame-ancestors'), { timeout: 5000 })
      .toBe("'self' https://portal.example.org");
  });

  it('allows no other site when config.js is broken, and keeps serving', async () => {
    const dir = clientDirWith('window.__WEBCAST_CONFIG__ = { allowedOrigins: [ ;');
    dirs.push(dir);
    server = await startTestServer({ routes: [probe, clientRoutes], config: { clientDir: dir } });
    const page = await fetch(`${server.url}/live/video/10001`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(directives(page.headers.get('content-security-policy')).get('frame-ancestors')).toBe("'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
