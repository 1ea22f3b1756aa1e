import { describe, expect, it } from 'vitest';
import type { SettingsStorage } from './playerSettings';
import { createViewerSettings, DEFAULT_VIEWER_SETTINGS, parseViewerSettings, setViewerSetting, VIEWER_SETTINGS_KEY } from './viewerSettings';

function memoryStorage(initial: Record<string, string> = {}): SettingsStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('viewer settings', () => {
  it('effects, one video per room and captions are on unless the viewer turned them off, each on its own', () => {
    const on = { effects: true, oneVideo: true, captions: true, announce: 'important', announceInteractions: true, announceSkips: true, captionLang: null, chatSpeed: 0, fullscreenChat: 'few' };
    expect(DEFAULT_VIEWER_SETTINGS).toEqual(on);
    expect(parseViewerSettings(null)).toEqual(on);
    expect(parseViewerSettings('not json')).toEqual(on);
    expect(parseViewerSettings('{"effects":"no","oneVideo":0,"captions":"off"}')).toEqual(on);
    expect(parseViewerSettings('[false]')).toEqual(on);
    expect(parseViewerSettings('{"effects":false}')).toEqual({ ...on, effects: false });
    expect(parseViewerSettings('{"oneVideo":false}')).toEqual({ ...on, oneVideo: false });
    expect(parseViewerSettings('{"captions":false}')).toEqual({ ...on, captions: false });
    expect(parseViewerSettings('{"announce":"all"}')).toEqual({ ...on, announce: 'all' });
    expect(parseViewerSettings('{"captionLang":"en_us"}')).toEqual({ ...on, captionLang: 'en_us' });
    expect(parseViewerSettings('{"captionLang":"<script>"}')).toEqual(on);
    expect(parseViewerSettings('{"announce":"shout"}')).toEqual(on);
    expect(parseViewerSettings('{"chatSpeed":5}')).toEqual({ ...on, chatSpeed: 5 });
    expect(parseViewerSettings('{"chatSpeed":7}')).toEqual(on);
    expect(parseViewerSettings('{"fullscreenChat":"many"}')).toEqual({ ...on, fullscreenChat: 'many' });
    expect(parseViewerSettings('{"fullscreenChat":"all"}')).toEqual(on);
  });

  it('remembers a change and reads it back', async () => {
    const storage = memoryStorage();
    const store = createViewerSettings(storage);
    setViewerSetting('effects', false, store);
    await flush();
    expect(JSON.parse(storage.data[VIEWER_SETTINGS_KEY] ?? '{}')).toEqual({ effects: false, oneVideo: true, captions: true, announce: 'important', announceInteractions: true, announceSkips: true, captionLang: null, chatSpeed: 0, fullscreenChat: 'few' });
    expect(createViewerSettings(storage).effects).toBe(false);
    setViewerSetting('oneVideo', false, store);
    await flush();
    expect(createViewerSettings(storage)).toEqual({ effects: false, oneVideo: false, captions: true, announce: 'important', announceInteractions: true, announceSkips: true, captionLang: null, chatSpeed: 0, fullscreenChat: 'few' });
    setViewerSetting('captions', false, store);
    await flush();
    expect(createViewerSettings(storage).captions).toBe(false);
  });

  it("takes another tab's change from the storage event, and does not write it back", async () => {
    const storage = memoryStorage();
    let listener: ((event: { key: string | null; newValue: string | null }) => void) | null = null;
    const store = createViewerSettings(storage, { addEventListener: (_type, fn) => void (listener = fn) });
    let writes = 0;
    const setItem = storage.setItem;
    storage.setItem = (k, v) => {
      writes++;
      setItem(k, v);
    };
    const other = JSON.stringify({ ...DEFAULT_VIEWER_SETTINGS, chatSpeed: 2 });
    storage.data[VIEWER_SETTINGS_KEY] = other;
    listener!({ key: VIEWER_SETTINGS_KEY, newValue: other });
    listener!({ key: 'something.else', newValue: '{"chatSpeed":10}' });
    await flush();
    expect(store.chatSpeed).toBe(2);
    expect(writes).toBe(0);
  });

  it('a refusing storage only means the choice is not remembered', async () => {
    const refusing: SettingsStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const store = createViewerSettings(refusing);
    expect(store.effects).toBe(true);
    setViewerSetting('effects', false, store);
    await flush();
    expect(store.effects).toBe(false);
  });
});
