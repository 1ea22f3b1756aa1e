/**
 * Posters and invitations in the store. A poster carries an invite code; someone who
 * enters the room through it is counted once for the poster's owner (table invitations).
 */
import { randomToken } from '../../auth/random.js';
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';
import { newId } from '../shared/ids.js';

/** What a poster shows; templates and custom posters share it. */
export interface PosterContent {
  readonly title: string;
  readonly text: string;
  readonly colour: string;
  readonly background: string;
}

export interface PosterTemplate {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly content: PosterContent;
}

export interface Poster {
  readonly id: string;
  readonly webcastId: string;
  readonly userId: string;
  readonly templateId: string | null;
  readonly content: PosterContent;
  readonly inviteCode: string;
  readonly createdAt: number;
}

interface TemplateRow {
  id: string;
  webcast_id: string;
  title: string;
  content: string;
}

interface PosterRow {
  id: string;
  webcast_id: string;
  user_id: string;
  template_id: string | null;
  content: string;
  invite_code: string;
  created_at: number;
}

const toTemplate = (r: TemplateRow): PosterTemplate => ({ id: r.id, webcastId: r.webcast_id, title: r.title, content: JSON.parse(r.content) as PosterContent });

const toPoster = (r: PosterRow): Poster => ({
  id: r.id,
  webcastId: r.webcast_id,
  userId: r.user_id,
  templateId: r.template_id,
  content: JSON.parse(r.content) as PosterContent,
  inviteCode: r.invite_code,
  createdAt: r.created_at,
});

export async function templatesOf(q: StoreQueries, webcastId: string): Promise<PosterTemplate[]> {
  return (await sql<TemplateRow>`SELECT * FROM poster_templates WHERE webcast_id = ${webcastId} ORDER BY sort, id`.execute(q)).rows.map(toTemplate);
}

export async function insertTemplate(q: StoreQueries, t: PosterTemplate, sort: number): Promise<void> {
  await sql`INSERT INTO poster_templates (id, webcast_id, title, content, sort) VALUES (${t.id}, ${t.webcastId}, ${t.title}, ${JSON.stringify(t.content)}, ${sort})
    ON CONFLICT DO NOTHING`.execute(q);
}

export async function postersOf(q: StoreQueries, webcastId: string, userId: string): Promise<Poster[]> {
  return (await sql<PosterRow>`SELECT * FROM posters WHERE webcast_id = ${webcastId} AND user_id = ${userId} ORDER BY created_at, id`.execute(q)).rows.map(toPoster);
}

export async function posterByCode(q: StoreQueries, inviteCode: string): Promise<Poster | undefined> {
  const row = (await sql<PosterRow>`SELECT * FROM posters WHERE invite_code = ${inviteCode}`.execute(q)).rows[0];
  return row ? toPoster(row) : undefined;
}

/**
 * A template poster exists once per user and template: creating it again returns the first.
 * The unique index (posters_template_once) decides between two requests at once, on any
 * node: the second insert does nothing, and the first's poster is read back.
 */
export async function createPoster(q: StoreQueries, now: number, webcastId: string, userId: string, templateId: string | null, content: PosterContent): Promise<Poster> {
  const row: PosterRow = {
    id: newId('ps'),
    webcast_id: webcastId,
    user_id: userId,
    template_id: templateId,
    content: JSON.stringify(content),
    invite_code: randomToken(12),
    created_at: now,
  };
  const inserted = await sql`INSERT INTO posters (id, webcast_id, user_id, template_id, content, invite_code, created_at)
    VALUES (${row.id}, ${row.webcast_id}, ${row.user_id}, ${row.template_id}, ${row.content}, ${row.invite_code}, ${row.created_at}) ON CONFLICT DO NOTHING`.execute(q);
  if (changedRows(inserted) === 1 || templateId === null) return toPoster(row);
  const existing = (await sql<PosterRow>`SELECT * FROM posters WHERE webcast_id = ${webcastId} AND user_id = ${userId} AND template_id = ${templateId}`.execute(q)).rows[0]!;
  return toPoster(existing);
}

/** Counts the invitee for the poster's owner once per room; false when already counted. */
export async function addInvitation(q: StoreQueries, now: number, poster: Poster, inviteeId: string): Promise<boolean> {
  const inserted = await sql`INSERT INTO invitations (webcast_id, invitee_id, inviter_id, poster_id, created_at)
    VALUES (${poster.webcastId}, ${inviteeId}, ${poster.userId}, ${poster.id}, ${now}) ON CONFLICT DO NOTHING`.execute(q);
  return changedRows(inserted) === 1;
}

export interface InviterRank {
  readonly rank: number;
  readonly uid: string;
  readonly name: string;
  readonly count: number;
}

/** Inviters of a room by invitees brought, most first (ties: who reached the count first). */
export async function invitationRanking(q: StoreQueries, webcastId: string): Promise<InviterRank[]> {
  const rows = (
    await sql<{ uid: string; name: string; count: number }>`SELECT i.inviter_id AS uid, u.name AS name, COUNT(*) AS count, MAX(i.created_at) AS last FROM invitations i
      JOIN users u ON u.id = i.inviter_id WHERE i.webcast_id = ${webcastId} GROUP BY i.inviter_id, u.name ORDER BY count DESC, last ASC, uid`.execute(q)
  ).rows;
  return rows.map((r, i) => ({ rank: i + 1, uid: r.uid, name: r.name, count: r.count }));
}

export async function invitedCount(q: StoreQueries, webcastId: string, inviterId: string): Promise<number> {
  return (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM invitations WHERE webcast_id = ${webcastId} AND inviter_id = ${inviterId}`.execute(q)).rows[0]!.n;
}
