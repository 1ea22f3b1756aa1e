/**
 * Which links the server stores: the ones a browser will read as an http(s) address, or
 * as a path on the page's own origin. Decided with the WHATWG URL parser, the one browsers
 * use, not by looking at the text: the parser drops tabs and newlines and reads a
 * backslash as a slash, so `/\t/evil.test/x` and `/\evil.test/x` are both `//evil.test/x`,
 * another site, though they start with one slash. Clients check links again; the server
 * must not rely on every client doing so.
 */

/** A host no page is served from: a root-relative link must still be on it after parsing. */
const SAME_ORIGIN_PROBE = 'http://same-origin.invalid';

/** Control characters, the space and the backslash: never part of a link we store. */
function hasForbiddenCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * An absolute http(s) URL with a host and no user name or password in it, or a path
 * starting with one `/` that stays on the page's own origin. Nothing else passes:
 * javascript:, data:, protocol-relative `//host`, and anything with control characters,
 * spaces or backslashes.
 */
export function isSafeLink(value: string): boolean {
  if (value.length === 0 || hasForbiddenCharacter(value)) return false;
  if (value.startsWith('/')) {
    const url = parse(value, `${SAME_ORIGIN_PROBE}/`);
    return url !== null && url.origin === SAME_ORIGIN_PROBE && !value.startsWith('//');
  }
  const url = parse(value);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  return url.hostname !== '' && url.username === '' && url.password === '';
}
