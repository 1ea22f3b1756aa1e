import { describe, expect, it } from 'vitest';
import { createPlayerSettings, DEFAULT_PLAYER_SETTINGS, EMPTY_PLAYER_OFFER, parsePlayerSettings, PLAYER_SETTINGS_KEY, publishPlayerOffer, setPlayerSetting, type PlayerOffer, type SettingsStorage } from './playerSettings';

function memoryStorage(initial: Record<string, string> = {}): SettingsStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('player settings', () => {
  it('parses stored settings field by field', () => {
    expect(parsePlayerSettings(null)).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(parsePlayerSettings('{bad')).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(parsePlayerSettings(JSON.stringify({ quality: 'sd', delay: 'noDelay', type: 'flv', debug: true }))).toEqual({ quality: 'sd', delay: 'noDelay', type: 'flv', debug: true });
    expect(parsePlayerSettings(JSON.stringify({ quality: '4k', delay: 'x', type: 'rtmp', debug: 'yes' }))).toEqual(DEFAULT_PLAYER_SETTINGS);
  });

  it('remembers changes in the storage and reads them back', async () => {
    const storage = memoryStorage();
    const store = createPlayerSettings(storage);
    setPlayerSetting('quality', 'sd', store);
    setPlayerSetting('type', 'flv', store);
    await flush();
    expect(JSON.parse(storage.data[PLAYER_SETTINGS_KEY] ?? '{}')).toEqual({ quality: 'sd', delay: null, type: 'flv', debug: false });
    expect({ ...createPlayerSettings(storage) }).toEqual({ quality: 'sd', delay: null, type: 'flv', debug: false });
  });

  it('works without storage or with a refusing one', async () => {
    const store = createPlayerSettings({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    setPlayerSetting('delay', 'fluent', store);
    await flush();
    expect(store.delay).toBe('fluent');
    expect(createPlayerSettings(null).quality).toBeNull();
  });
});


describe('player offer', () => {
  it('publishes what plays, and writes nothing when nothing changed', async () => {
    const { proxy, subscribe } = await import('valtio');
    const store = proxy<PlayerOffer>({ ...EMPTY_PLAYER_OFFER, qualities: [], types: [] });
    let writes = 0;
    subscribe(store, () => void writes++);
    const live: PlayerOffer = { mode: 'live', qualities: ['original', 'hd', 'sd'], types: ['hls', 'flv'], quality: 'hd', type: 'hls' };
    publishPlayerOffer(live, store);
    await flush();
    expect({ ...store, qualities: [...store.qualities], types: [...store.types] }).toEqual(live);
    expect(writes).toBe(1);
    publishPlayerOffer({ ...live, qualities: ['original', 'hd', 'sd'], types: ['hls', 'flv'] }, store);
    await flush();
    expect(writes).toBe(1);
    publishPlayerOffer(EMPTY_PLAYER_OFFER, store);
    await flush();
    expect(store.mode).toBe('none');
    expect(store.qualities).toEqual([]);
  });
});
