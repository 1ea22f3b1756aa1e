/**
 * Origins the server is told about: the services' CORS list (CORS_ORIGINS) and the sites
 * allowed to embed the viewer in a frame, which are the client's own `allowedOrigins` of
 * config.js (SPEC 6: the embedding feature's list), read from the config.js the server
 * serves, so an operator edits one list and both the page and the server follow it.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/** "https://example.com/" -> "https://example.com"; null for anything but a bare http(s) origin. */
export function normaliseOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  return bare ? url.origin : null;
}

/** The `allowedOrigins` of a config.js text, normalised; entries that are not origins are left out. */
export function allowedOriginsOf(configScript: string): readonly string[] {
  const window: { __WEBCAST_CONFIG__?: { allowedOrigins?: unknown } } = {};
  // The operator's own file, run in a context with nothing but `window`, and briefly.
  vm.runInNewContext(configScript, { window }, { timeout: 100, filename: 'config.js' });
  const list = window.__WEBCAST_CONFIG__?.allowedOrigins;
  if (!Array.isArray(list)) return [];
  const origins = list.flatMap((entry: unknown) => (typeof entry === 'string' ? [normaliseOrigin(entry)] : [])).filter((o): o is string => o !== null);
  return [...new Set(origins)];
}

/** How long a read of config.js is trusted before its modification time is looked at again. */
const RECHECK_MS = 1000;

/**
 * The embedding origins of `clientDir/config.js`, read again when the file changes (it is
 * edited after the build, without a restart). A missing or broken file allows no other
 * site; the reason is logged once per change of the file.
 */
export function embedOriginsReader(clientDir: string, warn: (message: string) => void, now: () => number = Date.now): () => readonly string[] {
  const file = path.join(clientDir, 'config.js');
  let origins: readonly string[] = [];
  let seenMtime = -1;
  let checkedAt = -Infinity;
  return () => {
    if (now() - checkedAt < RECHECK_MS) return origins;
    checkedAt = now();
    let mtime: number;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      origins = [];
      seenMtime = -1;
      return origins;
    }
    if (mtime === seenMtime) return origins;
    seenMtime = mtime;
    try {
      origins = allowedOriginsOf(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      origins = [];
      warn(`${file}: could not read allowedOrigins (${e instanceof Error ? e.message : String(e)}); no other site may frame the viewer`);
    }
    return origins;
  };
}
