/** Addresses from users and servers that a page may load or link to: http(s) or same-origin paths only. */

const URL_MAX = 2048;

function startsWithIgnoringCase(text: string, prefix: string): boolean {
  if (text.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32; // ASCII upper to lower
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * The URL when it is http(s) or root-relative, else null. Protocol-relative ("//host") and
 * backslash tricks ("/\host", which browsers read as "//host") are refused, and so is any
 * control character or space, which could smuggle another scheme past a naive check.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > URL_MAX) return null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return null;
  }
  if (value.charCodeAt(0) === 0x2f) return value.length === 1 || value.charCodeAt(1) !== 0x2f ? value : null;
  if (startsWithIgnoringCase(value, 'https://') && value.length > 8) return value;
  if (startsWithIgnoringCase(value, 'http://') && value.length > 7) return value;
  return null;
}
