/**
 * The viewer's player settings, kept per browser (localStorage): definition (quality),
 * delay mode, player choice (HLS or FLV) and the debug overlay. A setting the viewer never
 * chose is null: the room's default applies. Storage that is missing or refuses writes
 * (privacy modes) only means the choice is not remembered.
 */
import { proxy, subscribe } from 'valtio';
import { DELAY_MODES, QUALITY_LEVELS, type DelayMode, type QualityLevel } from '../../domain/constants';
import type { StreamType } from './sources';

export interface PlayerSettings {
  quality: QualityLevel | null;
  delay: DelayMode | null;
  type: StreamType | null;
  /** The latency / buffer overlay. */
  debug: boolean;
}

export const PLAYER_SETTINGS_KEY = 'webcast.player.settings';

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

function browserStorage(): SettingsStorage | null {
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

export const playerSettings: PlayerSettings = createPlayerSettings(browserStorage());

/** Changes one setting of the browser's store (remembered at once). */
export function setPlayerSetting<K extends keyof PlayerSettings>(key: K, value: PlayerSettings[K], store: PlayerSettings = playerSettings): void {
  store[key] = value;
}
