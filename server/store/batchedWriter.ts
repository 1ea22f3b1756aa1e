/**
 * Rows queued in memory and written in one transaction a few milliseconds later (or as soon
 * as the batch is full). This is what lets one process persist thousands of chat messages a
 * second: one transaction per batch instead of one fsync'd statement per row. Callers that
 * may only answer once a row is durable wait with whenDurable().
 */
import type { Db } from './db.js';

export interface BatchedWriterOptions {
  readonly flushDelayMs?: number;
  readonly maxBatch?: number;
}

export class BatchedWriter<Row> {
  private pending: Row[] = [];
  private waiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly flushDelayMs: number;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Db,
    /** Writes one row; runs inside the batch's transaction. */
    private readonly write: (row: Row) => void,
    options: BatchedWriterOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 5;
    this.maxBatch = options.maxBatch ?? 2000;
  }

  /** Rows queued and not yet written, oldest first (readers merge them with the table). */
  get queued(): readonly Row[] {
    return this.pending;
  }

  add(row: Row): void {
    if (this.closed) throw new Error('batched writer is closed');
    this.pending.push(row);
    if (this.pending.length >= this.maxBatch) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.flushDelayMs);
  }

  /** Resolves once every row added so far is written. */
  whenDurable(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    this.db.transaction(() => {
      for (const row of batch) this.write(row);
    })();
    for (const w of waiters) w();
  }

  close(): void {
    this.flush();
    this.closed = true;
  }
}
