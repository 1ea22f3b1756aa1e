/**
 * The per-room message log: offsets grow by exactly 1 per room message (PROTOCOL 2.4) and
 * every message is persisted, so a join or a history sync can replay after any offset.
 *
 * Writes are batched: append() assigns the offset at once and queues the row; the queue is
 * written in one transaction a few milliseconds later (or when it grows large), which is
 * what lets one process persist and fan out 20,000 messages a second. Anything that must
 * only be acknowledged once durable (a chat send's 7100 reply) waits with whenDurable().
 *
 * Messages are pushed as they are appended, before their batch is written, so a process
 * that dies (SIGKILL, power) may have shown clients offsets it never wrote. A process that
 * starts after such an end must not give those offsets to other messages: a client would
 * take the new message for one it already has. voidAfterCrash() moves every room past them
 * with a void notice (7201 `{from, to, void: true}`, stored like any room message at the
 * range's last offset): clients skip the range without counting it and take back what they
 * hold in it (docs/protocol.md 5.2).
 */
import type { Db } from '../store/db.js';
import { BatchedWriter } from '../store/batchedWriter.js';

export interface RoomMessage {
  readonly webcastId: string;
  readonly offset: number;
  readonly code: number;
  /** The JSON body as sent on the wire (already includes webcastId and offset). */
  readonly bodyJson: string;
  readonly createdAt: number;
}

/** Rows a batch holds at most: what a crash can lose of the room log is less than this. */
export const ROOM_LOG_MAX_BATCH = 2000;
/**
 * Offsets a restart after a crash leaves void in every room: more than a crash can lose
 * (the queued batch and the one being written), so none a client saw is given again.
 */
export const RESTART_VOID_OFFSETS = 2 * ROOM_LOG_MAX_BATCH;
/** The room message that voids offsets (the skip notice code of src/protocol/thinning.ts). */
export const VOID_NOTICE_CODE = 7201;

export interface RoomLogOptions {
  readonly flushDelayMs?: number;
  readonly maxBatch?: number;
  readonly now?: () => number;
}

export class RoomLog {
  private readonly latest = new Map<string, number>();
  private readonly writer: BatchedWriter<RoomMessage>;
  private readonly selectAfter;
  private readonly selectLatest;
  private readonly selectRooms;
  private readonly now: () => number;

  constructor(db: Db, options: RoomLogOptions = {}) {
    this.now = options.now ?? Date.now;
    const insert = db.prepare('INSERT INTO room_messages (webcast_id, offset, code, body, created_at) VALUES (?, ?, ?, ?, ?)');
    this.writer = new BatchedWriter<RoomMessage>(db, (m) => insert.run(m.webcastId, m.offset, m.code, m.bodyJson, m.createdAt), { maxBatch: ROOM_LOG_MAX_BATCH, ...options });
    this.selectRooms = db.prepare('SELECT DISTINCT webcast_id AS id FROM room_messages');
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
    const offset = this.latestOffset(webcastId) + 1;
    this.latest.set(webcastId, offset);
    const message: RoomMessage = {
      webcastId,
      offset,
      code,
      bodyJson: JSON.stringify({ ...body, webcastId, offset }),
      createdAt: this.now(),
    };
    this.writer.add(message);
    return message;
  }

  /**
   * After a crash: every room with messages jumps RESTART_VOID_OFFSETS past its last written
   * one, the range stated by a void notice, written before anything else. Returns the rooms.
   */
  voidAfterCrash(): string[] {
    const rooms = (this.selectRooms.all() as { id: string }[]).map((r) => r.id);
    for (const webcastId of rooms) {
      const written = this.latestOffset(webcastId);
      this.latest.set(webcastId, written + RESTART_VOID_OFFSETS - 1);
      this.append(webcastId, VOID_NOTICE_CODE, { from: written + 1, to: written + RESTART_VOID_OFFSETS, void: true });
    }
    this.writer.flush();
    return rooms;
  }

  /** Messages after `afterOffset`, oldest first, at most `limit`, written or still queued. */
  readAfter(webcastId: string, afterOffset: number, limit: number): RoomMessage[] {
    const stored = this.selectAfter.all(webcastId, afterOffset, limit) as RoomMessage[];
    if (stored.length >= limit) return stored;
    const lastStored = stored.length > 0 ? stored[stored.length - 1]!.offset : afterOffset;
    for (const m of this.writer.queued) {
      if (stored.length >= limit) break;
      if (m.webcastId === webcastId && m.offset > lastStored) stored.push(m);
    }
    return stored;
  }

  /** Resolves once everything appended so far is written. */
  whenDurable(): Promise<void> {
    return this.writer.whenDurable();
  }

  flush(): void {
    this.writer.flush();
  }

  close(): void {
    this.writer.close();
  }
}
