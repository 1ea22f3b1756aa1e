import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { RANDOM_ID_ALPHABET, randomId32 } from './randomId';

const secure = (b: Uint8Array): void => {
  webcrypto.getRandomValues(b);
};

/** A source that hands out the given bytes in order, then repeats the last one. */
const scripted = (values: readonly number[]) => {
  let i = 0;
  const requested: number[] = [];
  const source = (b: Uint8Array): void => {
    requested.push(b.length);
    for (let j = 0; j < b.length; j += 1) {
      b[j] = values[Math.min(i, values.length - 1)] ?? 0;
      i += 1;
    }
  };
  return { source, requested };
};

describe('randomId32', () => {
  it('gives 32 characters from [0-9a-zA-Z]', () => {
    for (let n = 0; n < 200; n += 1) expect(randomId32(secure)).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('gives different ids from a real random source', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId32(secure)));
    expect(ids.size).toBe(1000);
  });

  it('maps bytes below 248 by modulo 62', () => {
    const { source } = scripted([0, 61, 62, 247]);
    const id = randomId32(source);
    expect(id.slice(0, 4)).toBe('0Z0Z');
    expect(id).toHaveLength(32);
  });

  it('rejects bytes 248..255 instead of folding them (no modulo bias)', () => {
    // 248..255 would map to 0..7 by modulo and favour those characters; they must be skipped.
    const { source } = scripted([248, 249, 250, 251, 252, 253, 254, 255, 10]);
    expect(randomId32(source)).toBe('a'.repeat(32));
  });

  it('asks again when a batch is used up by rejections', () => {
    const rejected = Array.from({ length: 40 }, () => 255);
    const { source, requested } = scripted([...rejected, 1]);
    expect(randomId32(source)).toBe('1'.repeat(32));
    expect(requested.length).toBeGreaterThan(1);
  });

  it('throws rather than loop forever on a broken source', () => {
    expect(() => randomId32((b) => b.fill(255))).toThrow(/random source/);
  });

  it('uses every character of the alphabet about equally', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 2000; n += 1) for (const c of randomId32(secure)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(RANDOM_ID_ALPHABET.length);
    // 64000 draws over 62 characters: about 1032 each; a biased mapping would push the
    // favoured ones far above. A wide band keeps the test from flaking.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1250);
    }
  });
});
