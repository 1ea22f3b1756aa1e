/**
 * The guide page's view of the room info answer (GET webcast/{id}): title, cover, start
 * time, status, introduction, theme colour, locale and the entry rules. Narrowed from
 * `unknown` field by field: a field of the wrong type reads as absent, never as a crash.
 */
import { readEntryRules, type EntryRules } from './guestEntry';

export interface RoomIntro {
  readonly title: string;
  /** Only an http(s) address (relative ones resolved against the page) is kept. */
  readonly coverUrl: string | null;
  /** Epoch milliseconds; null when not given. */
  readonly startTime: number | null;
  /** PROTOCOL 2.4 7107: 0 not started, 1 preparing, 2 live, 3 ended; null when unknown. */
  readonly status: number | null;
  /** Ended with a replay to watch. */
  readonly hasReplay: boolean;
  readonly introduction: string;
  /** Who hosts the event, by name; null when the room names nobody. */
  readonly hostName: string | null;
  readonly themeColour: string | null;
  readonly locale: string | null;
}

export interface RoomView {
  readonly intro: RoomIntro;
  /** Null when the answer has no usable `entry` object. */
  readonly rules: EntryRules | null;
  /** Login types the room takes (`entry.types`), in the server's order. */
  readonly types: readonly string[];
  /** The series (aggregations) the room is part of. */
  readonly series: readonly string[];
  /** A third-party room's app (`entry.thirdParty`); null otherwise. */
  readonly thirdParty: ThirdPartyApp | null;
}

export interface ThirdPartyApp {
  readonly appCode: string;
  readonly appName: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * An address from the server as something safe to put in `src`/`href`: only http: and
 * https: survive (a relative path is resolved against `base`); javascript:, data: and
 * anything unparsable give null.
 */
export function safeHttpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function readThirdParty(value: unknown): ThirdPartyApp | null {
  if (!isRecord(value)) return null;
  const appCode = str(value.appCode);
  return /^[\w-]{1,32}$/.test(appCode) ? { appCode, appName: str(value.appName).trim().slice(0, 40) || appCode } : null;
}

export function readRoomView(info: unknown, base: string): RoomView {
  const record = isRecord(info) ? info : {};
  const start = record.startTime;
  const status = record.status;
  const entry = isRecord(record.entry) ? record.entry : {};
  const types = Array.isArray(entry.types) ? entry.types.filter((t): t is string => typeof t === 'string') : [];
  return {
    intro: {
      title: str(record.title),
      coverUrl: safeHttpUrl(record.coverUrl, base),
      startTime: typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : null,
      status: typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 3 ? status : null,
      hasReplay: str(record.replay) !== '',
      introduction: str(record.introduction),
      hostName: isRecord(record.host) && str(record.host.name).trim() !== '' ? str(record.host.name).trim() : null,
      themeColour: typeof record.themeColour === 'string' && record.themeColour !== '' ? record.themeColour : null,
      locale: typeof record.locale === 'string' && record.locale !== '' ? record.locale : null,
    },
    rules: readEntryRules(info),
    types,
    series: Array.isArray(record.series) ? record.series.filter((s): s is string => typeof s === 'string' && s !== '' && s.length <= 64).slice(0, 5) : [],
    thirdParty: readThirdParty(entry.thirdParty),
  };
}

/** The entry forms of the guide page, one per login type the client knows. */
export type EntryForm = 'guest' | 'password' | 'memberCode' | 'phone' | 'email' | 'signup' | 'vip' | 'whitelist' | 'enterprise' | 'qrScan' | 'third';

const FORMS: readonly EntryForm[] = ['guest', 'password', 'memberCode', 'phone', 'email', 'signup', 'vip', 'whitelist', 'enterprise', 'qrScan', 'third'];

/**
 * The forms to offer for the room's login types, in the server's order; unknown types
 * (and `staff`, the hosts' own login) are left out.
 */
export function entryFormsOf(types: readonly string[]): EntryForm[] {
  const forms: EntryForm[] = [];
  for (const type of types) {
    const form = FORMS.find((f) => f === type);
    if (form !== undefined && !forms.includes(form)) forms.push(form);
  }
  return forms;
}

/** Status names used for the i18n key `liveStatus.*`. */
export const STATUS_KEYS = ['notStarted', 'preparing', 'live', 'ended'] as const;
