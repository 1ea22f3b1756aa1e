/**
 * Addresses of the client's pages (under the application prefix) and the check that keeps
 * the simulated providers' redirects on this site (no open redirect).
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/** A client page path under APP_PREFIX: '/live/login/1' -> '/webcast/live/login/1'. */
export const appPath = (config: Pick<ServerConfig, 'appPrefix'>, path: string): string =>
  config.appPrefix === '/' ? path : `${config.appPrefix}${path}`;

export const loginPagePath = (config: Pick<ServerConfig, 'appPrefix'>, webcastId: string): string =>
  appPath(config, `/live/login/${encodeURIComponent(webcastId)}`);

/**
 * A same-site path ("/x?y"), or null: no scheme, no host, no "//" or backslash tricks.
 * The answer is checked after the URL parser has resolved dot segments, because "/.//x",
 * "/a/..//x" and "/%2e//x" all resolve to the path "//x", which a browser reads as the host
 * x: whatever a caller does with the answer, it can only lead to this site.
 */
export function sameSitePath(candidate: string): string | null {
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\') || candidate.length > 1000) return null;
  try {
    const url = new URL(candidate, 'http://site.invalid');
    const path = `${url.pathname}${url.search}`;
    if (url.host !== 'site.invalid' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
    return path;
  } catch {
    return null;
  }
}

/** The absolute base of this server as the browser reached it (PUBLIC_URL when set). */
export function publicBase(config: Pick<ServerConfig, 'publicUrl'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.headers.host;
  const safeHost = host && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host) ? host : '127.0.0.1';
  return `${request.protocol}://${safeHost}`;
}

/** Adds query parameters to a same-site path. */
export function withQuery(path: string, params: Readonly<Record<string, string>>): string {
  const url = new URL(path, 'http://site.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}
