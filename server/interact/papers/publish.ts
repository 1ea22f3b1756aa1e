/**
 * The host publishes a questionnaire, a quiz or an answer sheet (push 7115). Without an id
 * the room's first of that kind is published; publishing again re-announces it.
 */
import type { ServerContext } from '../../context.js';
import { invalid } from '../../http/envelope.js';
import { findSheet, firstSheetOf, markSheetPublished } from '../answerSheet/store.js';
import type { PaperKind } from './model.js';
import { talliesOf } from './results.js';
import { closePaper, findPaper, markPublished, papersOfKind, publishedPapers } from './store.js';

/** What the admin call names: a questionnaire ('paper'), a quiz or an answer sheet. */
export type PublishKind = 'paper' | 'quiz' | 'answerSheet';
export const PUBLISH_KINDS: readonly PublishKind[] = ['paper', 'quiz', 'answerSheet'];

const PAPER_KIND: Record<Exclude<PublishKind, 'answerSheet'>, PaperKind> = { paper: 'questionnaire', quiz: 'quiz' };

export async function publish(ctx: ServerContext, webcastId: string, kind: PublishKind, id?: string) {
  const q = ctx.store.db;
  if (kind === 'answerSheet') {
    const sheet = id !== undefined ? await findSheet(q, id) : await firstSheetOf(q, webcastId);
    if (!sheet || sheet.webcastId !== webcastId) throw invalid('id', id === undefined ? 'this room has no answer sheet' : 'no such answer sheet in this room');
    await markSheetPublished(q, ctx.now(), sheet.id);
    const body = { kind: 'answerSheet' as const, confId: webcastId, id: sheet.id, title: sheet.title };
    ctx.hub.publish(webcastId, 7115, body);
    return body;
  }
  const paperKind = PAPER_KIND[kind];
  const paper = id !== undefined ? await findPaper(q, id) : (await papersOfKind(q, webcastId, paperKind))[0];
  if (!paper || paper.webcastId !== webcastId || paper.kind !== paperKind) {
    throw invalid('id', id === undefined ? `this room has no ${kind === 'paper' ? 'questionnaire' : 'quiz'}` : `no such ${kind} in this room`);
  }
  await markPublished(q, ctx.now(), paper.id);
  // PROTOCOL 7115 knows the kinds paper and answerSheet: a quiz is a paper that is scored.
  const body = { kind: 'paper' as const, id: paper.id, quiz: paper.kind === 'quiz', title: paper.title };
  ctx.hub.publish(webcastId, 7115, body);
  return body;
}

/** The host closes a published paper (the room's newest one without an id): no more answers, and its results go out. */
export async function closePaperOf(ctx: ServerContext, webcastId: string, id?: string) {
  const q = ctx.store.db;
  const paper = id !== undefined ? await findPaper(q, id) : (await publishedPapers(q, webcastId)).find((p) => p.closedAt === null);
  if (!paper || paper.webcastId !== webcastId) throw invalid('id', id === undefined ? 'this room has no open paper' : 'no such paper in this room');
  if (paper.publishedAt === null) throw invalid('id', 'this paper is not published');
  if (!(await closePaper(q, ctx.now(), paper.id))) throw invalid('id', 'this paper is closed already');
  await talliesOf(ctx).closed((await findPaper(q, paper.id))!);
  return { id: paper.id, closed: true };
}
