/**
 * The Q&A tab's data for one room: the switch (the room's 7123 push through the worker, else
 * the list's answer), the threads the viewer may see (reviewed ones and their own pending
 * ones, a page at a time), kept current by the pushes of approved and answered questions,
 * and asking and following up (SPEC 5: at least 5 characters; 3000 ms double-click rule).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { applyQuestion, applyVotes, mergeThreads, readQaQuestion, sortThreads, type QaOrder, type QaSwitch, type QaThread } from '../../domain/qa';
import { validateQuestionText } from '../../domain/question';
import type { Problem } from '../../domain/result';
import { isApiError } from '../../api';
import { useApi } from '../../state/apiContext';
import { pushNotice } from '../../state/notices';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText } from '../../ui/failureText';
import { useSubmitGuard } from '../../ui/useSubmitGuard';
import { readQaPage, readQaThread } from './qaData';

export const QA_PAGE = 20;

type Load = 'loading' | 'loaded' | 'failed';

/** The outcome of asking: null when sent, else the problem with the text or the refusal. */
export type AskOutcome = { readonly problem: Problem } | { readonly failure: string } | null;

export interface QaView {
  readonly state: QaSwitch | null;
  readonly threads: readonly QaThread[];
  readonly load: Load;
  readonly more: boolean;
  readonly order: QaOrder;
  setOrder(order: QaOrder): void;
  loadMore(): void;
  /** Upvotes a question, or takes the vote back. */
  vote(qaId: string, up: boolean): void;
  /** Asks a question, or a follow-up to `qaId`; resolves with what went wrong, if anything. */
  ask(text: string, qaId?: string): Promise<AskOutcome>;
}

export function useQa(roomId: string): QaView {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const qa = useRoomStateKey(roomId, 'qa');
  const [listState, setListState] = useState<QaSwitch | null>(null);
  const [threads, setThreads] = useReducer((known: readonly QaThread[], change: (known: readonly QaThread[]) => readonly QaThread[]) => change(known), []);
  const [load, setLoad] = useState<Load>('loading');
  const [total, setTotal] = useState(0);
  const [readCount, setReadCount] = useState(0);
  const [order, setOrder] = useState<QaOrder>('newest');

  const readPage = useCallback(
    (skip: number, signal?: AbortSignal) =>
      api.live.qaList({ confId: roomId, sort: order, skip, take: QA_PAGE }, { signal, background: true }).then(
        (data) => {
          const page = readQaPage(data);
          setReadCount(skip + page.threads.length);
          setListState(page.state);
          setTotal(page.total);
          setThreads((known) => (skip === 0 ? mergeThreads(known, page.threads) : [...known, ...page.threads.filter((p) => !known.some((k) => k.question.qaId === p.question.qaId))]));
          setLoad('loaded');
        },
        () => {
          if (!signal?.aborted) setLoad('failed');
        },
      ),
    [api, roomId, order],
  );

  useEffect(() => {
    const controller = new AbortController();
    void readPage(0, controller.signal);
    return () => controller.abort();
  }, [readPage]);

  // Staff approved or answered a question: it moves on in place, or joins the list. A
  // follow-up in a thread not read yet (on a later page) brings its whole thread (qa/reply).
  const changed = qa?.lastChanged ?? null;
  const known = useRef(threads);
  useEffect(() => {
    known.current = threads;
  });
  useEffect(() => {
    if (changed === null) return;
    const parentId = changed.parentId;
    if (parentId === null || known.current.some((t) => t.question.qaId === parentId)) {
      setThreads((now) => applyQuestion(now, changed));
      return;
    }
    const controller = new AbortController();
    api.live.qaReply({ qaId: parentId }, { signal: controller.signal, background: true }).then(
      (data) => {
        const thread = readQaThread(data);
        if (thread !== null) setThreads((now) => [thread.question, ...thread.followUps, changed].reduce(applyQuestion, now));
      },
      () => undefined, // the next list read brings the thread
    );
    return () => controller.abort();
  }, [api, changed]);

  // The room's vote tallies (coalesced by the server): counts move in place.
  const tally = qa?.tally ?? null;
  useEffect(() => {
    if (tally !== null) setThreads((known) => applyVotes(known, tally.votes));
  }, [tally]);

  const vote = useCallback(
    (qaId: string, up: boolean) => {
      api.live.qaVote({ confId: roomId, qaId, up }).then(
        (data) => {
          const record = (typeof data === 'object' && data !== null ? data : {}) as { votes?: unknown };
          const votes = typeof record.votes === 'number' && Number.isSafeInteger(record.votes) ? record.votes : null;
          setThreads((known) => {
            const at = (list: readonly QaThread[]) => list.map((t) => ({ ...t, question: t.question.qaId === qaId ? { ...t.question, voted: up, votes: votes ?? t.question.votes } : t.question }));
            return at(known);
          });
        },
        (error: unknown) => pushNotice(isApiError(error) ? { key: error.messageKey, ...(error.params ? { params: error.params } : {}), tone: 'warning' } : { key: 'error.submitFailed', tone: 'warning' }),
      );
    },
    [api, roomId],
  );

  const loadMore = useCallback(() => {
    setLoad('loading');
    void readPage(readCount);
  }, [readPage, readCount]);

  const ask = useCallback(
    async (text: string, qaId?: string): Promise<AskOutcome> => {
      const checked = validateQuestionText(text);
      if (!checked.ok) return { problem: checked.error };
      if (!guard.pass()) return { failure: t('qa.tooFast') };
      try {
        const data = qaId === undefined ? await api.live.qaAsk({ confId: roomId, content: checked.value }) : await api.live.qaWithQuestion({ confId: roomId, qaId, content: checked.value });
        const question = readQaQuestion(data);
        if (question !== null) setThreads((known) => applyQuestion(known, question));
        return null;
      } catch (error) {
        guard.reset();
        return { failure: failureText(error, t) };
      }
    },
    [api, guard, roomId, t],
  );

  const shown = useMemo(() => sortThreads(threads, order), [threads, order]);
  return { state: qa?.state ?? listState, threads: shown, load, more: readCount < total, order, setOrder, loadMore, vote, ask };
}
