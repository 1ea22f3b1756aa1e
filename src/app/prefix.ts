/**
 * The application prefix (router basename) seen from outside the router: whether the page
 * was opened under it, and the full address of an app path for a plain link.
 */

/** Like react-router's basename matching: case-insensitive, on whole path segments. */
export function isUnderPrefix(pathname: string, prefix: string): boolean {
  if (prefix === '/') return true;
  const path = pathname.toLowerCase();
  const base = prefix.toLowerCase();
  return path === base || path.startsWith(base + '/');
}

/** "/live/login/1" under "/webcast" -> "/webcast/live/login/1". */
export const withPrefix = (prefix: string, path: string): string => (prefix === '/' ? path : prefix + path);
