import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { RingBuffer, keepLatest } from './chatList';
import { CHAT_ENTRIES_KEPT } from './constants';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('keepLatest', () => {
  it('keeps the latest 200 by default', () => {
    expect(CHAT_ENTRIES_KEPT).toBe(200);
    expect(keepLatest(range(0, 200))).toEqual(range(0, 200));
    expect(keepLatest(range(0, 201))).toEqual(range(1, 201));
    expect(keepLatest(range(0, 1000))).toEqual(range(800, 1000));
  });

  it('honours an explicit maximum, including 0', () => {
    expect(keepLatest([1, 2, 3], 2)).toEqual([2, 3]);
    expect(keepLatest([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(keepLatest([1, 2, 3], 0)).toEqual([]);
    expect(keepLatest([], 3)).toEqual([]);
  });

  it('returns a new array and leaves the input alone', () => {
    const list = [1, 2];
    const kept = keepLatest(list);
    expect(kept).not.toBe(list);
    kept.push(3);
    expect(list).toEqual([1, 2]);
  });

  it('rejects a maximum that is not a non-negative integer', () => {
    expect(() => keepLatest([1], -1)).toThrow(RangeError);
    expect(() => keepLatest([1], 1.5)).toThrow(RangeError);
    expect(() => keepLatest([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('RingBuffer', () => {
  it('defaults to a capacity of 200', () => {
    const buffer = new RingBuffer<number>();
    expect(buffer.capacity).toBe(200);
    buffer.pushMany(range(0, 250));
    expect(buffer.size).toBe(200);
    expect(buffer.toArray()).toEqual(range(50, 250));
  });

  it('lists entries oldest to newest and drops the oldest when full', () => {
    const buffer = new RingBuffer<string>(3);
    expect(buffer.toArray()).toEqual([]);
    expect(buffer.push('a')).toBeUndefined();
    buffer.push('b');
    buffer.push('c');
    expect(buffer.toArray()).toEqual(['a', 'b', 'c']);
    expect(buffer.push('d')).toBe('a');
    expect(buffer.push('e')).toBe('b');
    expect(buffer.toArray()).toEqual(['c', 'd', 'e']);
    expect([...buffer]).toEqual(['c', 'd', 'e']);
    expect(buffer.size).toBe(3);
  });

  it('gives entries by position', () => {
    const buffer = new RingBuffer<string>(2);
    buffer.pushMany(['a', 'b', 'c']);
    expect(buffer.at(0)).toBe('b');
    expect(buffer.at(1)).toBe('c');
    expect(buffer.at(2)).toBeUndefined();
    expect(buffer.at(-1)).toBeUndefined();
  });

  it('finds the oldest match', () => {
    const buffer = new RingBuffer<{ id: number; uid: string }>(5);
    buffer.pushMany([
      { id: 1, uid: 'u' },
      { id: 2, uid: 'v' },
      { id: 3, uid: 'u' },
    ]);
    expect(buffer.find((m) => m.uid === 'u')).toEqual({ id: 1, uid: 'u' });
    expect(buffer.find((m) => m.id === 9)).toBeUndefined();
  });

  it('removes matches (a withdrawn message) and keeps the rest in order', () => {
    const buffer = new RingBuffer<number>(4);
    buffer.pushMany([1, 2, 3, 4, 5, 6]); // wrapped: 3 4 5 6
    expect(buffer.remove((n) => n === 4)).toBe(1);
    expect(buffer.toArray()).toEqual([3, 5, 6]);
    expect(buffer.remove((n) => n === 42)).toBe(0);
    expect(buffer.remove((n) => n % 2 === 1)).toBe(2);
    expect(buffer.toArray()).toEqual([6]);
    buffer.pushMany([7, 8, 9, 10]);
    expect(buffer.toArray()).toEqual([7, 8, 9, 10]);
  });

  it('updates matches in place', () => {
    const buffer = new RingBuffer<{ id: number; top: boolean }>(2);
    buffer.pushMany([1, 2, 3].map((id) => ({ id, top: false })));
    expect(buffer.update((m) => m.id === 3, (m) => ({ ...m, top: true }))).toBe(1);
    expect(buffer.toArray()).toEqual([
      { id: 2, top: false },
      { id: 3, top: true },
    ]);
  });

  it('clears', () => {
    const buffer = new RingBuffer<number>(2);
    buffer.pushMany([1, 2, 3]);
    buffer.clear();
    expect(buffer.size).toBe(0);
    expect(buffer.toArray()).toEqual([]);
    buffer.push(4);
    expect(buffer.toArray()).toEqual([4]);
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(-1)).toThrow(RangeError);
    expect(() => new RingBuffer(2.5)).toThrow(RangeError);
  });

  it('behaves like keepLatest over any sequence of pushes and removals', () => {
    const op = fc.oneof(
      fc.record({ push: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 15 }) }),
      fc.record({ remove: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(op, { maxLength: 30 }), (capacity, ops) => {
        const buffer = new RingBuffer<number>(capacity);
        let model: number[] = [];
        for (const o of ops) {
          if ('push' in o) {
            buffer.pushMany(o.push);
            model = keepLatest([...model, ...o.push], capacity);
          } else {
            const before = model.length;
            model = model.filter((n) => n !== o.remove);
            expect(buffer.remove((n) => n === o.remove)).toBe(before - model.length);
          }
          expect(buffer.toArray()).toEqual(model);
          expect(buffer.size).toBe(model.length);
        }
      }),
    );
  });

  it('pushes in constant time', () => {
    const buffer = new RingBuffer<number>(200);
    const started = Date.now();
    for (let i = 0; i < 1_000_000; i++) buffer.push(i);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(buffer.at(199)).toBe(999_999);
  });
});
