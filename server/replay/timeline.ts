/**
 * The replay's timeline (issue 36, docs/protocol.md 5.10): what the room did during a live,
 * by time, for a recording's viewer. Three sources, merged oldest first:
 * - the room log's interaction messages (codes 7113 to 7125: lottery, papers, roll call,
 *   red packet, goods, answered questions, captions), each at the time it was published;
 * - the room's timeline table, for what the room log does not carry: a shared page turned,
 *   the room notice changed, a chapter the host set;
 * - the staff's chat messages (the transcript's host lines).
 * A quiz's answer key goes with its paper once the paper is closed or the room has ended,
 * so a replay's viewer can try it in the page (nothing is sent back or scored).
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { changedRows } from '../store/sqlStore.js';
import { ROOM_MESSAGE_KIND } from './interactionRecorder.js';
import type { ChatHistory } from '../chat/history.js';
import { findRoom, isEnded } from '../entry/rooms.js';
import { findPaper } from '../interact/papers/store.js';
import type { StoredPaper } from '../interact/papers/model.js';

/** Events one answer holds at most; `more` says a recording has more (its later ones are left out). */
export const TIMELINE_MAX_EVENTS = 10_000;
/** The staff messages a timeline holds at most (a recording's transcript lines from chat). */
export const TIMELINE_MAX_HOST_MESSAGES = 2_000;
/** What room_timeline rows hold (written by the share, notice and chapter calls). */
export const TIMELINE_TABLE_KINDS = ['slide', 'notice', 'chapter'] as const;
export type TimelineTableKind = (typeof TIMELINE_TABLE_KINDS)[number];
export const CHAPTER_TITLE_MAX = 80;

export type TimelineEvent = { readonly at: number; readonly kind: string } & Readonly<Record<string, unknown>>;

export interface TimelinePage {
  readonly list: readonly TimelineEvent[];
  readonly more: boolean;
}

/** Writes a row of the room's timeline at the server's now (or `at`). */
export async function recordTimeline(
  ctx: ServerContext,
  webcastId: string,
  kind: TimelineTableKind,
  body: Record<string, unknown>,
  at = ctx.now(),
): Promise<{ id: number; at: number }> {
  const row = (
    await sql<{ id: number }>`INSERT INTO room_timeline (webcast_id, at, kind, body) VALUES (${webcastId}, ${at}, ${kind}, ${JSON.stringify(body)})
      RETURNING id`.execute(ctx.store.db)
  ).rows[0];
  return { id: Number(row?.id), at };
}

/** Removes one of the room's chapters; false when there was none of that id. */
export async function removeChapter(ctx: ServerContext, webcastId: string, id: number): Promise<boolean> {
  return changedRows(await sql`DELETE FROM room_timeline WHERE id = ${id} AND webcast_id = ${webcastId} AND kind = 'chapter'`.execute(ctx.store.db)) === 1;
}

