/**
 * Questionnaires and quizzes on the live service: paper info, the room's published papers,
 * the newest one still unanswered, and answering (once per user and paper).
 */
import type { FastifyInstance } from 'fastify';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import { requireSession } from '../../auth/sessions.js';
import type { ServerContext } from '../../context.js';
import { okEnvelope, invalid } from '../../http/envelope.js';
import { callerIn, enter } from '../shared/access.js';
import { ID, objectOf } from '../shared/schema.js';
import { checkAnswers, scoreQuiz, OPTION_TEXT_MAX, type SubmittedAnswer } from './answers.js';
import { resultsVisible } from '../../../src/domain/paperResults';
import { publicPaper, type StoredPaper } from './model.js';
import { resultsOf, talliesOf } from './results.js';
import { answeredPaperIds, findAnswer, findPaper, insertAnswer, publishedPapers } from './store.js';

const MAX_ANSWERS = 200;

const ANSWER_SCHEMA = objectOf(
  {
    id: ID,
    answer: {},
    options: {
      type: 'array',
      maxItems: 50,
      items: objectOf({ number: { type: 'string', minLength: 1, maxLength: 16 }, answerOption: { type: ['string', 'null'], maxLength: OPTION_TEXT_MAX * 2 } }, ['number']),
    },
  },
  ['id'],
);

/**
 * The paper as a user sees it: a quiz's correct options only after the user has answered;
 * the results when the user may see them (src/domain/paperResults.ts resultsVisible). An
 * anonymous paper has no answers of the user's to give back.
 */
export async function paperView(ctx: ServerContext, paper: StoredPaper, userId: string) {
  const mine = await findAnswer(ctx.store.db, paper.id, userId);
  const scored = mine && paper.kind === 'quiz' ? scoreQuiz(paper, mine.answers) : null;
  const visible = resultsVisible(paper.results, paper.closedAt !== null, mine !== undefined);
  return {
    ...publicPaper(paper),
    answered: mine !== undefined,
    myAnswer: mine && !paper.anonymous ? { answers: mine.answers, answeredAt: mine.createdAt } : null,
    result: scored,
    results: visible ? await resultsOf(ctx, paper) : null,
  };
}

async function publishedPaper(ctx: ServerContext, id: string): Promise<StoredPaper> {
  const paper = await findPaper(ctx.store.db, id);
  if (!paper) throw invalid('id', 'no such paper');
  if (paper.publishedAt === null) throw invalid('id', 'this paper is not published');
  return paper;
}

export function paperRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onClose', async () => talliesOf(ctx).close());

  app.get<{ Querystring: { id: string } }>(
    LIVE_CALLS.paperInfo.path,
    { schema: { querystring: objectOf({ id: ID }, ['id']) } },
    async (request) => {
      const session = await requireSession(ctx.sessions, request);
      const paper = await publishedPaper(ctx, request.query.id);
      await callerIn(ctx, session, paper.webcastId, 'id');
      return okEnvelope(await paperView(ctx, paper, session.userId));
    },
  );

  app.get<{ Querystring: { webcastId: string } }>(
    LIVE_CALLS.paperPublishList.path,
    { schema: { querystring: objectOf({ webcastId: ID }, ['webcastId']) } },
    async (request) => {
      const { session, room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
      const papers = await publishedPapers(ctx.store.db, room.id);
      const answered = await answeredPaperIds(ctx.store.db, session.userId, papers.map((p) => p.id));
      return okEnvelope({
        list: papers.map((p) => ({ id: p.id, kind: p.kind, title: p.title, publishedAt: p.publishedAt, answered: answered.has(p.id) })),
      });
    },
  );

  app.get<{ Querystring: { webcastId: string } }>(
    LIVE_CALLS.paperUnanswered.path,
    { schema: { querystring: objectOf({ webcastId: ID }, ['webcastId']) } },
    async (request) => {
      const { session, room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
      const papers = await publishedPapers(ctx.store.db, room.id);
      const answered = await answeredPaperIds(ctx.store.db, session.userId, papers.map((p) => p.id));
      const next = papers.find((p) => !answered.has(p.id));
      return okEnvelope({ paper: next ? await paperView(ctx, next, session.userId) : null, unanswered: papers.length - answered.size });
    },
  );

  app.post<{ Body: { id: string; webcastId: string; answers: SubmittedAnswer[] } }>(
    LIVE_CALLS.paperState.path,
    {
      schema: {
        body: objectOf({ id: ID, webcastId: ID, answers: { type: 'array', maxItems: MAX_ANSWERS, items: ANSWER_SCHEMA } }, ['id', 'webcastId', 'answers']),
      },
    },
    async (request) => {
      const { id, webcastId, answers } = request.body;
      const { session, room } = await enter(ctx, request, webcastId, 'webcastId');
      const paper = await publishedPaper(ctx, id);
      if (paper.webcastId !== room.id) throw invalid('id', 'this paper belongs to another room');
      if (paper.closedAt !== null) throw invalid('id', 'this paper is closed');
      const checked = checkAnswers(paper, answers);
      const scored = paper.kind === 'quiz' ? scoreQuiz(paper, checked) : null;
      const stored = await insertAnswer(ctx.store, ctx.now(), paper, session.userId, { answers: checked, score: scored?.score ?? null, total: scored?.total ?? null });
      if (!stored) throw invalid('id', 'this paper has already been answered');
      talliesOf(ctx).answered(paper);
      return okEnvelope({ id: paper.id, answered: true, result: scored, results: resultsVisible(paper.results, false, true) ? await resultsOf(ctx, paper) : null });
    },
  );
}
