/**
 * A Vite plugin that writes each built script, style sheet and page beside itself brotli-
 * and gzip-compressed (`x.js.br`, `x.js.gz`), which the reference server sends to browsers
 * that accept them (@fastify/static `preCompressed`). On a weak network the app's scripts are
 * most of what stands between the viewer and the first frame (issue 38: 3G, 30 s to the
 * first frame with them uncompressed), and compressing them once at build time costs the
 * server nothing per request.
 *
 * Not compressed: source maps (never served without SERVE_SOURCE_MAPS, and a compressed copy
 * would be served in their place) and config.js (edited after a build: a stale compressed
 * copy would win over the edit). Files the public folder copies are not the bundle's.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'webcast-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '.');
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || path.basename(fileName) === 'config.js') continue;
        const file = path.join(dir, fileName);
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      }
    },
  };
}
