/**
 * A questionnaire or quiz offered to the viewer (push 7115, or the room's unanswered paper
 * on arrival), as an explicit machine:
 *
 *   offered ──open──▶ answering ──submit──▶ submitting ──submitted──▶ submitted
 *      ▲                 │  ▲                  │ ╰──failed──▶ answering (with the reason)
 *      ╰─────close───────╯  ╰──────────────────╯
 *   (any) ──answeredElsewhere──▶ submitted     (another tab, or the server: "already answered")
 *   offered | answering ──closed──▶ closed     (the paper was withdrawn: nothing to answer)
 *
 * The draft (what the viewer has chosen and typed) lives beside the machine, so closing the
 * form and opening it again loses nothing.
 */

export type PaperPhase = 'offered' | 'answering' | 'submitting' | 'submitted' | 'closed';

export type PaperEvent =
  | { readonly type: 'open' }
  | { readonly type: 'close' }
  | { readonly type: 'submit' }
  | { readonly type: 'submitted'; readonly result: QuizResult | null }
  | { readonly type: 'failed'; readonly reason: string }
  | { readonly type: 'answeredElsewhere'; readonly result: QuizResult | null }
  | { readonly type: 'closed' };

export const PAPER_TRANSITIONS: Readonly<Record<PaperPhase, Readonly<Partial<Record<PaperEvent['type'], PaperPhase>>>>> = {
  offered: { open: 'answering', answeredElsewhere: 'submitted', closed: 'closed' },
  answering: { close: 'offered', submit: 'submitting', answeredElsewhere: 'submitted', closed: 'closed' },
  submitting: { submitted: 'submitted', failed: 'answering', answeredElsewhere: 'submitted' },
  submitted: {},
  closed: {},
};

/** A quiz's score as the server gives it (a questionnaire has none). */
export interface QuizResult {
  readonly score: number;
  readonly total: number;
  /** Per scored question: the right options and whether the viewer chose exactly them. */
  readonly questions: readonly { readonly id: string; readonly correct: readonly string[]; readonly right: boolean }[];
}

export interface PaperFlow {
  readonly phase: PaperPhase;
  readonly result: QuizResult | null;
  /** Why the last submission failed, until the next one. */
  readonly failure: string | null;
}

export const offeredPaper = (answered: boolean, result: QuizResult | null = null): PaperFlow =>
  answered ? { phase: 'submitted', result, failure: null } : { phase: 'offered', result: null, failure: null };

export function stepPaper(flow: PaperFlow, event: PaperEvent): PaperFlow {
  const phase = PAPER_TRANSITIONS[flow.phase][event.type];
  if (phase === undefined) return flow;
  switch (event.type) {
    case 'submitted':
    case 'answeredElsewhere':
      return { phase, result: event.result ?? flow.result, failure: null };
    case 'failed':
      return { ...flow, phase, failure: event.reason };
    case 'submit':
      return { ...flow, phase, failure: null };
    default:
      return { ...flow, phase };
  }
}
