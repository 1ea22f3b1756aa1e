/**
 * Serves the built client (dist/): its files as they are, and index.html for every other
 * GET that asks for a page, so history-mode routes under any application prefix load the
 * app. API paths that match no route stay an HTTP 404 (the client shows /error/404).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RouteModule } from '../http/app.js';

const API_PREFIXES = ['/ccp/', '/commerce/', '/share/', '/resource/', '/login/', '/regist', '/admin/', '/media/', '/ws', '/metrics', '/healthz'];

export const clientRoutes: RouteModule = async (app, ctx) => {
  const root = ctx.config.clientDir;
  const indexFile = path.join(root, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    // Source maps stay on disk (the build writes them without a reference in the scripts)
    // and are served only when SERVE_SOURCE_MAPS asks: they hand anyone the whole source.
    const allowedPath = ctx.config.serveSourceMaps ? undefined : (file: string) => !file.endsWith('.map');
    // The build writes each script, style sheet and page brotli- and gzip-compressed beside
    // itself (scripts/precompress.ts): a browser that accepts them gets a third of the bytes.
    await app.register(fastifyStatic, { root, prefix: '/', wildcard: false, index: ['index.html'], preCompressed: true, ...(allowedPath ? { allowedPath } : {}) });
    // A browser that asks for /favicon.ico on its own (before or without reading the page's
    // <link rel="icon">) gets the icon rather than a 404.
    const icon = path.join(root, 'favicon.svg');
    if (fs.existsSync(icon)) app.get('/favicon.ico', (_request, reply) => reply.type('image/svg+xml').header('cache-control', 'max-age=86400').send(fs.createReadStream(icon)));
    // config.js is meant to be edited after a build: never let a browser cache a stale one.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.split('?')[0]?.endsWith('/config.js')) reply.header('cache-control', 'no-cache');
      return payload;
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && !API_PREFIXES.some((p) => pathname.startsWith(p))) {
      if (!built) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The client is not built. Run `npm run build` (or `npm start`, which builds it) and reload.');
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ code: 404, msg: `no such address: ${request.method} ${pathname}`, data: null });
  });
};
