/** Answer sheets on the live service: need-answer, get and answer, by conference (confId). */
import type { FastifyInstance } from 'fastify';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { ServerContext } from '../../context.js';
import { invalid, okEnvelope } from '../../http/envelope.js';
import { enter } from '../shared/access.js';
import { ID, objectOf } from '../shared/schema.js';
import { currentSheet, findSheetAnswer, insertSheetAnswer, type AnswerSheet } from './store.js';

const CONF_QUERY = { querystring: objectOf({ confId: ID }, ['confId']) };

async function sheetView(ctx: ServerContext, sheet: AnswerSheet, userId: string) {
  const mine = await findSheetAnswer(ctx.store.db, sheet.id, userId);
  return {
    id: sheet.id,
    confId: sheet.webcastId,
    title: sheet.title,
    multiple: sheet.multiple,
    options: sheet.options,
    publishedAt: sheet.publishedAt,
    answered: mine !== undefined,
    myAnswer: mine?.answer ?? null,
    // The key only once the user has answered, so it cannot be read first.
    correct: mine ? sheet.correct : null,
    right: mine?.correct ?? null,
  };
}

/** Option letters of the answer: "B", ["A", "C"] or "A,C"; each must be an option of the sheet. */
function chosenOptions(sheet: AnswerSheet, raw: unknown): string[] {
  const values: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  if (!values.every((v) => typeof v === 'string' || typeof v === 'number')) throw invalid('answer', 'must be option numbers');
  const chosen = [...new Set(values.map((v) => String(v).trim()).filter((v) => v.length > 0))];
  if (chosen.length === 0) throw invalid('answer', 'choose an option');
  if (!sheet.multiple && chosen.length > 1) throw invalid('answer', 'this answer sheet takes one option');
  const known = new Set(sheet.options.map((o) => o.number));
  const unknown = chosen.find((c) => !known.has(c));
  if (unknown !== undefined) throw invalid('answer', `"${unknown}" is not an option of this answer sheet`);
  return chosen;
}

function isRight(sheet: AnswerSheet, chosen: readonly string[]): boolean | null {
  if (sheet.correct === null) return null;
  const key = new Set(sheet.correct);
  return chosen.length === key.size && chosen.every((c) => key.has(c));
}

export function answerSheetRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { confId: string } }>(LIVE_CALLS.answerSheetNeed.path, { schema: CONF_QUERY }, async (request) => {
    const { session, room } = await enter(ctx, request, request.query.confId, 'confId');
    const sheet = await currentSheet(ctx.store.db, room.id);
    const need = sheet !== undefined && (await findSheetAnswer(ctx.store.db, sheet.id, session.userId)) === undefined;
    return okEnvelope({ need, id: sheet?.id ?? null, title: sheet?.title ?? null });
  });

  app.get<{ Querystring: { confId: string } }>(LIVE_CALLS.answerSheetGet.path, { schema: CONF_QUERY }, async (request) => {
    const { session, room } = await enter(ctx, request, request.query.confId, 'confId');
    const sheet = await currentSheet(ctx.store.db, room.id);
    return okEnvelope({ sheet: sheet ? await sheetView(ctx, sheet, session.userId) : null });
  });

  app.post<{ Body: { confId: string; answer: unknown } }>(
    LIVE_CALLS.answerSheetAnswer.path,
    { schema: { body: objectOf({ confId: ID, answer: {} }, ['confId', 'answer']) } },
    async (request) => {
      const { session, room } = await enter(ctx, request, request.body.confId, 'confId');
      const sheet = await currentSheet(ctx.store.db, room.id);
      if (!sheet) throw invalid('confId', 'no answer sheet is published in this room');
      const chosen = chosenOptions(sheet, request.body.answer);
      if (!(await insertSheetAnswer(ctx.store.db, ctx.now(), sheet.id, session.userId, chosen, isRight(sheet, chosen)))) {
        throw invalid('confId', 'this answer sheet has already been answered');
      }
      return okEnvelope(await sheetView(ctx, sheet, session.userId));
    },
  );
}
