/**
 * The per-room message log: offsets grow by exactly 1 per room message (PROTOCOL 2.4) and
 * every message is persisted, so a join or a history sync can replay after any offset.
 *
 * Writes are batched: append() assigns the offset at once and queues the row; the queue is
 * written in one transaction a few milliseconds later (or when it grows large), which is
 * what lets one process persist and fan out 20,000 messages a second. Anything that must
 * only be acknowledged once durable (a chat send's 7100 reply) waits with whenDurable().
 */
import type { Db } from '../store/db.js';

export interface RoomMessage {
  readonly webcastId: string;
  readonly offset: number;
  readonly code: number;
  /** The JSON body as sent on the wire (already includes webcastId and offset). */
  readonly bodyJson: string;
  readonly createdAt: number;
}

export interface RoomLogOptions {
  readonly flushDelayMs?: number;
  readonly maxBatch?: number;
  readonly now?: () => number;
}

export class RoomLog {
  private readonly latest = new Map<string, number>();
  private pending: RoomMessage[] = [];
  private waiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly insert;
  private readonly selectAfter;
  private readonly selectLatest;
  private readonly flushDelayMs: number;
  private readonly maxBatch: number;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly db: Db, options: RoomLogOptions = {}) {
    this.flushDelayMs = options.flushDelayMs ?? 5;
    this.maxBatch = options.maxBatch ?? 2000;
    this.now = options.now ?? Date.now;
    this.insert = db.prepare('INSERT INTO room_messages (webcast_id, offset, code, body, created_at) VALUES (?, ?, ?, ?, ?)');
    this.selectAfter = db.prepare(
      'SELECT webcast_id AS webcastId, offset, code, body AS bodyJson, created_at AS createdAt FROM room_messages WHERE webcast_id = ? AND offset > ? ORDER BY offset LIMIT ?',
    );
    this.selectLatest = db.prepare('SELECT MAX(offset) AS o FROM room_messages WHERE webcast_id = ?');
  }

  /** The newest offset of a room (0 when it has no message). */
  latestOffset(webcastId: string): number {
    let o = this.latest.get(webcastId);
    if (o === undefined) {
      o = (this.selectLatest.get(webcastId) as { o: number | null }).o ?? 0;
      this.latest.set(webcastId, o);
    }
    return o;
  }

  /**
   * Assigns the next offset, builds the body (caller's fields plus webcastId and offset)
   * and queues it for writing. Returns the message as it goes on the wire.
   */
  append(webcastId: string, code: number, body: Record<string, unknown>): RoomMessage {
    if (this.closed) throw new Error('room log is closed');
    const offset = this.latestOffset(webcastId) + 1;
    this.latest.set(webcastId, offset);
    const message: RoomMessage = {
      webcastId,
      offset,
      code,
      bodyJson: JSON.stringify({ ...body, webcastId, offset }),
      createdAt: this.now(),
    };
    this.pending.push(message);
    if (this.pending.length >= this.maxBatch) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.flushDelayMs);
    return message;
  }

  /** Messages after `afterOffset`, oldest first, at most `limit`, written or still queued. */
  readAfter(webcastId: string, afterOffset: number, limit: number): RoomMessage[] {
    const stored = this.selectAfter.all(webcastId, afterOffset, limit) as RoomMessage[];
    if (stored.length >= limit) return stored;
    const lastStored = stored.length > 0 ? stored[stored.length - 1]!.offset : afterOffset;
    for (const m of this.pending) {
      if (stored.length >= limit) break;
      if (m.webcastId === webcastId && m.offset > lastStored) stored.push(m);
    }
    return stored;
  }

  /** Resolves once everything appended so far is written. */
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
      for (const m of batch) this.insert.run(m.webcastId, m.offset, m.code, m.bodyJson, m.createdAt);
    })();
    for (const w of waiters) w();
  }

  close(): void {
    this.flush();
    this.closed = true;
  }
}
