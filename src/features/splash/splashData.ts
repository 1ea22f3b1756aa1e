/**
 * The splash advert's config (`/ccp/monitor/v2/splash/config`) and list
 * (`/ccp/monitor/v2/splash/list`) as the splash needs them. Pure: no DOM, no network.
 *
 * Adverts come from the room's operator, not from us: an image or a link is kept only when
 * it is an http(s) address (a root-relative one is resolved against the page's origin);
 * `javascript:`, `data:` and the like are dropped, and an advert with neither a picture nor
 * a title is not shown.
 */

export interface SplashConfig {
  readonly enabled: boolean;
  /** How long the advert stays, in seconds. */
  readonly seconds: number;
  readonly skippable: boolean;
}

export interface SplashAdvert {
  readonly id: string;
  readonly title: string;
  /** http(s) only; null shows the title alone. */
  readonly imageUrl: string | null;
  /** http(s) only; null makes the advert not clickable. */
  readonly linkUrl: string | null;
}

export const DEFAULT_SECONDS = 5;
export const SECONDS_RANGE = [1, 60] as const;
const URL_MAX = 2048;
const TITLE_MAX = 100;
const ID_MAX = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An absolute http(s) URL for `value` (resolved against `origin` when root-relative), else null. */
export function safeHttpUrl(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > URL_MAX) return null;
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    // Controls, space and backslash are never part of an address we accept.
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return null;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** The config answer; null when it is not one (treated like a disabled splash). */
export function readSplashConfig(data: unknown): SplashConfig | null {
  if (!isRecord(data)) return null;
  const seconds =
    typeof data.seconds === 'number' && Number.isFinite(data.seconds)
      ? Math.min(SECONDS_RANGE[1], Math.max(SECONDS_RANGE[0], Math.round(data.seconds)))
      : DEFAULT_SECONDS;
  return { enabled: data.enabled === true, seconds, skippable: data.skippable !== false };
}

function readAdvert(value: unknown, origin: string): SplashAdvert | null {
  if (!isRecord(value)) return null;
  const id = typeof value.id === 'string' ? value.id : typeof value.id === 'number' && Number.isFinite(value.id) ? String(value.id) : '';
  if (id === '' || id.length > ID_MAX) return null;
  const title = typeof value.title === 'string' ? [...value.title.replace(/\s+/g, ' ').trim()].slice(0, TITLE_MAX).join('') : '';
  const imageUrl = safeHttpUrl(value.imageUrl, origin);
  if (imageUrl === null && title === '') return null;
  return { id, title, imageUrl, linkUrl: safeHttpUrl(value.linkUrl, origin) };
}

/** The list answer `{adverts: [...]}`: the adverts that can be shown, in the server's order. */
export function readSplashAdverts(data: unknown, origin: string): SplashAdvert[] {
  if (!isRecord(data) || !Array.isArray(data.adverts)) return [];
  return data.adverts.map((a) => readAdvert(a, origin)).filter((a): a is SplashAdvert => a !== null);
}
