/** SPEC 5: "The chat list keeps the latest 200 entries." */
import { CHAT_ENTRIES_KEPT } from './constants';

function assertCapacity(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${n}`);
  }
}

/**
 * The last `max` entries of `list` (oldest first), as a new array; the whole list copied
 * when it is not longer than `max`. For lists rebuilt in one go (history pages, snapshots).
 */
export function keepLatest<T>(list: readonly T[], max: number = CHAT_ENTRIES_KEPT): T[] {
  assertCapacity(max, 'keepLatest: max');
  return max === 0 ? [] : list.slice(-max);
}

/**
 * A fixed-capacity buffer of the latest entries: once full, each push drops the oldest.
 * push is O(1) (no shifting, no copying), which matters for the realtime worker that feeds
 * every incoming chat message through the 200-entry buffer. Slots of dropped or removed
 * entries are cleared, so a message leaves memory as soon as it leaves the buffer.
 */
export class RingBuffer<T> {
  /** Most entries held; fixed at construction. */
  readonly capacity: number;
  readonly #slots: Array<T | undefined>;
  /** Index of the oldest entry. */
  #head = 0;
  #size = 0;

  constructor(capacity: number = CHAT_ENTRIES_KEPT) {
    assertCapacity(capacity, 'RingBuffer: capacity');
    if (capacity === 0) throw new RangeError('RingBuffer: capacity must be at least 1');
    this.capacity = capacity;
    this.#slots = new Array<T | undefined>(capacity).fill(undefined);
  }

  get size(): number {
    return this.#size;
  }

  /** Adds an entry as the newest. Returns the entry it pushed out, if the buffer was full. */
  push(item: T): T | undefined {
    if (this.#size < this.capacity) {
      this.#slots[(this.#head + this.#size) % this.capacity] = item;
      this.#size++;
      return undefined;
    }
    const dropped = this.#slots[this.#head];
    this.#slots[this.#head] = item;
    this.#head = (this.#head + 1) % this.capacity;
    return dropped;
  }

  /** Pushes entries in order (oldest first). Only the last `capacity` of them can stay. */
  pushMany(items: Iterable<T>): void {
    for (const item of items) this.push(item);
  }

  /** The entry at position `index`, 0 being the oldest; undefined out of range. */
  at(index: number): T | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#size) return undefined;
    return this.#slots[(this.#head + index) % this.capacity];
  }

  /** Entries from oldest to newest, as a new array. */
  toArray(): T[] {
    const out = new Array<T>(this.#size);
    for (let i = 0; i < this.#size; i++) out[i] = this.#slots[(this.#head + i) % this.capacity] as T;
    return out;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = 0; i < this.#size; i++) yield this.#slots[(this.#head + i) % this.capacity] as T;
  }

  /** The first entry (oldest first) matching `predicate`. */
  find(predicate: (item: T) => boolean): T | undefined {
    for (const item of this) if (predicate(item)) return item;
    return undefined;
  }

  /**
   * Removes every entry matching `predicate` (a withdrawn message, a removed user's
   * messages), keeping the others in order. O(size). Returns how many were removed.
   */
  remove(predicate: (item: T) => boolean): number {
    const kept = this.toArray().filter((item) => !predicate(item));
    const removed = this.#size - kept.length;
    if (removed > 0) {
      this.clear();
      for (const item of kept) this.push(item);
    }
    return removed;
  }

  /** Replaces each entry matching `predicate` with `update(entry)` in place (e.g. pinning). Returns the count. */
  update(predicate: (item: T) => boolean, update: (item: T) => T): number {
    let changed = 0;
    for (let i = 0; i < this.#size; i++) {
      const slot = (this.#head + i) % this.capacity;
      const item = this.#slots[slot] as T;
      if (predicate(item)) {
        this.#slots[slot] = update(item);
        changed++;
      }
    }
    return changed;
  }

  clear(): void {
    this.#slots.fill(undefined);
    this.#head = 0;
    this.#size = 0;
  }
}
