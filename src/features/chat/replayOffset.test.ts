import { describe, expect, it } from 'vitest';
import { OFFSETS_KEPT, readReplayOffset, writeReplayOffset, type OffsetStorage } from './replayOffset';

function memoryStorage(): OffsetStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('replay offset memory', () => {
  it('keeps an offset per recording, forgets a zero, and reads nonsense as none', () => {
    const storage = memoryStorage();
    expect(readReplayOffset(storage, '/a.m3u8')).toBe(0);
    writeReplayOffset(storage, '/a.m3u8', 7, 1);
    writeReplayOffset(storage, '/b.m3u8', -3, 2);
    expect(readReplayOffset(storage, '/a.m3u8')).toBe(7);
    expect(readReplayOffset(storage, '/b.m3u8')).toBe(-3);
    writeReplayOffset(storage, '/a.m3u8', 0, 3);
    expect(readReplayOffset(storage, '/a.m3u8')).toBe(0);
    storage.setItem('webcast.replay.offset./c.m3u8', '{not json');
    expect(readReplayOffset(storage, '/c.m3u8')).toBe(0);
    storage.setItem('webcast.replay.offset./d.m3u8', '99999');
    expect(readReplayOffset(storage, '/d.m3u8')).toBe(600);
    expect(readReplayOffset(null, '/a.m3u8')).toBe(0);
  });

  it('remembers the latest recordings only', () => {
    const storage = memoryStorage();
    for (let i = 0; i < OFFSETS_KEPT + 5; i++) writeReplayOffset(storage, `/r${i}.m3u8`, 1, i);
    expect(readReplayOffset(storage, '/r0.m3u8')).toBe(0);
    expect(readReplayOffset(storage, `/r${OFFSETS_KEPT + 4}.m3u8`)).toBe(1);
    expect([...storage.map.keys()].filter((k) => !k.endsWith('.at'))).toHaveLength(OFFSETS_KEPT);
  });
});
