/**
 * A room's settings: the rooms.config JSON column, read with a default for every field.
 * The config is written by server code (the seed, the admin API), never by a client; a
 * value of the wrong kind in it (an old or hand-edited row) falls back to its default, so
 * reading a room never fails. Secrets are not here (see migration 003: room_secrets).
 */
import { LOCALES_ENABLED_BY_DEFAULT, type Locale } from '../../src/domain/constants';

export const SUBSCRIBE_CHANNELS = ['sms', 'email', 'wx'] as const;
export type SubscribeChannel = (typeof SUBSCRIBE_CHANNELS)[number];

export const SIGN_FIELD_KINDS = ['text', 'phone', 'email'] as const;
export type SignFieldKind = (typeof SIGN_FIELD_KINDS)[number];

export interface SignField {
  readonly key: string;
  readonly label: string;
  readonly kind: SignFieldKind;
  readonly required: boolean;
}

export interface SplashAdvert {
  readonly id: string;
  readonly title: string;
  readonly imageUrl: string;
  readonly linkUrl: string;
}

export interface RoomGroup {
  readonly gid: string;
  readonly name: string;
  readonly intro: string;
}

export interface RoomSettings {
  /** SPEC 5: the privacy agreement must be ticked before login (code 4107 otherwise). */
  readonly privacy: { readonly required: boolean; readonly title: string; readonly content: string };
  /**
   * Whether the room has a replay once ended (without one, login to an ended room is 4004),
   * and how long the reference server's recording of it is: `loops` times the 20 s demo loop
   * (1 to REPLAY_LOOPS_MAX; the replay demo room's is 5 minutes).
   */
  readonly replay: { readonly enabled: boolean; readonly loops: number };
  /** SPEC 6: rewards and goods can be disabled by the platform (codes 4405, 4406). */
  readonly features: {
    readonly rewards: boolean;
    readonly goods: boolean;
    readonly recommend: boolean;
    readonly qa: boolean;
    readonly posters: boolean;
  };
  readonly player: {
    readonly defaultLine: string;
    readonly defaultQuality: string;
    readonly defaultType: 'hls' | 'flv';
    readonly delayMode: string;
  };
  readonly loginPage: { readonly background: string; readonly logo: string; readonly welcome: string };
  readonly watermark: { readonly enabled: boolean; readonly text: string; readonly opacity: number; readonly fontSize: number };
  readonly subscribe: { readonly enabled: boolean; readonly channels: readonly SubscribeChannel[] };
  readonly splash: {
    readonly enabled: boolean;
    readonly seconds: number;
    readonly skippable: boolean;
    readonly adverts: readonly SplashAdvert[];
  };
  readonly contract: { readonly enabled: boolean; readonly title: string; readonly content: string; readonly version: number };
  readonly praiseImages: readonly string[];
  readonly cloud: { readonly docShare: boolean; readonly whiteboard: boolean; readonly cloudFiles: boolean };
  readonly other: {
    readonly showOnline: boolean;
    readonly showPraise: boolean;
    readonly share: boolean;
    readonly languages: readonly Locale[];
    /** Whether a viewer may save their own record of the room (issue 37 item 5; 4409 when not). */
    readonly ownRecord: boolean;
  };
  /** Delayed charging: watching is free for freeSeconds, then the price is due. */
  readonly charge: { readonly enabled: boolean; readonly freeSeconds: number; readonly priceYuan: string };
  readonly enterprise: { readonly corpId: string; readonly agentId: string };
  readonly openPlatform: { readonly appId: string; readonly privateMerchant: boolean; readonly merchantName: string };
  readonly signup: { readonly approval: boolean; readonly fields: readonly SignField[] };
  readonly groups: { readonly enabled: boolean; readonly list: readonly RoomGroup[] };
  /**
   * The room's camera streams (SPEC 7.1 multi-stream list), each a camera of the demo media
   * (server/media CAMERA_IDS) with the name viewers see; none listed: the main camera alone.
   */
  readonly cameras: { readonly list: readonly RoomCamera[]; readonly defaultId: string };
  /** The third-party app a thirdParty room signs viewers in with: its app code and the name viewers see. */
  readonly thirdParty: { readonly appCode: string; readonly appName: string };
}

export interface RoomCamera {
  readonly id: string;
  readonly name: string;
}

export const DEFAULT_SIGN_FIELDS: readonly SignField[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  { key: 'phone', label: 'Phone', kind: 'phone', required: true },
  { key: 'email', label: 'Email', kind: 'email', required: false },
  { key: 'company', label: 'Company', kind: 'text', required: false },
];

export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  privacy: {
    required: true,
    title: 'Privacy agreement',
    content: 'We process your name and contact details only to run this live event.',
  },
  replay: { enabled: true, loops: 1 },
  features: { rewards: true, goods: true, recommend: true, qa: true, posters: true },
  player: { defaultLine: 'line1', defaultQuality: 'hd', defaultType: 'hls', delayMode: 'lowDelay' },
  loginPage: { background: '', logo: '', welcome: '' },
  watermark: { enabled: false, text: '{name} {userId}', opacity: 0.15, fontSize: 14 },
  subscribe: { enabled: true, channels: ['sms', 'email', 'wx'] },
  splash: { enabled: false, seconds: 5, skippable: true, adverts: [] },
  contract: { enabled: false, title: '', content: '', version: 1 },
  praiseImages: [],
  cloud: { docShare: true, whiteboard: true, cloudFiles: false },
  other: { showOnline: true, showPraise: true, share: true, languages: LOCALES_ENABLED_BY_DEFAULT, ownRecord: true },
  charge: { enabled: false, freeSeconds: 300, priceYuan: '0.00' },
  enterprise: { corpId: '', agentId: '' },
  openPlatform: { appId: '', privateMerchant: false, merchantName: '' },
  signup: { approval: true, fields: DEFAULT_SIGN_FIELDS },
  groups: { enabled: false, list: [] },
  cameras: { list: [], defaultId: 'main' },
  thirdParty: { appCode: '', appName: '' },
};

type Json = unknown;

const isPlainObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Takes every field of `defaults` from `stored` when it has the same kind (boolean,
 * number, string, array, object; objects recursively), else keeps the default. Fields
 * `stored` has that `defaults` lacks are dropped.
 */
export function overlay<T>(defaults: T, stored: Json): T {
  if (isPlainObject(defaults)) {
    if (!isPlainObject(stored)) return defaults;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(defaults)) out[key] = overlay(value, stored[key]);
    return out as T;
  }
  if (Array.isArray(defaults)) return (Array.isArray(stored) ? stored : defaults) as T;
  if (typeof defaults === 'number') return (typeof stored === 'number' && Number.isFinite(stored) ? stored : defaults) as T;
  return (typeof stored === typeof defaults ? stored : defaults) as T;
}

export function parseRoomSettings(json: string): RoomSettings {
  let stored: Json;
  try {
    stored = JSON.parse(json);
  } catch {
    stored = {};
  }
  return overlay(DEFAULT_ROOM_SETTINGS, stored);
}

/** Deep-partial settings, for the seed and for updates. */
export type RoomSettingsPatch = { readonly [K in keyof RoomSettings]?: Partial<RoomSettings[K]> };

/** Settings with a patch applied, as the JSON to store. */
export function settingsJson(patch: RoomSettingsPatch, base: RoomSettings = DEFAULT_ROOM_SETTINGS): string {
  const merged: Record<string, Json> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  return JSON.stringify(overlay(base, merged));
}
