/**
 * The runtime configuration (public/config.js, `window.__WEBCAST_CONFIG__`): its type and a
 * pure parser. The file is edited by site operators after the build, so the parser checks
 * every field and says in plain words which one is wrong; the startup screen lists those
 * details under a localized heading. Nothing here touches the DOM.
 */
import { themeColourOrDefault } from '../domain/colour';
import {
  ERROR_REPORTING_APP_NAME,
  ERROR_REPORTING_VERSION_LABEL,
  LOCALES,
  type Locale,
} from '../domain/constants';
import { fail, ok, type Result } from '../domain/result';

export type ServiceName = 'live' | 'commerce' | 'resource' | 'directory';
export const SERVICE_NAMES: readonly ServiceName[] = ['live', 'commerce', 'resource', 'directory'];

export interface RuntimeConfig {
  /** Router basename: '/' or '/segment[/segment…]', never a trailing slash. */
  readonly appPrefix: string;
  /** Base URL per service without a trailing slash; '' means this page's own origin. */
  readonly services: Readonly<Record<ServiceName, string>>;
  readonly defaultRoomId: string;
  readonly defaultLocale: Locale;
  readonly locales: Readonly<Record<Locale, boolean>>;
  /** Normalised origins ("https://host[:port]") whose postMessage messages are accepted. */
  readonly allowedOrigins: readonly string[];
  /** Always a valid #rgb/#rrggbb colour: an invalid one was replaced by the default. */
  readonly themeColour: string;
  /**
   * SPEC's error reporting: the app name and version label every report carries, and where
   * the page sends them (`endpoint`: a path on the live service's origin or an http(s)
   * address; null: reports stay in the console).
   */
  readonly errorReporting: { readonly appName: string; readonly versionLabel: string; readonly endpoint: string | null };
  /** The room server's realtime socket addresses (ws/wss), when it runs as several nodes. */
  readonly sockets: readonly string[];
}

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short description of a wrong value for error details: its type, or the value itself. */
function describe(value: unknown): string {
  if (value === undefined) return 'no value';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

// One path segment: the unreserved URL characters. No "..", no spaces, no query or hash.
const PREFIX_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** '/webcast/' -> '/webcast', 'webcast' -> '/webcast', '' -> '/'. Null when unusable. */
export function normaliseAppPrefix(raw: string): string | null {
  const segments = raw.trim().split('/').filter((s) => s !== '');
  if (segments.some((s) => !PREFIX_SEGMENT.test(s) || s === '.' || s === '..')) return null;
  return '/' + segments.join('/');
}

function parseAppPrefix(value: unknown, errors: string[]): string {
  if (typeof value !== 'string') {
    errors.push(`appPrefix must be a string such as "/" or "/webcast" (got ${describe(value)}).`);
    return '/';
  }
  const prefix = normaliseAppPrefix(value);
  if (prefix === null) {
    errors.push(`appPrefix ${describe(value)} is not a path such as "/" or "/webcast" (letters, digits, ".", "_", "~", "-" between slashes).`);
    return '/';
  }
  return prefix;
}

function parseServiceUrl(name: ServiceName, value: unknown, errors: string[]): string {
  if (typeof value !== 'string') {
    errors.push(`services.${name} must be a string: "" for this site or an http(s) URL (got ${describe(value)}).`);
    return '';
  }
  const trimmed = value.trim();
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    errors.push(`services.${name} ${describe(value)} is not a URL; use "" or an address such as "https://live.example.com".`);
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    errors.push(`services.${name} must use http or https (got ${describe(value)}).`);
    return '';
  }
  if (url.search !== '' || url.hash !== '') {
    errors.push(`services.${name} must not carry a query or a fragment (got ${describe(value)}).`);
    return '';
  }
  // Request paths start with "/": drop trailing slashes so that base + path never doubles one.
  return trimmed.replace(/\/+$/, '');
}

function parseServices(value: unknown, errors: string[]): Record<ServiceName, string> {
  const services: Record<ServiceName, string> = { live: '', commerce: '', resource: '', directory: '' };
  if (!isRecord(value)) {
    errors.push(`services must be an object with live, commerce, resource and directory (got ${describe(value)}).`);
    return services;
  }
  for (const name of SERVICE_NAMES) services[name] = parseServiceUrl(name, value[name], errors);
  return services;
}

// The room id becomes a path segment (/live/login/{id}): keep it to characters that need no escaping.
const ROOM_ID = /^[A-Za-z0-9._~-]+$/;

function parseDefaultRoomId(value: unknown, errors: string[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.push(`defaultRoomId must be a non-empty string such as "10001" (got ${describe(value)}).`);
    return '';
  }
  const id = value.trim();
  if (!ROOM_ID.test(id)) {
    errors.push(`defaultRoomId ${describe(value)} may contain only letters, digits, ".", "_", "~" and "-".`);
    return '';
  }
  return id;
}

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

function parseLocales(value: unknown, errors: string[]): Record<Locale, boolean> | null {
  if (!isRecord(value)) {
    errors.push(`locales must be an object mapping ${LOCALES.join(', ')} to true or false (got ${describe(value)}).`);
    return null;
  }
  const locales = {} as Record<Locale, boolean>;
  let valid = true;
  for (const locale of LOCALES) {
    const flag = value[locale];
    if (typeof flag !== 'boolean') {
      errors.push(`locales.${locale} must be true or false (got ${describe(flag)}).`);
      valid = false;
    } else {
      locales[locale] = flag;
    }
  }
  for (const key of Object.keys(value)) {
    if (!isLocale(key)) {
      errors.push(`locales.${key} is not a supported locale; use ${LOCALES.join(', ')}.`);
      valid = false;
    }
  }
  if (!valid) return null;
  if (!LOCALES.some((locale) => locales[locale])) {
    errors.push('locales must enable at least one locale.');
    return null;
  }
  return locales;
}

