/**
 * The paper card's data for one room: the paper offered (the room's 7115 push through the
 * worker, or the newest unanswered one the room answers on arrival), its machine
 * (domain/paperFlow), the viewer's draft, answered in any tab (the room's acted notes), and
 * the actions of the form.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { PaperProblem } from '../../domain/paper';
import { checkDraft, submissionOf, type PaperDraft } from '../../domain/paperDraft';
import { offeredPaper, stepPaper, type PaperEvent, type PaperFlow } from '../../domain/paperFlow';
import { readPaperResults, resultsVisible, type PaperResults } from '../../domain/paperResults';
import { onPaperRequest } from './paperRequests';
import { paperActivity } from '../../domain/roomActivity';
import { useApi } from '../../state/apiContext';
import { reopenRoomActivity, useActivityCard } from '../../state/roomActivity';
import { noteActed } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText, invalidInputDetail } from '../../ui/failureText';
import { useSubmitGuard } from '../../ui/useSubmitGuard';
import { ALREADY_ANSWERED, paperActedKey, readPaper, readQuizResult, readUnansweredPaper, type OfferedPaper } from './paperData';

type Action = { readonly type: 'offer'; readonly paper: OfferedPaper } | PaperEvent;

interface Model {
  readonly paper: OfferedPaper;
  readonly flow: PaperFlow;
}

function reduce(model: Model | null, action: Action): Model | null {
  if (action.type === 'offer') {
    // The same paper again (a re-announce, a fresh read after answering elsewhere): keep the flow unless it is now answered.
    if (model !== null && model.paper.id === action.paper.id) {
      const { flow: current } = model;
      const flow = !action.paper.answered
        ? current
        : current.phase === 'submitted'
          ? { ...current, result: current.result ?? action.paper.result }
          : stepPaper(current, { type: 'answeredElsewhere', result: action.paper.result });
      return { paper: action.paper, flow };
    }
    return { paper: action.paper, flow: offeredPaper(action.paper.answered, action.paper.result) };
  }
  return model === null ? null : { ...model, flow: stepPaper(model.flow, action) };
}

/** A paper's entry in the room's activity (one slot: the paper card shows one paper at a time). */
const paperActivityKey = (id: string): string => `paper:${id}`;

export interface PaperView {
  readonly paper: OfferedPaper | null;
  readonly flow: PaperFlow | null;
  /** The results this viewer may see now (domain/paperResults resultsVisible), else null. */
  readonly results: PaperResults | null;
  /** The host closed the paper: no more answers. */
  readonly closed: boolean;
  readonly draft: PaperDraft;
  readonly problems: readonly PaperProblem[];
  readonly dismissed: boolean;
  /** A paper the room's list asked to show (paperRequests.ts), until the card has opened it. */
  readonly requestedId: string | null;
  requestHandled(): void;
  setDraft(change: (draft: PaperDraft) => PaperDraft): void;
  open(): void;
  close(): void;
  submit(): void;
  dismiss(): void;
}

