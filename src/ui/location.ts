/**
 * Pure location comparison for "pushing to the route already shown does nothing" (SPEC 2).
 * Two locations are the same when their pathname, search and hash agree after
 * normalisation: duplicate and trailing slashes, percent-encoding of path characters, and an
 * empty "?" or "#" make no difference.
 */

export interface LocationLike {
  readonly pathname: string;
  readonly search?: string;
  readonly hash?: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray "%" is compared as written
  }
}

export function normalisePathname(pathname: string): string {
  const segments = pathname.split('/').filter((s) => s !== '').map(decodeSegment);
  return '/' + segments.join('/');
}

const normalisePart = (value: string | undefined, mark: '?' | '#'): string => {
  if (value === undefined || value === '' || value === mark) return '';
  return value.startsWith(mark) ? value : mark + value;
};

/** Splits "/a?b#c" into its parts; the hash is cut first since it may contain "?". */
export function parseLocation(path: string): LocationLike {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

const toKey = (location: LocationLike | string): string => {
  const l = typeof location === 'string' ? parseLocation(location) : location;
  return normalisePathname(l.pathname) + normalisePart(l.search, '?') + normalisePart(l.hash, '#');
};

export const isSameLocation = (current: LocationLike | string, target: LocationLike | string): boolean =>
  toKey(current) === toKey(target);
