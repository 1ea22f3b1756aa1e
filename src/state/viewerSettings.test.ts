import { describe, expect, it } from 'vitest';
import type { SettingsStorage } from './playerSettings';
import { createViewerSettings, DEFAULT_VIEWER_SETTINGS, parseViewerSettings, setViewerSetting, VIEWER_SETTINGS_KEY } from './viewerSettings';

function memoryStorage(initial: Record<string, string> = {}): SettingsStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('viewer settings', () => {
  it('effects are on unless the viewer turned them off', () => {
    expect(DEFAULT_VIEWER_SETTINGS.effects).toBe(true);
    expect(parseViewerSettings(null)).toEqual({ effects: true });
    expect(parseViewerSettings('not json')).toEqual({ effects: true });
    expect(parseViewerSettings('{"effects":"no"}')).toEqual({ effects: true });
    expect(parseViewerSettings('[false]')).toEqual({ effects: true });
    expect(parseViewerSettings('{"effects":false}')).toEqual({ effects: false });
  });

  it('remembers a change and reads it back', async () => {
    const storage = memoryStorage();
    const store = createViewerSettings(storage);
    setViewerSetting('effects', false, store);
    await flush();
    expect(JSON.parse(storage.data[VIEWER_SETTINGS_KEY] ?? '{}')).toEqual({ effects: false });
    expect(createViewerSettings(storage).effects).toBe(false);
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
