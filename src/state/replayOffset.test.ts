import { describe, expect, it } from 'vitest';
import { OFFSETS_KEPT, readReplayOffset, writeReplayOffset, type OffsetStorage } from './replayOffset';

function memoryStorage(): OffsetStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value) };
}

describe('replay offset memory', () => {
  it('keeps an offset per recording, forgets a zero, and reads nonsense as none', () => {
    const storage = memoryStorage();
    expect(readReplayOffset(storage, '/a.m3u8')).toBe(0);
    writeReplayOffset(storage, '/a.m3u8', 7);
    writeReplayOffset(storage, '/b.m3u8', -3);
    expect(readReplayOffset(storage, '/a.m3u8')).toBe(7);
    expect(readReplayOffset(storage, '/b.m3u8')).toBe(-3);
    writeReplayOffset(storage, '/a.m3u8', 0);
    expect(readReplayOffset(storage, '/a.m3u8')).toBe(0);
    storage.setItem('webcast.replay.offsets', JSON.stringify({ '/c.m3u8': '5', '/d.m3u8': 99_999 }));
    expect(readReplayOffset(storage, '/c.m3u8')).toBe(0);
    expect(readReplayOffset(storage, '/d.m3u8')).toBe(600);
    storage.setItem('webcast.replay.offsets', '{not json');
    expect(readReplayOffset(storage, '/d.m3u8')).toBe(0);
    expect(readReplayOffset(null, '/a.m3u8')).toBe(0);
  });

  it('remembers the latest recordings only, a setting made again counting as the latest', () => {
    const storage = memoryStorage();
    for (let i = 0; i < OFFSETS_KEPT + 5; i++) writeReplayOffset(storage, `/r${i}.m3u8`, 1);
    writeReplayOffset(storage, '/r5.m3u8', 2);
    writeReplayOffset(storage, '/new.m3u8', 3);
    expect(readReplayOffset(storage, '/r0.m3u8')).toBe(0);
    expect(readReplayOffset(storage, '/r5.m3u8')).toBe(2);
    expect(readReplayOffset(storage, `/r${OFFSETS_KEPT + 4}.m3u8`)).toBe(1);
    expect(Object.keys(JSON.parse(storage.map.get('webcast.replay.offsets') ?? '{}'))).toHaveLength(OFFSETS_KEPT);
  });
});
