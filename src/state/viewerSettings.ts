/**
 * The viewer's own settings that are not the player's, kept per browser (localStorage):
 * `effects`, whether gift and praise animations play (SPEC 2 "Settings: effects"), and
 * `oneVideo`, whether a tab in the background leaves the video to the tab of the same room
 * in view (src/domain/playbackYield.ts), and `captions`, whether the room's live captions
 * show over the video (the player's control bar and its `c` key switch them), in which
 * language where the room captions in several. All on by default; the features read them, the settings panel and the player change them.
 * `chatSpeed`: at most how many chat messages a second this viewer is shown (realtime/chatSpeed.ts).
 * `fullscreenChat`: the chat laid over the player in full screen: off, a few rows or more.
 * A change in one tab reaches the viewer's other tabs (the storage event).
 */
import { proxy, snapshot, subscribe } from 'valtio';
import { DEFAULT_ANNOUNCE_MODE, readAnnounceMode, type AnnounceMode } from '../domain/chatAnnouncer';
import { DEFAULT_CHAT_SPEED, readChatSpeed, type ChatSpeed } from '../realtime/chatSpeed';
import { browserSettingsStorage, type SettingsStorage } from './playerSettings';

export interface ViewerSettings {
  /** Gift and praise animations. */
  effects: boolean;
  /** One video per room: a tab in the background stops its video while another tab of the room plays. */
  oneVideo: boolean;
  /** Live captions over the video. */
  captions: boolean;
  /** What a screen reader is told of new chat messages (domain/chatAnnouncer). */
  announce: AnnounceMode;
  /** Whether it is told when an interaction starts, and of messages skipped in a flood. */
  announceInteractions: boolean;
  announceSkips: boolean;
  /** The caption language chosen where the room captions in several; null: the room's newest. */
  captionLang: string | null;
  /** At most this many chat messages a second (0: every message). */
  chatSpeed: ChatSpeed;
  /** The chat over the player in full screen and immersive mode. */
  fullscreenChat: FullscreenChat;
}

export const FULLSCREEN_CHAT = ['off', 'few', 'many'] as const;
export type FullscreenChat = (typeof FULLSCREEN_CHAT)[number];
const readFullscreenChat = (value: unknown): FullscreenChat => ((FULLSCREEN_CHAT as readonly unknown[]).includes(value) ? (value as FullscreenChat) : 'few');

/** A language tag as the room's captions carry it (`zh_cn`, `en`, `en-US`). */
const CAPTION_LANG = /^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?$/;

export const VIEWER_SETTINGS_KEY = 'webcast.viewer.settings';

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = { effects: true, oneVideo: true, captions: true, announce: DEFAULT_ANNOUNCE_MODE, announceInteractions: true, announceSkips: true, captionLang: null, chatSpeed: DEFAULT_CHAT_SPEED, fullscreenChat: 'few' };

/** Stored text to settings: anything unknown falls back to the default, field by field. */
export function parseViewerSettings(stored: string | null): ViewerSettings {
  let value: unknown;
  try {
    value = stored === null ? null : JSON.parse(stored);
  } catch {
    value = null;
  }
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    effects: typeof v.effects === 'boolean' ? v.effects : DEFAULT_VIEWER_SETTINGS.effects,
    oneVideo: typeof v.oneVideo === 'boolean' ? v.oneVideo : DEFAULT_VIEWER_SETTINGS.oneVideo,
    captions: typeof v.captions === 'boolean' ? v.captions : DEFAULT_VIEWER_SETTINGS.captions,
    announce: readAnnounceMode(v.announce),
    announceInteractions: typeof v.announceInteractions === 'boolean' ? v.announceInteractions : DEFAULT_VIEWER_SETTINGS.announceInteractions,
    announceSkips: typeof v.announceSkips === 'boolean' ? v.announceSkips : DEFAULT_VIEWER_SETTINGS.announceSkips,
    captionLang: typeof v.captionLang === 'string' && CAPTION_LANG.test(v.captionLang) ? v.captionLang : null,
    chatSpeed: readChatSpeed(v.chatSpeed),
    fullscreenChat: readFullscreenChat(v.fullscreenChat),
  };
}

function read(storage: SettingsStorage | null): ViewerSettings {
  try {
    return parseViewerSettings(storage?.getItem(VIEWER_SETTINGS_KEY) ?? null);
  } catch {
    return { ...DEFAULT_VIEWER_SETTINGS };
  }
}

/** What another tab wrote: the storage event of the viewer's settings (`key` and `newValue`). */
export interface SettingsEvents {
  addEventListener(type: 'storage', listener: (event: { readonly key: string | null; readonly newValue: string | null }) => void): void;
}

/**
 * A settings store that writes itself to `storage` at every change, and takes what another
 * tab writes there (`events`), so a choice made in one tab holds in all of them.
 */
export function createViewerSettings(storage: SettingsStorage | null, events: SettingsEvents | null = null): ViewerSettings {
  const store = proxy<ViewerSettings>(read(storage));
  subscribe(store, () => {
    const text = JSON.stringify(snapshot(store));
    try {
      // Unchanged (another tab's change just applied here): nothing to write back.
      if (storage?.getItem(VIEWER_SETTINGS_KEY) !== text) storage?.setItem(VIEWER_SETTINGS_KEY, text);
    } catch {
      // not remembered; the choice still applies in this tab
    }
  });
  events?.addEventListener('storage', (event) => {
    if (event.key !== VIEWER_SETTINGS_KEY) return;
    const next = parseViewerSettings(event.newValue);
    for (const key of Object.keys(next) as (keyof ViewerSettings)[]) if (store[key] !== next[key]) (store as unknown as Record<string, unknown>)[key] = next[key];
  });
  return store;
}

export const viewerSettings: ViewerSettings = createViewerSettings(browserSettingsStorage(), typeof window === 'undefined' ? null : window);

export function setViewerSetting<K extends keyof ViewerSettings>(key: K, value: ViewerSettings[K], store: ViewerSettings = viewerSettings): void {
  store[key] = value;
}
