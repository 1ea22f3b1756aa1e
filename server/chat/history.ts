/**
 * The chat history (table chat_messages): every published chat message with its room
 * offset, for the history calls and for withdrawing. Rows are written in batches like the
 * room log (a busy room sends thousands a second); a send is acknowledged only once its
 * row is durable (whenDurable), and every read flushes first, so a read never misses a
 * message that was already published.
 */
import { sql } from 'kysely';
import { bulkWrite, type SqlStore } from '../store/sqlStore.js';
import { StoreBatchedWriter } from '../store/storeBatchedWriter.js';

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

const COLUMNS = sql.raw('msg_id AS "msgId", webcast_id AS "webcastId", "offset", uid, body AS "bodyJson", sent_at AS "sentAt", withdrawn, role, picked');
const toRow = (r: StoredRow): ChatRow => ({ ...r, withdrawn: r.withdrawn === 1, picked: r.picked === null ? [] : r.picked.split(',').filter((uid) => uid !== '') });
const bodies = (rows: readonly { body: string }[]): Record<string, unknown>[] => rows.map((r) => JSON.parse(r.body) as Record<string, unknown>);

/** SQLite's batches: one prepared statement run per row (bulkWrite). */
const INSERT_ONE = 'INSERT INTO chat_messages (msg_id, webcast_id, "offset", uid, body, sent_at, role, picked) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (msg_id) DO NOTHING';

