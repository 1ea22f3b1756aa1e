/**
 * The answer sheet card's data for one room: the sheet the host publishes (7115 kind
 * answerSheet through the worker), or on arrival the room's current one when the viewer
 * still needs to answer it; its answer-once flow (domain/paperFlow: offered, submitting,
 * submitted, the same rules as a paper), answered in any tab (the room's acted notes).
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { offeredPaper, stepPaper, type PaperEvent, type PaperFlow } from '../../domain/paperFlow';
import { answerSheetActivity } from '../../domain/roomActivity';
import { useApi } from '../../state/apiContext';
import { useActivityCard } from '../../state/roomActivity';
import { noteActed } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText, invalidInputDetail } from '../../ui/failureText';
import { useSubmitGuard } from '../../ui/useSubmitGuard';
import { answerSheetActedKey, readAnswerSheet, readCurrentSheet, readNeed, SHEET_ALREADY_ANSWERED, type AnswerSheet } from './answerSheetData';

type Action = { readonly type: 'show'; readonly sheet: AnswerSheet } | PaperEvent;

interface Model {
  readonly sheet: AnswerSheet;
  readonly flow: PaperFlow;
}

function reduce(model: Model | null, action: Action): Model | null {
  if (action.type === 'show') {
    const { sheet } = action;
    if (model !== null && model.sheet.id === sheet.id) {
      return { sheet, flow: sheet.answered ? stepPaper(model.flow, { type: 'answeredElsewhere', result: null }) : model.flow };
    }
    // The card is the form: an offered sheet is being answered at once.
    return { sheet, flow: sheet.answered ? offeredPaper(true) : stepPaper(offeredPaper(false), { type: 'open' }) };
  }
  return model === null ? null : { ...model, flow: stepPaper(model.flow, action) };
}

export interface AnswerSheetView {
  readonly sheet: AnswerSheet | null;
  readonly flow: PaperFlow | null;
  readonly chosen: readonly string[];
  readonly dismissed: boolean;
  choose(number: string): void;
  submit(): void;
  dismiss(): void;
}

export function useAnswerSheet(roomId: string): AnswerSheetView {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const pushedPaper = useRoomStateKey(roomId, 'paper');
  const actedNotes = useRoomStateKey(roomId, 'acted');
  const [model, dispatch] = useReducer(reduce, null);
  const [chosen, setChosen] = useState<readonly string[]>([]);

  const read = useCallback(
    (signal?: AbortSignal) =>
      api.live.answerSheetGet({ confId: roomId }, { signal, background: true }).then(
        (data) => {
          const sheet = readCurrentSheet(data);
          if (sheet !== null) dispatch({ type: 'show', sheet });
        },
        () => undefined, // the next push reads again
      ),
    [api, roomId],
  );

  // A late joiner, a reload: the room's current sheet, when still to be answered.
  useEffect(() => {
    const controller = new AbortController();
    api.live.answerSheetNeed({ confId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        if (readNeed(data)) void read(controller.signal);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, roomId, read]);

  // Published (or published again): read the sheet.
  const pushed = pushedPaper?.kind === 'answerSheet' ? pushedPaper : null;
  useEffect(() => {
    if (pushed === null) return;
    const controller = new AbortController();
    void read(controller.signal);
    return () => controller.abort();
  }, [pushed, read]);

  // Answered in another tab: read it again for the answer and the key.
  const sheetId = model?.sheet.id ?? null;
  const acted = sheetId === null ? undefined : actedNotes?.[answerSheetActedKey(sheetId)];
  const answered = model?.sheet.answered ?? false;
  useEffect(() => {
    if (acted !== undefined && !answered) void read();
  }, [acted, answered, read]);

  const choose = useCallback(
    (number: string) => {
      if (model === null) return;
      setChosen((current) => (model.sheet.multiple ? (current.includes(number) ? current.filter((n) => n !== number) : [...current, number]) : [number]));
    },
    [model],
  );

  const submit = useCallback(() => {
    if (model === null || model.flow.phase !== 'answering' || chosen.length === 0 || !guard.pass()) return;
    const { id } = model.sheet;
    dispatch({ type: 'submit' });
    api.live.answerSheetAnswer({ confId: roomId, answer: chosen }).then(
      (data) => {
        const sheet = readAnswerSheet(data);
        dispatch({ type: 'submitted', result: null });
        if (sheet !== null) dispatch({ type: 'show', sheet });
        noteActed(roomId, answerSheetActedKey(id), { answered: true });
      },
      (error: unknown) => {
        guard.reset();
        if (SHEET_ALREADY_ANSWERED.test(invalidInputDetail(error) ?? '')) {
          dispatch({ type: 'answeredElsewhere', result: null });
          void read();
        } else dispatch({ type: 'failed', reason: failureText(error, t) });
      },
    );
  }, [api, chosen, guard, model, read, roomId, t]);

  // The tray lists it; putting the card away keeps it there.
  const card = useActivityCard(
    roomId,
    model === null
      ? null
      : { slot: 'answerSheet', key: `answerSheet:${model.sheet.id}`, kind: 'answerSheet', title: model.sheet.title, status: answerSheetActivity(model.flow.phase === 'submitted', model.sheet.correct !== null) },
  );

  return {
    sheet: model?.sheet ?? null,
    flow: model?.flow ?? null,
    chosen,
    dismissed: card.dismissed,
    choose,
    submit,
    dismiss: card.dismiss,
  };
}
