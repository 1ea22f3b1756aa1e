/**
 * Q&A on the live service: ask (only while Q&A is on; at least 5 characters, SPEC 5), the
 * questions of a conference, one question with its answer and follow-ups, asking a
 * follow-up to a question, and the switch state. New questions wait for staff review
 * (see control.ts); the asker sees their own at once.
 */
import type { FastifyInstance } from 'fastify';
import { validateQuestionText } from '../../../src/domain';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import { requireSession } from '../../auth/sessions.js';
import type { ServerContext } from '../../context.js';
import { invalid, okEnvelope } from '../../http/envelope.js';
import { callerIn, enter, type Caller } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { invalidBy } from '../shared/problems.js';
import { settingsOf } from '../shared/settings.js';
import { ID, PAGING, objectOf, page, type Paging } from '../shared/schema.js';
import { questionView } from './control.js';
import { CoalescedPush } from '../../live/countsPush.js';
import { findQuestion, followUpsOf, insertQuestion, roomVotes, setVote, visibleQuestions, votesOf, type Question } from './store.js';

export const QUESTION_MAX = 500;
/** Vote tallies reach the room at most this often (per room). */
export const VOTE_TALLY_INTERVAL_MS = 1000;

const CONTENT = { type: 'string', maxLength: QUESTION_MAX * 4 } as const;

async function ask(ctx: ServerContext, caller: Caller, rawContent: string, parent: Question | null) {
  const state = (await settingsOf(ctx.store.db, caller.room.id)).qaState;
  if (state !== 'on') throw invalid('confId', state === 'off' ? 'Q&A is closed in this room' : 'Q&A has not been opened in this room');
  const content = validateQuestionText(rawContent);
  if (!content.ok) throw invalidBy('content', content.error);
  if ([...content.value].length > QUESTION_MAX) throw invalid('content', `must have at most ${QUESTION_MAX} characters`);
  const question = await insertQuestion(ctx.store.db, ctx.now(), {
    id: newId('qa'),
    webcastId: caller.room.id,
    uid: caller.user.id,
    name: caller.user.name,
    content: content.value,
    status: 'pending',
    parentId: parent?.id ?? null,
  });
  return questionView(question);
}

/** A question the caller may see (reviewed, or their own). */
async function visibleQuestion(ctx: ServerContext, caller: Caller, qaId: string): Promise<Question> {
  const question = await findQuestion(ctx.store.db, qaId);
  if (!question || question.webcastId !== caller.room.id || (question.status === 'pending' && question.uid !== caller.user.id)) {
    throw invalid('qaId', 'no such question');
  }
  return question;
}

