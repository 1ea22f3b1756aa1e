/**
 * The chat history (table chat_messages): every published chat message with its room
 * offset, for the history calls and for withdrawing. Rows are written in batches like the
 * room log (a busy room sends thousands a second); a send is acknowledged only once its
 * row is durable (whenDurable), and every read flushes first, so a read never misses a
 * message that was already published.
 */
import type { Db } from '../store/db.js';
import { BatchedWriter } from '../store/batchedWriter.js';

export interface ChatRow {
  readonly msgId: string;
  readonly webcastId: string;
  readonly offset: number;
  readonly uid: string;
  /** The 7101 body as published (JSON). */
  readonly bodyJson: string;
  readonly sentAt: number;
  readonly withdrawn: boolean;
}

interface StoredRow {
  msgId: string;
  webcastId: string;
  offset: number;
  uid: string;
  bodyJson: string;
  sentAt: number;
  withdrawn: number;
}

const COLUMNS = 'msg_id AS msgId, webcast_id AS webcastId, offset, uid, body AS bodyJson, sent_at AS sentAt, withdrawn';
const toRow = (r: StoredRow): ChatRow => ({ ...r, withdrawn: r.withdrawn === 1 });

export interface ChatPage {
  /** Messages of the room that are not withdrawn. */
  readonly total: number;
  /** Oldest first (newest last). */
  readonly list: readonly Record<string, unknown>[];
}

/** A page of the replay's paging: oldest first; `more`: messages lie beyond it (older for `until`, newer for `after`). */
export interface ChatTimePage {
  readonly list: readonly Record<string, unknown>[];
  readonly more: boolean;
}

export class ChatHistory {
  private readonly writer: BatchedWriter<Omit<ChatRow, 'withdrawn'>>;

  constructor(
    private readonly db: Db,
    flushDelayMs = 5,
    maxBatch = 2000,
  ) {
    const insert = db.prepare('INSERT OR IGNORE INTO chat_messages (msg_id, webcast_id, offset, uid, body, sent_at) VALUES (?, ?, ?, ?, ?, ?)');
    this.writer = new BatchedWriter(db, (r) => insert.run(r.msgId, r.webcastId, r.offset, r.uid, r.bodyJson, r.sentAt), { flushDelayMs, maxBatch });
  }

  record(row: Omit<ChatRow, 'withdrawn'>): void {
    this.writer.add(row);
  }

  whenDurable(): Promise<void> {
    return this.writer.whenDurable();
  }

  flush(): void {
    this.writer.flush();
  }

  find(webcastId: string, msgId: string): ChatRow | null {
    this.flush();
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM chat_messages WHERE msg_id = ? AND webcast_id = ?`).get(msgId, webcastId) as
      | StoredRow
      | undefined;
    return row ? toRow(row) : null;
  }

  markWithdrawn(msgId: string): void {
    this.flush();
    this.db.prepare('UPDATE chat_messages SET withdrawn = 1 WHERE msg_id = ?').run(msgId);
  }

  /** `take` messages, skipping the newest `skip`; oldest first. */
  page(webcastId: string, skip: number, take: number): ChatPage {
    this.flush();
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM chat_messages WHERE webcast_id = ? AND withdrawn = 0').get(webcastId) as { n: number }).n;
    const rows = this.db
      .prepare('SELECT body FROM chat_messages WHERE webcast_id = ? AND withdrawn = 0 ORDER BY offset DESC LIMIT ? OFFSET ?')
      .all(webcastId, take, skip) as { body: string }[];
    return { total, list: rows.reverse().map((r) => JSON.parse(r.body) as Record<string, unknown>) };
  }

  /**
   * The replay's seek (docs/protocol.md, chat history by time): the newest `take` messages
   * sent at or before `until` (ms), oldest first, and whether older ones exist.
   */
  until(webcastId: string, until: number, take: number): ChatTimePage {
    this.flush();
    const rows = this.db
      .prepare('SELECT body FROM chat_messages WHERE webcast_id = ? AND withdrawn = 0 AND sent_at <= ? ORDER BY sent_at DESC, offset DESC LIMIT ?')
      .all(webcastId, until, take + 1) as { body: string }[];
    const more = rows.length > take;
    return { list: rows.slice(0, take).reverse().map((r) => JSON.parse(r.body) as Record<string, unknown>), more };
  }

  /** The replay's playing on: the oldest `take` messages after room offset `after`, and whether more follow. */
  after(webcastId: string, after: number, take: number): ChatTimePage {
    this.flush();
    const rows = this.db
      .prepare('SELECT body FROM chat_messages WHERE webcast_id = ? AND withdrawn = 0 AND offset > ? ORDER BY offset LIMIT ?')
      .all(webcastId, after, take + 1) as { body: string }[];
    const more = rows.length > take;
    return { list: rows.slice(0, take).map((r) => JSON.parse(r.body) as Record<string, unknown>), more };
  }

  /** The messages among `ids` that exist in the room and are not withdrawn, oldest first. */
  byIds(webcastId: string, ids: readonly string[]): Record<string, unknown>[] {
    this.flush();
    if (ids.length === 0) return [];
    const marks = ids.map(() => '?').join(', ');
    const rows = this.db
      .prepare(`SELECT body FROM chat_messages WHERE webcast_id = ? AND withdrawn = 0 AND msg_id IN (${marks}) ORDER BY offset`)
      .all(webcastId, ...ids) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  }

  close(): void {
    this.writer.close();
  }
}
