/**
 * Posters and invitations in the store. A poster carries an invite code; someone who
 * enters the room through it is counted once for the poster's owner (table invitations).
 */
import { randomToken } from '../../auth/random.js';
import type { ServerContext } from '../../context.js';
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

export function templatesOf(ctx: ServerContext, webcastId: string): PosterTemplate[] {
  return (ctx.db.prepare('SELECT * FROM poster_templates WHERE webcast_id = ? ORDER BY sort, id').all(webcastId) as TemplateRow[]).map(toTemplate);
}

export function insertTemplate(ctx: ServerContext, t: PosterTemplate, sort: number): void {
  ctx.db
    .prepare('INSERT OR IGNORE INTO poster_templates (id, webcast_id, title, content, sort) VALUES (?, ?, ?, ?, ?)')
    .run(t.id, t.webcastId, t.title, JSON.stringify(t.content), sort);
}

export function postersOf(ctx: ServerContext, webcastId: string, userId: string): Poster[] {
  return (ctx.db.prepare('SELECT * FROM posters WHERE webcast_id = ? AND user_id = ? ORDER BY created_at, id').all(webcastId, userId) as PosterRow[]).map(toPoster);
}

export function posterByCode(ctx: ServerContext, inviteCode: string): Poster | undefined {
  const row = ctx.db.prepare('SELECT * FROM posters WHERE invite_code = ?').get(inviteCode) as PosterRow | undefined;
  return row ? toPoster(row) : undefined;
}

/** A template poster exists once per user and template: creating it again returns the first. */
export function createPoster(ctx: ServerContext, webcastId: string, userId: string, templateId: string | null, content: PosterContent): Poster {
  if (templateId !== null) {
    const existing = ctx.db
      .prepare('SELECT * FROM posters WHERE webcast_id = ? AND user_id = ? AND template_id = ?')
      .get(webcastId, userId, templateId) as PosterRow | undefined;
    if (existing) return toPoster(existing);
  }
  const row: PosterRow = {
    id: newId('ps'),
    webcast_id: webcastId,
    user_id: userId,
    template_id: templateId,
    content: JSON.stringify(content),
    invite_code: randomToken(12),
    created_at: ctx.now(),
  };
  ctx.db
    .prepare('INSERT INTO posters (id, webcast_id, user_id, template_id, content, invite_code, created_at) VALUES (@id, @webcast_id, @user_id, @template_id, @content, @invite_code, @created_at)')
    .run(row);
  return toPoster(row);
}

/** Counts the invitee for the poster's owner once per room; false when already counted. */
export function addInvitation(ctx: ServerContext, poster: Poster, inviteeId: string): boolean {
  return (
    ctx.db
      .prepare('INSERT OR IGNORE INTO invitations (webcast_id, invitee_id, inviter_id, poster_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(poster.webcastId, inviteeId, poster.userId, poster.id, ctx.now()).changes === 1
  );
}

export interface InviterRank {
  readonly rank: number;
  readonly uid: string;
  readonly name: string;
  readonly count: number;
}

/** Inviters of a room by invitees brought, most first (ties: who reached the count first). */
export function invitationRanking(ctx: ServerContext, webcastId: string): InviterRank[] {
  const rows = ctx.db
    .prepare(
      `SELECT i.inviter_id AS uid, u.name AS name, COUNT(*) AS count, MAX(i.created_at) AS last FROM invitations i
       JOIN users u ON u.id = i.inviter_id WHERE i.webcast_id = ? GROUP BY i.inviter_id ORDER BY count DESC, last ASC, uid`,
    )
    .all(webcastId) as { uid: string; name: string; count: number }[];
  return rows.map((r, i) => ({ rank: i + 1, uid: r.uid, name: r.name, count: r.count }));
}

export function invitedCount(ctx: ServerContext, webcastId: string, inviterId: string): number {
  return (ctx.db.prepare('SELECT COUNT(*) AS n FROM invitations WHERE webcast_id = ? AND inviter_id = ?').get(webcastId, inviterId) as { n: number }).n;
}
