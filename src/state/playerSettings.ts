/**
 * The viewer's player settings, kept per browser (localStorage): definition (quality),
 * delay mode, player choice (HLS or FLV) and the debug overlay. A setting the viewer never
 * chose is null: the room's default applies. Storage that is missing or refuses writes
 * (privacy modes) only means the choice is not remembered.
 *
 * Shared state: the player reads and changes it from its own controls, the settings panel
 * from its form; both see the other's change at once (one valtio store).
 *
 * Beside it, `playerOffer`: what the player is playing now and what the room offers there
 * (qualities of the line, player types). The player publishes it; the settings panel reads
 * it, so the panel offers the same choices without reaching into the player feature.
 */
import { proxy, subscribe } from 'valtio';
import { DELAY_MODES, QUALITY_LEVELS, type DelayMode, type QualityLevel, type StreamType } from '../domain/constants';

export interface PlayerSettings {
  quality: QualityLevel | null;
  delay: DelayMode | null;
  type: StreamType | null;
  /** The latency / buffer overlay. */
  debug: boolean;
}

export const PLAYER_SETTINGS_KEY = 'webcast.player.settings';

/** The delay mode while the viewer has chosen none. */
export const DEFAULT_DELAY_MODE: DelayMode = 'lowDelay';

export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = { quality: null, delay: null, type: null, debug: false };

/** Stored text to settings: anything unknown falls back to the default, field by field. */
export function parsePlayerSettings(stored: string | null): PlayerSettings {
  if (stored === null) return { ...DEFAULT_PLAYER_SETTINGS };
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return { ...DEFAULT_PLAYER_SETTINGS };
  }
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_PLAYER_SETTINGS };
  const v = value as Record<string, unknown>;
  return {
    quality: typeof v.quality === 'string' && (QUALITY_LEVELS as readonly string[]).includes(v.quality) ? (v.quality as QualityLevel) : null,
    delay: typeof v.delay === 'string' && (DELAY_MODES as readonly string[]).includes(v.delay) ? (v.delay as DelayMode) : null,
    type: v.type === 'hls' || v.type === 'flv' ? v.type : null,
    debug: v.debug === true,
  };
}

/** The browser's localStorage, or null where it cannot be reached (privacy modes, node). */
export function browserSettingsStorage(): SettingsStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(storage: SettingsStorage | null): PlayerSettings {
  try {
    return parsePlayerSettings(storage?.getItem(PLAYER_SETTINGS_KEY) ?? null);
  } catch {
    return { ...DEFAULT_PLAYER_SETTINGS };
  }
}

/** A settings store that writes itself to `storage` at every change. */
export function createPlayerSettings(storage: SettingsStorage | null): PlayerSettings {
  const store = proxy<PlayerSettings>(read(storage));
  subscribe(store, () => {
    try {
      storage?.setItem(PLAYER_SETTINGS_KEY, JSON.stringify({ quality: store.quality, delay: store.delay, type: store.type, debug: store.debug }));
    } catch {
      // not remembered; the choice still applies in this tab
    }
  });
  return store;
}

export const playerSettings: PlayerSettings = createPlayerSettings(browserSettingsStorage());

/** Changes one setting of the browser's store (remembered at once). */
export function setPlayerSetting<K extends keyof PlayerSettings>(key: K, value: PlayerSettings[K], store: PlayerSettings = playerSettings): void {
  store[key] = value;
}

/** What the player plays now and what the room offers there (not remembered). */
export interface PlayerOffer {
  /** 'none' before anything plays (not started, loading, failed). */
  mode: 'live' | 'replay' | 'none';
  /** Qualities of the playing live line, best first; empty when the room offers no choice. */
  qualities: QualityLevel[];
  /** Player types the playing line has addresses for. */
  types: StreamType[];
  /** The quality and type playing now (the room's default until the viewer chooses). */
  quality: QualityLevel | null;
  type: StreamType | null;
}

export const EMPTY_PLAYER_OFFER: PlayerOffer = { mode: 'none', qualities: [], types: [], quality: null, type: null };

export const playerOffer: PlayerOffer = proxy<PlayerOffer>({ ...EMPTY_PLAYER_OFFER, qualities: [], types: [] });

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The player publishes what it plays; an unchanged offer writes nothing (no re-render). */
export function publishPlayerOffer(offer: PlayerOffer, store: PlayerOffer = playerOffer): void {
  if (store.mode !== offer.mode) store.mode = offer.mode;
  if (!sameList(store.qualities, offer.qualities)) store.qualities = [...offer.qualities];
  if (!sameList(store.types, offer.types)) store.types = [...offer.types];
  if (store.quality !== offer.quality) store.quality = offer.quality;
  if (store.type !== offer.type) store.type = offer.type;
}