export async function chaptersOf(ctx: ServerContext, webcastId: string): Promise<{ id: number; at: number; title: string }[]> {
  const { rows } = await sql<{ id: number; at: number; body: string }>`SELECT id, at, body FROM room_timeline
    WHERE webcast_id = ${webcastId} AND kind = 'chapter' ORDER BY at, id`.execute(ctx.store.db);
  return rows.map((r) => ({ id: r.id, at: r.at, title: String((JSON.parse(r.body) as { title?: unknown }).title ?? '') }));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A paper as the replay offers it: the questions, and a quiz's key when it may be shown. */
function paperForReplay(papers: ReadonlyMap<string, StoredPaper>, id: unknown, revealKey: (closed: boolean) => boolean) {
  const paper = typeof id === 'string' ? papers.get(id) : undefined;
  if (!paper) return null;
  const key = paper.kind === 'quiz' && revealKey(paper.closedAt !== null);
  return {
    id: paper.id,
    title: paper.title,
    quiz: paper.kind === 'quiz',
    items: paper.items.map(({ correct, ...item }) => (key && correct !== undefined ? { ...item, correct } : item)),
  };
}

/** A room log message as a timeline event; null: not one a replay shows (documented in 5.10). */
function eventOfRoomMessage(papers: ReadonlyMap<string, StoredPaper>, code: number, at: number, body: Record<string, unknown>, revealKey: (closed: boolean) => boolean): TimelineEvent | null {
  const { webcastId: _room, offset, ...fields } = body;
  const base = { at, offset };
  switch (code) {
    case 7113:
      return fields.state === 'start' || fields.state === 'end' ? { ...base, kind: 'lottery', ...fields } : null;
    case 7115: {
      if (fields.kind === 'answerSheet') return { ...base, kind: 'answerSheet', id: fields.id, title: fields.title };
      const paper = paperForReplay(papers, fields.id, revealKey);
      return paper === null ? null : { ...base, kind: 'paper', id: paper.id, title: paper.title, quiz: paper.quiz, paper };
    }
    case 7117:
      return { ...base, kind: 'rollCall', id: fields.id, deadline: fields.deadline };
    case 7119:
      return { ...base, kind: 'redPacket', ...fields };
    case 7121:
      return { ...base, kind: 'goods', goodsKind: fields.kind, id: fields.id, title: fields.title };
    case 7123: {
      const q = fields.question;
      return isRecord(q) && q.status === 'answered' && q.parentId === null
        ? { ...base, kind: 'question', qaId: q.qaId, uid: q.uid, name: q.name, content: q.content, answer: q.answer, answeredAt: q.answeredAt }
        : null;
    }
    case 7125:
      return { ...base, kind: 'caption', text: fields.text, start: fields.start, end: fields.end, lang: fields.lang };
    default:
      // 7127 is for one user, 7201 voids offsets: neither is part of the room's story.
      return null;
  }
}

export async function readTimeline(ctx: ServerContext, history: ChatHistory, webcastId: string, from: number, to: number): Promise<TimelinePage> {
  const room = await findRoom(ctx.store.db, webcastId);
  const ended = room !== null && isEnded(room);
  const revealKey = (closed: boolean) => closed || ended;
  // One table: what the room's log carried (recorded as it was published:
  // interactionRecorder.ts) and what it did not (pages, the notice, chapters).
  const { rows: table } = await sql<{ id: number; kind: string; body: string; at: number }>`SELECT id, kind, body, at FROM room_timeline
    WHERE webcast_id = ${webcastId} AND at >= ${from} AND at <= ${to} ORDER BY at, id LIMIT ${TIMELINE_MAX_EVENTS + 1}`.execute(ctx.store.db);
  const staff = await history.staffBetween(webcastId, from, to, TIMELINE_MAX_HOST_MESSAGES + 1);

  const rows = table.slice(0, TIMELINE_MAX_EVENTS).map((row) => ({ ...row, body: JSON.parse(row.body) as unknown }));
  const messages = rows.flatMap((row) => {
    if (row.kind !== ROOM_MESSAGE_KIND || !isRecord(row.body) || typeof row.body.code !== 'number') return [];
    return [{ code: row.body.code, at: row.at, body: row.body.body }];
  });
  // The papers the range's publications name, read once each.
  const paperIds = new Set(messages.flatMap((m) => (m.code === 7115 && isRecord(m.body) && typeof m.body.id === 'string' ? [m.body.id] : [])));
  const papers = new Map<string, StoredPaper>();
  for (const id of paperIds) {
    const paper = await findPaper(ctx.store.db, id);
    if (paper !== undefined) papers.set(id, paper);
  }
  const events: TimelineEvent[] = [];
  for (const row of messages) {
    const event = isRecord(row.body) ? eventOfRoomMessage(papers, row.code, row.at, row.body, revealKey) : null;
    if (event !== null) events.push(event);
  }
  for (const row of rows) {
    if (row.kind === ROOM_MESSAGE_KIND) continue;
    const body = row.body;
    events.push({ ...(isRecord(body) ? body : {}), at: row.at, kind: row.kind, id: row.kind === 'chapter' ? row.id : (isRecord(body) ? body.id : undefined) });
  }
  for (const m of staff.slice(0, TIMELINE_MAX_HOST_MESSAGES)) {
    events.push({ at: Number(m.sendTime), kind: 'hostMessage', msgId: m.msgId, uid: m.uid, name: m.name, role: m.role, text: m.body, top: m.top, highlight: m.highlight });
  }
  events.sort((a, b) => a.at - b.at);
  const more = table.length > TIMELINE_MAX_EVENTS || staff.length > TIMELINE_MAX_HOST_MESSAGES || events.length > TIMELINE_MAX_EVENTS;
  return { list: events.slice(0, TIMELINE_MAX_EVENTS), more };
}

/** A viewer's own moments in a recording: what they said, where they were mentioned, their questions. */
export async function readMoments(ctx: ServerContext, history: ChatHistory, webcastId: string, uid: string, from: number, to: number) {
  const LIMIT = 500;
  const { sent, mentioned } = await history.momentsOf(webcastId, uid, from, to, LIMIT);
  const said = (bodyJson: string): { name: string; text: string } => {
    const body = JSON.parse(bodyJson) as Record<string, unknown>;
    return { name: typeof body.name === 'string' ? body.name : '', text: typeof body.body === 'string' ? body.body : '' };
  };
  const { rows: questions } = await sql<{ id: string; content: string; status: string; answer: string | null; at: number }>`
    SELECT id, content, status, answer, created_at AS at FROM qa_questions
    WHERE webcast_id = ${webcastId} AND user_id = ${uid} AND created_at >= ${from} AND created_at <= ${to} ORDER BY created_at, id LIMIT ${LIMIT}`.execute(ctx.store.db);
  return {
    sent: sent.map((m) => ({ at: m.sentAt, msgId: m.msgId, text: said(m.bodyJson).text })),
    mentioned: mentioned.map((m) => ({ at: m.sentAt, msgId: m.msgId, ...said(m.bodyJson) })),
    questions: questions.map((q) => ({ at: q.at, qaId: q.id, content: q.content, status: q.status, answer: q.answer })),
  };
}
