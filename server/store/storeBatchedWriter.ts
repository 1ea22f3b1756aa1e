/**
 * Rows queued in memory and written together a few milliseconds later (or as soon as the
 * batch is full), through the asynchronous store: what lets a busy room's chat history
 * keep up with thousands of messages a second on either engine. Batches are written one
 * after another, in the order their rows were added. A caller that may answer only once its
 * row is durable waits with whenDurable(), which fails when the row's batch failed (the
 * store away); a reader that must see every row added so far waits with flush().
 *
 * The room log's writer (batchedWriter.ts) stays synchronous: it is the embedded node's own
 * file, and its readers merge the queued rows in the same tick.
 */
import type { BatchedWriterOptions } from './batchedWriter.js';

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

export class StoreBatchedWriter<Row> {
  private pending: Row[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The latest batch being written (or written): what whenDurable waits for with nothing queued. */
  private lastBatch: Promise<void> = Promise.resolve();
  /** Settles after every batch so far, whatever became of it: the next one starts there. */
  private tail: Promise<void> = Promise.resolve();
  private readonly flushDelayMs: number;
  private readonly maxBatch: number;

  constructor(
    /** Writes one batch, in one transaction. */
    private readonly write: (batch: readonly Row[]) => Promise<void>,
    options: BatchedWriterOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 5;
    this.maxBatch = options.maxBatch ?? 2000;
  }

  add(row: Row): void {
    if (this.closed) throw new Error('batched writer is closed');
    this.pending.push(row);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.flushDelayMs);
  }

  /** Resolves once every row added so far is written; fails when one of them could not be. */
  whenDurable(): Promise<void> {
    if (this.pending.length === 0) return this.lastBatch;
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Starts writing what is queued; resolves once every batch so far is settled (never fails). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length > 0) {
      const batch = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      const written = this.tail.then(() => this.write(batch));
      this.lastBatch = written;
      this.tail = written.then(
        () => waiters.forEach((w) => w.resolve()),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      );
    }
    return this.tail;
  }

  /** Writes what is queued and takes no more rows. */
  close(): Promise<void> {
    const flushed = this.flush();
    this.closed = true;
    return flushed;
  }
}
