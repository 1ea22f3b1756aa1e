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
  /** The sender's role code (the transcript reads the staff's messages). */
  readonly role: number;
  /** The users the message mentions (picked_uid). */
  readonly picked: readonly string[];
}

/** Stored as `,a,b,` so one LIKE finds a user among them; null: nobody mentioned. */
const pickedColumn = (picked: readonly string[]): string | null => (picked.length === 0 ? null : `,${picked.join(',')},`);

interface StoredRow {
  msgId: string;
  webcastId: string;
  offset: number;
  uid: string;
  bodyJson: string;
  sentAt: number;
  withdrawn: number;
  role: number;
  picked: string | null;
}

const COLUMNS = 'msg_id AS msgId, webcast_id AS webcastId, offset, uid, body AS bodyJson, sent_at AS sentAt, withdrawn, role, picked';
const toRow = (r: StoredRow): ChatRow => ({ ...r, withdrawn: r.withdrawn === 1, picked: r.picked === null ? [] : r.picked.split(',').filter((uid) => uid !== '') });

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
    const insert = db.prepare('INSERT OR IGNORE INTO chat_messages (msg_id, webcast_id, offset, uid, body, sent_at, role, picked) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.writer = new BatchedWriter(db, (r) => insert.run(r.msgId, r.webcastId, r.offset, r.uid, r.bodyJson, r.sentAt, r.role, pickedColumn(r.picked)), { flushDelayMs, maxBatch });
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

  /**
   * The staff's messages (host and assistant) sent from `from` to `to` (ms), oldest first,
   * at most `limit`: the replay transcript's host lines (docs/protocol.md 5.10).
   */
  staffBetween(webcastId: string, from: number, to: number, limit: number): Record<string, unknown>[] {
    this.flush();
    const rows = this.db
      .prepare('SELECT body FROM chat_messages WHERE webcast_id = ? AND role IN (6, 7, 8) AND withdrawn = 0 AND sent_at >= ? AND sent_at <= ? ORDER BY sent_at, offset LIMIT ?')
      .all(webcastId, from, to, limit) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  }

  /** One user's moments from `from` to `to`: the messages they sent and the ones mentioning them, oldest first, at most `limit` each. */
  momentsOf(webcastId: string, uid: string, from: number, to: number, limit: number): { sent: ChatRow[]; mentioned: ChatRow[] } {
    this.flush();
    const sent = this.db
      .prepare(`SELECT ${COLUMNS} FROM chat_messages WHERE webcast_id = ? AND uid = ? AND withdrawn = 0 AND sent_at >= ? AND sent_at <= ? ORDER BY sent_at LIMIT ?`)
      .all(webcastId, uid, from, to, limit) as StoredRow[];
    const mentioned = this.db
      .prepare(`SELECT ${COLUMNS} FROM chat_messages WHERE webcast_id = ? AND picked IS NOT NULL AND picked LIKE ? ESCAPE '\\' AND withdrawn = 0 AND sent_at >= ? AND sent_at <= ? ORDER BY sent_at LIMIT ?`)
      .all(webcastId, `%,${uid.replace(/[\\%_]/g, (c) => `\\${c}`)},%`, from, to, limit) as StoredRow[];
    return { sent: sent.map(toRow), mentioned: mentioned.map(toRow) };
  }

  /** The user's messages in the room that are not withdrawn, oldest first (the own record). */
  sentBy(webcastId: string, uid: string, limit: number): ChatRow[] {
    this.flush();
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM chat_messages WHERE webcast_id = ? AND withdrawn = 0 AND uid = ? ORDER BY sent_at, offset LIMIT ?`)
      .all(webcastId, uid, limit) as StoredRow[];
    return rows.map(toRow);
  }

  close(): void {
    this.writer.close();
  }
}
