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

export function publish(ctx: ServerContext, webcastId: string, kind: PublishKind, id?: string) {
  if (kind === 'answerSheet') {
    const sheet = id !== undefined ? findSheet(ctx, id) : firstSheetOf(ctx, webcastId);
    if (!sheet || sheet.webcastId !== webcastId) throw invalid('id', id === undefined ? 'this room has no answer sheet' : 'no such answer sheet in this room');
    markSheetPublished(ctx, sheet.id);
    const body = { kind: 'answerSheet' as const, confId: webcastId, id: sheet.id, title: sheet.title };
    ctx.hub.publish(webcastId, 7115, body);
    return body;
  }
  const paperKind = PAPER_KIND[kind];
  const paper = id !== undefined ? findPaper(ctx, id) : papersOfKind(ctx, webcastId, paperKind)[0];
  if (!paper || paper.webcastId !== webcastId || paper.kind !== paperKind) {
    throw invalid('id', id === undefined ? `this room has no ${kind === 'paper' ? 'questionnaire' : 'quiz'}` : `no such ${kind} in this room`);
  }
  markPublished(ctx, paper.id);
  // PROTOCOL 7115 knows the kinds paper and answerSheet: a quiz is a paper that is scored.
  const body = { kind: 'paper' as const, id: paper.id, quiz: paper.kind === 'quiz', title: paper.title };
  ctx.hub.publish(webcastId, 7115, body);
  return body;
}

/** The host closes a published paper (the room's newest one without an id): no more answers, and its results go out. */
export function closePaperOf(ctx: ServerContext, webcastId: string, id?: string) {
  const paper = id !== undefined ? findPaper(ctx, id) : publishedPapers(ctx, webcastId).find((p) => p.closedAt === null);
  if (!paper || paper.webcastId !== webcastId) throw invalid('id', id === undefined ? 'this room has no open paper' : 'no such paper in this room');
  if (paper.publishedAt === null) throw invalid('id', 'this paper is not published');
  if (!closePaper(ctx, paper.id)) throw invalid('id', 'this paper is closed already');
  talliesOf(ctx).closed(findPaper(ctx, paper.id)!);
  return { id: paper.id, closed: true };
}
