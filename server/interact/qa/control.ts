/**
 * Staff side of Q&A: switching it on, off or back to not opened (push 7123 `{state}`),
 * approving a question after review and answering one (push 7123 `{question}`: the approved
 * or answered question, with its answer).
 */
import type { ServerContext } from '../../context.js';
import { invalid } from '../../http/envelope.js';
import { updateSettings, type QaState } from '../shared/settings.js';
import { answerQuestion, approveQuestion, findQuestion, type Question } from './store.js';

export const ANSWER_MAX = 1000;

/** What the room and the lists show of a question. */
export const questionView = (q: Question) => ({
  qaId: q.id,
  uid: q.uid,
  name: q.name,
  content: q.content,
  status: q.status,
  parentId: q.parentId,
  answer: q.answer,
  answeredAt: q.answeredAt,
  createdAt: q.createdAt,
});

export async function setQaState(ctx: ServerContext, webcastId: string, state: QaState) {
  await updateSettings(ctx.store.db, webcastId, { qa_state: state });
  const body = { state };
  ctx.hub.publish(webcastId, 7123, body);
  return body;
}

async function questionOfRoom(ctx: ServerContext, webcastId: string, qaId: string): Promise<Question> {
  const question = await findQuestion(ctx.store.db, qaId);
  if (!question || question.webcastId !== webcastId) throw invalid('qaId', 'no such question in this room');
  return question;
}

export async function approve(ctx: ServerContext, webcastId: string, qaId: string) {
  const question = await questionOfRoom(ctx, webcastId, qaId);
  if (!(await approveQuestion(ctx.store.db, question.id))) throw invalid('qaId', `the question is already ${question.status}`);
  const view = questionView((await findQuestion(ctx.store.db, question.id))!);
  // The room sees an approved question at once, as it sees an answer.
  ctx.hub.publish(webcastId, 7123, { question: view });
  return view;
}

export async function answer(ctx: ServerContext, webcastId: string, qaId: string, text: string, answeredBy: string) {
  const trimmed = text.trim();
  if (!trimmed) throw invalid('text', 'is required');
  if ([...trimmed].length > ANSWER_MAX) throw invalid('text', `must have at most ${ANSWER_MAX} characters`);
  const question = await questionOfRoom(ctx, webcastId, qaId);
  const view = questionView(await answerQuestion(ctx.store.db, ctx.now(), question.id, trimmed, answeredBy));
  ctx.hub.publish(webcastId, 7123, { question: view });
  return view;
}