export function qaRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Vote tallies go to the room coalesced, at most once a second per room, as versioned
  // snapshots of the questions whose count moved: never one push per vote.
  const dirty = new Map<string, Set<string>>();
  const versions = new Map<string, number>();
  const tallies = new CoalescedPush(
    (webcastId) => {
      const ids = [...(dirty.get(webcastId) ?? [])];
      dirty.delete(webcastId);
      if (ids.length === 0) return;
      const version = (versions.get(webcastId) ?? 0) + 1;
      versions.set(webcastId, version);
      // The version is taken now, so snapshots keep their order however long the counts take.
      Promise.all(ids.map(async (qaId) => ({ qaId, votes: await votesOf(ctx.store.db, qaId) })))
        .then((votes) => ctx.hub.publish(webcastId, 7123, { votes, version }))
        .catch((error: unknown) => console.error('Q&A: the vote tally push failed:', error));
    },
    ctx.now,
    VOTE_TALLY_INTERVAL_MS,
  );
  app.addHook('onClose', async () => tallies.close());

  app.post<{ Body: { confId: string; qaId: string; up: boolean } }>(
    LIVE_CALLS.qaVote.path,
    { schema: { body: objectOf({ confId: ID, qaId: ID, up: { type: 'boolean' } }, ['confId', 'qaId', 'up']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.confId, 'confId');
      const question = await visibleQuestion(ctx, caller, request.body.qaId);
      if (question.status === 'pending') throw invalid('qaId', 'this question is waiting for review');
      if (await setVote(ctx.store.db, ctx.now(), question.id, caller.user.id, request.body.up)) {
        const ids = dirty.get(caller.room.id) ?? new Set<string>();
        ids.add(question.id);
        dirty.set(caller.room.id, ids);
        tallies.changed(caller.room.id);
      }
      return okEnvelope({ qaId: question.id, votes: await votesOf(ctx.store.db, question.id), voted: request.body.up });
    },
  );

  app.post<{ Body: { confId: string; content: string } }>(
    LIVE_CALLS.qaAsk.path,
    { schema: { body: objectOf({ confId: ID, content: CONTENT }, ['confId', 'content']) } },
    async (request) => okEnvelope(await ask(ctx, await enter(ctx, request, request.body.confId, 'confId'), request.body.content, null)),
  );

  app.get<{ Querystring: { confId: string; sort?: 'newest' | 'votes' } & Paging }>(
    LIVE_CALLS.qaList.path,
    { schema: { querystring: objectOf({ confId: ID, sort: { type: 'string', enum: ['newest', 'votes'] }, ...PAGING }, ['confId']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.query.confId, 'confId');
      const threads = (await visibleQuestions(ctx.store.db, caller.room.id, caller.user.id)).filter((q) => q.parentId === null);
      const { counts, mine } = await roomVotes(ctx.store.db, caller.room.id, caller.user.id);
      const withVotes = (q: Question) => ({ ...questionView(q), votes: counts.get(q.id) ?? 0, voted: mine.has(q.id) });
      // sort=votes: the most voted first (then the newest); else the newest first.
      const ordered = request.query.sort === 'votes' ? [...threads].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || b.createdAt - a.createdAt) : threads;
      const paged = page(ordered, request.query);
      return okEnvelope({
        state: (await settingsOf(ctx.store.db, caller.room.id)).qaState,
        total: paged.total,
        list: await Promise.all(paged.list.map(async (q) => ({ ...withVotes(q), followUps: (await followUpsOf(ctx.store.db, q.id, caller.user.id)).map(withVotes) }))),
      });
    },
  );

  app.get<{ Querystring: { qaId: string } }>(
    LIVE_CALLS.qaReply.path,
    { schema: { querystring: objectOf({ qaId: ID }, ['qaId']) } },
    async (request) => {
      // Read only: GET calls are retried by the client (docs/protocol.md 4.4), so answering is
      // done by staff over the admin API, never by a GET.
      const session = await requireSession(ctx.sessions, request);
      const question = await findQuestion(ctx.store.db, request.query.qaId);
      if (!question) throw invalid('qaId', 'no such question');
      const caller = await callerIn(ctx, session, question.webcastId, 'qaId');
      const visible = await visibleQuestion(ctx, caller, question.id);
      return okEnvelope({ ...questionView(visible), followUps: (await followUpsOf(ctx.store.db, visible.id, caller.user.id)).map(questionView) });
    },
  );

  app.post<{ Body: { confId: string; qaId: string; content: string } }>(
    LIVE_CALLS.qaWithQuestion.path,
    { schema: { body: objectOf({ confId: ID, qaId: ID, content: CONTENT }, ['confId', 'qaId', 'content']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.confId, 'confId');
      const parent = await visibleQuestion(ctx, caller, request.body.qaId);
      // A follow-up belongs to the thread of the first question.
      const root = parent.parentId === null ? parent : await visibleQuestion(ctx, caller, parent.parentId);
      return okEnvelope(await ask(ctx, caller, request.body.content, root));
    },
  );

  app.get<{ Querystring: { webcastId: string } }>(
    LIVE_CALLS.qaSwitch.path,
    { schema: { querystring: objectOf({ webcastId: ID }, ['webcastId']) } },
    async (request) => {
      const { room } = await enter(ctx, request, request.query.webcastId, 'webcastId');
      return okEnvelope({ state: (await settingsOf(ctx.store.db, room.id)).qaState });
    },
  );
}