export function usePaper(roomId: string): PaperView {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const pushedPaper = useRoomStateKey(roomId, 'paper');
  const actedNotes = useRoomStateKey(roomId, 'acted');
  const pushedResults = useRoomStateKey(roomId, 'paperResults');
  const [model, dispatch] = useReducer(reduce, null);
  const [draft, setDraftState] = useState<PaperDraft>({});
  const [problems, setProblems] = useState<readonly PaperProblem[]>([]);
  const [answeredResults, setAnsweredResults] = useState<{ readonly id: string; readonly results: PaperResults } | null>(null);
  const paperId = model?.paper.id ?? null;

  const load = useCallback(
    (id: string, signal?: AbortSignal) =>
      api.live.paperInfo({ id }, { signal, background: true }).then(
        (data) => {
          const paper = readPaper(data);
          if (paper !== null) dispatch({ type: 'offer', paper });
        },
        () => undefined, // the card keeps what it has; the next push or visit reads again
      ),
    [api],
  );

  // A late joiner, a reload: the newest paper still unanswered.
  useEffect(() => {
    const controller = new AbortController();
    api.live.paperUnanswered({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        const paper = readUnansweredPaper(data);
        if (paper !== null) dispatch({ type: 'offer', paper });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, roomId]);

  // The room's list of papers asked for one: read it (even one dismissed before) for the card to open.
  const [requestedId, setRequestedId] = useState<string | null>(null);
  useEffect(
    () =>
      onPaperRequest(roomId, (id) => {
        reopenRoomActivity(roomId, paperActivityKey(id));
        setRequestedId(id);
        void load(id);
      }),
    [roomId, load],
  );

  // A paper the host publishes (7115 kind paper): read it. A new paper starts a new draft.
  const pushed = pushedPaper?.kind === 'paper' ? pushedPaper.id : null;
  useEffect(() => {
    if (pushed === null) return;
    const controller = new AbortController();
    void load(pushed, controller.signal);
    return () => controller.abort();
  }, [pushed, load]);
  const draftFor = useRef<string | null>(null);
  useEffect(() => {
    if (paperId === draftFor.current) return;
    draftFor.current = paperId;
    setDraftState({});
    setProblems([]);
  }, [paperId]);

  // Answered in another tab: read the paper again for the result.
  const acted = paperId === null ? undefined : actedNotes?.[paperActedKey(paperId)];
  const phase = model?.flow.phase ?? null;
  useEffect(() => {
    if (acted === undefined || paperId === null || phase === 'submitted' || phase === 'submitting') return;
    dispatch({ type: 'answeredElsewhere', result: null });
    void load(paperId);
  }, [acted, paperId, phase, load]);

  const setDraft = useCallback((change: (draft: PaperDraft) => PaperDraft) => {
    setDraftState(change);
    setProblems([]);
  }, []);

  const submit = useCallback(() => {
    if (model === null || model.flow.phase !== 'answering') return;
    const verdict = checkDraft(model.paper.questions, draft);
    if (!verdict.ok) {
      setProblems(verdict.error);
      return;
    }
    if (!guard.pass()) return;
    const { id } = model.paper;
    dispatch({ type: 'submit' });
    api.live.paperState({ id, webcastId: roomId, answers: submissionOf(model.paper.questions, draft) }).then(
      (data) => {
        const result = readQuizResult((data as { result?: unknown } | null)?.result);
        const results = readPaperResults((data as { results?: unknown } | null)?.results);
        if (results !== null) setAnsweredResults({ id, results });
        dispatch({ type: 'submitted', result });
        noteActed(roomId, paperActedKey(id), { answered: true });
        if (model.paper.quiz) void load(id); // the answers' review needs the viewer's answers as stored
      },
      (error: unknown) => {
        guard.reset();
        if (ALREADY_ANSWERED.test(invalidInputDetail(error) ?? '')) {
          dispatch({ type: 'answeredElsewhere', result: null });
          void load(id);
        } else dispatch({ type: 'failed', reason: failureText(error, t) });
      },
    );
  }, [api, draft, guard, load, model, roomId, t]);

  // Results from every source this page has (the paper read, the answer's reply, the room's
  // snapshots): answers are never taken back, so the one with the most respondents is the newest.
  const ownPush = paperId !== null && pushedResults?.id === paperId ? pushedResults : null;
  const closed = (model?.paper.closed ?? false) || (ownPush?.closed ?? false);
  useEffect(() => {
    if (closed) dispatch({ type: 'closed' });
  }, [closed]);
  const answered = phase === 'submitted';
  const candidates = [model?.paper.results ?? null, ownPush?.results ?? null, answeredResults !== null && answeredResults.id === paperId ? answeredResults.results : null];
  const newest = candidates.reduce<PaperResults | null>((best, r) => (r !== null && (best === null || r.respondents >= best.respondents) ? r : best), null);
  const results = model !== null && resultsVisible(model.paper.resultsVisibility, closed, answered) ? newest : null;

  // The tray lists it; putting the card away keeps it there. A closed paper is worth a card only for its results.
  const card = useActivityCard(
    roomId,
    model === null || (phase === 'closed' && results === null)
      ? null
      : { slot: 'paper', key: paperActivityKey(model.paper.id), kind: model.paper.quiz ? 'quiz' : 'questionnaire', title: model.paper.title, status: paperActivity(model.flow.phase) },
  );

  return {
    paper: model?.paper ?? null,
    flow: model?.flow ?? null,
    results,
    closed,
    draft,
    problems,
    dismissed: card.dismissed,
    setDraft,
    open: useCallback(() => dispatch({ type: 'open' }), []),
    close: useCallback(() => dispatch({ type: 'close' }), []),
    submit,
    dismiss: card.dismiss,
    requestedId,
    requestHandled: useCallback(() => setRequestedId(null), []),
  };
}
