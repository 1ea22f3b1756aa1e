import { describe, expect, it } from 'vitest';
import { createPlayerSettings, DEFAULT_PLAYER_SETTINGS, parsePlayerSettings, PLAYER_SETTINGS_KEY, setPlayerSetting, type SettingsStorage } from './playerSettings';
import { flvTuning, hlsTuning } from './engineConfig';
import { bufferAheadMs, dateLatencyMs, flvLatencyMs } from './latency';

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

describe('engine tuning', () => {
  it('no delay: FLV without stash and with latency chasing; HLS one segment from the edge', () => {
    expect(flvTuning('noDelay')).toMatchObject({ enableStashBuffer: false, liveBufferLatencyChasing: true });
    expect(hlsTuning('noDelay')).toMatchObject({ lowLatencyMode: true, liveSyncDurationCount: 1 });
    expect(flvTuning('fluent').enableStashBuffer).toBe(true);
    expect(hlsTuning('fluent').liveSyncDurationCount).toBeGreaterThan(hlsTuning('lowDelay').liveSyncDurationCount);
  });
});

describe('latency', () => {
  it('measures against the stream clock', () => {
    expect(flvLatencyMs(10_000, 5_000, 4)).toBe(1000);
    expect(dateLatencyMs(10_000, 8_500)).toBe(1500);
    expect(dateLatencyMs(10_000, 12_000)).toBe(0);
    const ranges = { length: 2, start: (i: number) => [0, 10][i]!, end: (i: number) => [5, 12][i]! };
    expect(bufferAheadMs(ranges, 4)).toBe(1000);
    expect(bufferAheadMs(ranges, 11)).toBe(1000);
    expect(bufferAheadMs(ranges, 7)).toBe(0);
  });
});