function parseDefaultLocale(value: unknown, locales: Record<Locale, boolean> | null, errors: string[]): Locale {
  if (!isLocale(value)) {
    errors.push(`defaultLocale must be one of ${LOCALES.join(', ')} (got ${describe(value)}).`);
    return 'zh_cn';
  }
  if (locales !== null && !locales[value]) {
    errors.push(`defaultLocale "${value}" is switched off in locales; enable it or choose an enabled locale.`);
  }
  return value;
}

/** "https://example.com/" -> "https://example.com"; null for anything that is not a bare origin. */
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

function parseAllowedOrigins(value: unknown, errors: string[]): string[] {
  if (!Array.isArray(value)) {
    errors.push(`allowedOrigins must be an array of origins such as "https://example.com" (got ${describe(value)}).`);
    return [];
  }
  const origins: string[] = [];
  value.forEach((entry: unknown, index) => {
    const origin = typeof entry === 'string' ? normaliseOrigin(entry) : null;
    if (origin === null) {
      errors.push(`allowedOrigins[${index}] ${describe(entry)} is not an origin such as "https://example.com" (scheme, host and optional port only).`);
    } else if (!origins.includes(origin)) {
      origins.push(origin);
    }
  });
  return origins;
}

/** `sockets`: optional; ws:// or wss:// addresses without a fragment, each once. */
function parseSockets(value: unknown, errors: string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors.push(`sockets must be an array of socket addresses such as "wss://node1.example.com/ws" (got ${describe(value)}).`);
    return [];
  }
  const sockets: string[] = [];
  value.forEach((entry: unknown, index) => {
    const url = typeof entry === 'string' && URL.canParse(entry) ? new URL(entry) : null;
    if (url === null || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.hash !== '') {
      errors.push(`sockets[${index}] ${describe(entry)} is not a socket address such as "wss://node1.example.com/ws".`);
    } else if (!sockets.includes(url.href)) {
      sockets.push(url.href);
    }
  });
  return sockets;
}

function parseErrorReporting(value: unknown, errors: string[]): RuntimeConfig['errorReporting'] {
  const defaults = { appName: ERROR_REPORTING_APP_NAME, versionLabel: ERROR_REPORTING_VERSION_LABEL, endpoint: null };
  if (value === undefined) return defaults;
  if (!isRecord(value)) {
    errors.push(`errorReporting must be an object with appName and versionLabel (got ${describe(value)}).`);
    return defaults;
  }
  const text = (field: 'appName' | 'versionLabel'): string => {
    const v = value[field];
    if (v === undefined) return defaults[field];
    if (typeof v !== 'string' || v.trim() === '') {
      errors.push(`errorReporting.${field} must be a non-empty string (got ${describe(v)}).`);
      return defaults[field];
    }
    return v.trim();
  };
  return { appName: text('appName'), versionLabel: text('versionLabel'), endpoint: parseEndpoint(value.endpoint, errors) };
}

/** A path ('/...') or an http(s) address; missing or '' means reports are not sent. */
function parseEndpoint(value: unknown, errors: string[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^\/(?!\/)/.test(trimmed)) return trimmed;
    try {
      const url = new URL(trimmed);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // reported below
    }
  }
  errors.push(`errorReporting.endpoint must be a path starting with / or an http(s) address (got ${describe(value)}).`);
  return null;
}

/**
 * Checks and normalises the raw configuration object. Every problem is collected (not just
 * the first) so an operator can fix the file in one go. Unknown top-level fields are
 * ignored: a newer config.js must not stop an older build from starting.
 */
export function parseRuntimeConfig(raw: unknown): Result<RuntimeConfig, string[]> {
  if (!isRecord(raw)) {
    return fail([`window.__WEBCAST_CONFIG__ must be an object (got ${describe(raw)}).`]);
  }
  const errors: string[] = [];
  const appPrefix = parseAppPrefix(raw.appPrefix, errors);
  const services = parseServices(raw.services, errors);
  const defaultRoomId = parseDefaultRoomId(raw.defaultRoomId, errors);
  const locales = parseLocales(raw.locales, errors);
  const defaultLocale = parseDefaultLocale(raw.defaultLocale, locales, errors);
  const allowedOrigins = parseAllowedOrigins(raw.allowedOrigins, errors);
  // SPEC 5: only #rgb or #rrggbb; anything else quietly becomes the default theme colour.
  const themeColour = themeColourOrDefault(raw.themeColour);
  const errorReporting = parseErrorReporting(raw.errorReporting, errors);
  const sockets = parseSockets(raw.sockets, errors);

  if (errors.length > 0 || locales === null) return fail(errors);
  return ok({ appPrefix, services, defaultRoomId, defaultLocale, locales, allowedOrigins, themeColour, errorReporting, sockets });
}

/** The locales a viewer may choose, in the catalogue order of LOCALES. */
export const enabledLocales = (config: Pick<RuntimeConfig, 'locales'>): Locale[] =>
  LOCALES.filter((locale) => config.locales[locale]);

/**
 * SPEC 6: cross-window (postMessage) messages are accepted only from the origins listed in
 * configuration. `origin` is MessageEvent.origin; "null" (sandboxed frames, file:) never matches.
 */
export function isAllowedOrigin(config: Pick<RuntimeConfig, 'allowedOrigins'>, origin: string): boolean {
  const normalised = normaliseOrigin(origin);
  return normalised !== null && config.allowedOrigins.includes(normalised);
}