/** PostgreSQL's batches: rows per INSERT, 8 parameters each, far inside its limit. */
const ROWS_PER_INSERT = 200;

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
  private readonly writer: StoreBatchedWriter<Omit<ChatRow, 'withdrawn'>>;

  constructor(
    private readonly store: SqlStore,
    flushDelayMs = 5,
    maxBatch = 2000,
  ) {
    this.writer = new StoreBatchedWriter((batch) => this.insert(batch), { flushDelayMs, maxBatch });
  }

  private async insert(batch: readonly Omit<ChatRow, 'withdrawn'>[]): Promise<void> {
    if (this.store.sqlite !== null) {
      const rows = batch.map((r) => [r.msgId, r.webcastId, r.offset, r.uid, r.bodyJson, r.sentAt, r.role, pickedColumn(r.picked)]);
      await bulkWrite(this.store, INSERT_ONE, rows);
      return;
    }
    await this.store.db.transaction().execute(async (tx) => {
      for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
        const values = batch
          .slice(i, i + ROWS_PER_INSERT)
          .map((r) => sql`(${r.msgId}, ${r.webcastId}, ${r.offset}, ${r.uid}, ${r.bodyJson}, ${r.sentAt}, ${r.role}, ${pickedColumn(r.picked)})`);
        await sql`INSERT INTO chat_messages (msg_id, webcast_id, "offset", uid, body, sent_at, role, picked)
          VALUES ${sql.join(values)} ON CONFLICT (msg_id) DO NOTHING`.execute(tx);
      }
    });
  }

  record(row: Omit<ChatRow, 'withdrawn'>): void {
    this.writer.add(row);
  }

  whenDurable(): Promise<void> {
    return this.writer.whenDurable();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  async find(webcastId: string, msgId: string): Promise<ChatRow | null> {
    await this.flush();
    const row = (await sql<StoredRow>`SELECT ${COLUMNS} FROM chat_messages WHERE msg_id = ${msgId} AND webcast_id = ${webcastId}`.execute(this.store.db))
      .rows[0];
    return row ? toRow(row) : null;
  }

  async markWithdrawn(msgId: string): Promise<void> {
    await this.flush();
    await sql`UPDATE chat_messages SET withdrawn = 1 WHERE msg_id = ${msgId}`.execute(this.store.db);
  }

  /** `take` messages, skipping the newest `skip`; oldest first. */
  async page(webcastId: string, skip: number, take: number): Promise<ChatPage> {
    await this.flush();
    const q = this.store.db;
    const total = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM chat_messages WHERE webcast_id = ${webcastId} AND withdrawn = 0`.execute(q)).rows[0]?.n;
    const rows = await sql<{ body: string }>`SELECT body FROM chat_messages WHERE webcast_id = ${webcastId} AND withdrawn = 0
      ORDER BY "offset" DESC LIMIT ${take} OFFSET ${skip}`.execute(q);
    return { total: Number(total ?? 0), list: bodies(rows.rows.reverse()) };
  }

  /**
   * The replay's seek (docs/protocol.md, chat history by time): the newest `take` messages
   * sent at or before `until` (ms), oldest first, and whether older ones exist.
   */
  async until(webcastId: string, until: number, take: number): Promise<ChatTimePage> {
    await this.flush();
    const rows = await sql<{ body: string }>`SELECT body FROM chat_messages WHERE webcast_id = ${webcastId} AND withdrawn = 0 AND sent_at <= ${until}
      ORDER BY sent_at DESC, "offset" DESC LIMIT ${take + 1}`.execute(this.store.db);
    const more = rows.rows.length > take;
    return { list: bodies(rows.rows.slice(0, take).reverse()), more };
  }

  /** The replay's playing on: the oldest `take` messages after room offset `after`, and whether more follow. */
  async after(webcastId: string, after: number, take: number): Promise<ChatTimePage> {
    await this.flush();
    const rows = await sql<{ body: string }>`SELECT body FROM chat_messages WHERE webcast_id = ${webcastId} AND withdrawn = 0 AND "offset" > ${after}
      ORDER BY "offset" LIMIT ${take + 1}`.execute(this.store.db);
    const more = rows.rows.length > take;
    return { list: bodies(rows.rows.slice(0, take)), more };
  }

  /** The messages among `ids` that exist in the room and are not withdrawn, oldest first. */
  async byIds(webcastId: string, ids: readonly string[]): Promise<Record<string, unknown>[]> {
    await this.flush();
    if (ids.length === 0) return [];
    const rows = await sql<{ body: string }>`SELECT body FROM chat_messages WHERE webcast_id = ${webcastId} AND withdrawn = 0
      AND msg_id IN (${sql.join(ids)}) ORDER BY "offset"`.execute(this.store.db);
    return bodies(rows.rows);
  }

  /**
   * The staff's messages (host and assistant) sent from `from` to `to` (ms), oldest first,
   * at most `limit`: the replay transcript's host lines (docs/protocol.md 5.10).
   */
  async staffBetween(webcastId: string, from: number, to: number, limit: number): Promise<Record<string, unknown>[]> {
    await this.flush();
    const rows = await sql<{ body: string }>`SELECT body FROM chat_messages
      WHERE webcast_id = ${webcastId} AND role IN (6, 7, 8) AND withdrawn = 0 AND sent_at >= ${from} AND sent_at <= ${to}
      ORDER BY sent_at, "offset" LIMIT ${limit}`.execute(this.store.db);
    return bodies(rows.rows);
  }

  /** One user's moments from `from` to `to`: the messages they sent and the ones mentioning them, oldest first, at most `limit` each. */
  async momentsOf(webcastId: string, uid: string, from: number, to: number, limit: number): Promise<{ sent: ChatRow[]; mentioned: ChatRow[] }> {
    await this.flush();
    const q = this.store.db;
    const sent = await sql<StoredRow>`SELECT ${COLUMNS} FROM chat_messages
      WHERE webcast_id = ${webcastId} AND uid = ${uid} AND withdrawn = 0 AND sent_at >= ${from} AND sent_at <= ${to}
      ORDER BY sent_at, "offset" LIMIT ${limit}`.execute(q);
    const pattern = `%,${uid.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;
    const mentioned = await sql<StoredRow>`SELECT ${COLUMNS} FROM chat_messages
      WHERE webcast_id = ${webcastId} AND picked IS NOT NULL AND picked LIKE ${pattern} ESCAPE '\\' AND withdrawn = 0
        AND sent_at >= ${from} AND sent_at <= ${to}
      ORDER BY sent_at, "offset" LIMIT ${limit}`.execute(q);
    return { sent: sent.rows.map(toRow), mentioned: mentioned.rows.map(toRow) };
  }

  /** The user's messages in the room that are not withdrawn, oldest first (the own record). */
  async sentBy(webcastId: string, uid: string, limit: number): Promise<ChatRow[]> {
    await this.flush();
    const rows = await sql<StoredRow>`SELECT ${COLUMNS} FROM chat_messages WHERE webcast_id = ${webcastId} AND withdrawn = 0 AND uid = ${uid}
      ORDER BY sent_at, "offset" LIMIT ${limit}`.execute(this.store.db);
    return rows.rows.map(toRow);
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
