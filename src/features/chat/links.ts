/**
 * Where a chat image may link to. chatEntry.safeUrl already keeps only http(s) and
 * root-relative URLs; a link that opens a new tab must be absolute http(s), so a
 * root-relative imgLinkUrl (meaningless on another host) is not made a link.
 */

function hasPrefix(url: string, prefix: string): boolean {
  return url.length > prefix.length && url.slice(0, prefix.length).toLowerCase() === prefix;
}

export function externalHref(url: string | null): string | null {
  if (url === null) return null;
  return hasPrefix(url, 'https://') || hasPrefix(url, 'http://') ? url : null;
}

/** An ISO time for <time dateTime>, or undefined when the number is not a representable date. */
export function isoTime(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
