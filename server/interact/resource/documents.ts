/**
 * Documents of a room's cloud storage and what the host shares of them (resource host).
 * Each page of a document is a file `<docId>/<page>`, served as an SVG slide, so the demo
 * needs no stored binaries.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { lockKey, type StoreQueries } from '../../store/sqlStore.js';
import { invalid } from '../../http/envelope.js';
import { settingsOf, updateSettings } from '../shared/settings.js';
import { recordTimeline } from '../../replay/timeline.js';

export interface SharedDocument {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly pages: number;
}

export const FILES_PREFIX = '/share/v1/files';

const DOCUMENT_COLUMNS = sql.raw('id, webcast_id AS "webcastId", title, pages');

export async function documentsOf(q: StoreQueries, webcastId: string): Promise<SharedDocument[]> {
  return (await sql<SharedDocument>`SELECT ${DOCUMENT_COLUMNS} FROM shared_documents WHERE webcast_id = ${webcastId} ORDER BY created_at, id`.execute(q)).rows;
}

export async function findDocument(q: StoreQueries, id: string): Promise<SharedDocument | undefined> {
  return (await sql<SharedDocument>`SELECT ${DOCUMENT_COLUMNS} FROM shared_documents WHERE id = ${id}`.execute(q)).rows[0];
}

export async function insertDocument(q: StoreQueries, now: number, doc: SharedDocument): Promise<void> {
  await sql`INSERT INTO shared_documents (id, webcast_id, title, pages, created_at) VALUES (${doc.id}, ${doc.webcastId}, ${doc.title}, ${doc.pages}, ${now})
    ON CONFLICT (id) DO NOTHING`.execute(q);
}

export const fileOf = (docId: string, page: number): string => `${docId}/${page}`;

/** The path a page is served at (relative to the resource host). */
export const fileUrl = (file: string): string => `${FILES_PREFIX}/${file.split('/').map(encodeURIComponent).join('/')}`;

/** `<docId>/<page>` of a document of the room, or 4501 naming `field`. */
export async function parseFile(q: StoreQueries, webcastId: string, file: string, field: string): Promise<{ doc: SharedDocument; page: number }> {
  const match = /^(.+)\/([1-9][0-9]{0,3})$/.exec(file);
  const doc = match ? await findDocument(q, match[1]!) : undefined;
  const page = match ? Number(match[2]) : 0;
  if (!doc || doc.webcastId !== webcastId || page > doc.pages) throw invalid(field, 'no such file in this room');
  return { doc, page };
}

export interface ShareChange {
  readonly docId?: string;
  readonly page?: number;
  readonly whiteboard?: boolean;
  /** Stop sharing: the room then has no sharing content. */
  readonly stop?: boolean;
}

/**
 * The host starts, turns or stops sharing a document, or opens or closes the whiteboard.
 * The room's share is held from the read to the write: a page turned on one node and the
 * whiteboard opened on another both hold.
 */
export async function changeShare(ctx: ServerContext, webcastId: string, change: ShareChange) {
  await ctx.store.db.transaction().execute(async (tx) => {
    await lockKey(tx, `share:${webcastId}`);
    const current = await settingsOf(tx, webcastId);
    if (change.stop === true) {
      await updateSettings(tx, webcastId, { shared_doc_id: null, shared_doc_page: 1, whiteboard_open: 0, share_updated_at: ctx.now() });
      return;
    }
    const docId = change.docId ?? current.sharedDocId ?? (await documentsOf(tx, webcastId))[0]?.id;
    const doc = docId === undefined ? undefined : await findDocument(tx, docId);
    if (!doc || doc.webcastId !== webcastId) throw invalid('docId', docId === undefined ? 'this room has no document' : 'no such document in this room');
    const page = change.page ?? (doc.id === current.sharedDocId ? current.sharedDocPage : 1);
    if (!Number.isSafeInteger(page) || page < 1 || page > doc.pages) throw invalid('page', `must be from 1 to ${doc.pages}`);
    const whiteboard = change.whiteboard ?? current.whiteboardOpen;
    await updateSettings(tx, webcastId, { shared_doc_id: doc.id, shared_doc_page: page, whiteboard_open: whiteboard ? 1 : 0, share_updated_at: ctx.now() });
  });
  return shareRecorded(ctx, webcastId);
}

/** The share as it now stands, also written to the room's timeline: a replay turns its pages at their times. */
async function shareRecorded(ctx: ServerContext, webcastId: string) {
  const state = await shareState(ctx, webcastId);
  const { updatedAt: _at, ...shown } = state;
  await recordTimeline(ctx, webcastId, 'slide', shown);
  return state;
}

/** What is shared now: no document means "no sharing content" (sharing false, doc null). */
export async function shareState(ctx: ServerContext, webcastId: string) {
  const s = await settingsOf(ctx.store.db, webcastId);
  const doc = s.sharedDocId === null ? undefined : await findDocument(ctx.store.db, s.sharedDocId);
  return {
    sharing: doc !== undefined,
    doc: doc
      ? { id: doc.id, title: doc.title, pages: doc.pages, page: s.sharedDocPage, file: fileOf(doc.id, s.sharedDocPage), url: fileUrl(fileOf(doc.id, s.sharedDocPage)) }
      : null,
    whiteboard: { open: s.whiteboardOpen, docId: doc?.id ?? null, page: doc ? s.sharedDocPage : null },
    updatedAt: s.shareUpdatedAt,
  };
}

const escapeXml = (s: string): string =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A 16:9 slide showing the document title and the page number. */
export function slideSvg(doc: SharedDocument, page: number): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">',
    '<rect width="1280" height="720" fill="#ffffff"/>',
    '<rect x="0" y="0" width="1280" height="96" fill="#2081eb"/>',
    `<text x="64" y="62" font-family="sans-serif" font-size="40" fill="#ffffff">${escapeXml(doc.title)}</text>`,
    `<text x="640" y="400" font-family="sans-serif" font-size="120" text-anchor="middle" fill="#333333">${page} / ${doc.pages}</text>`,
    '</svg>',
  ].join('');
}
