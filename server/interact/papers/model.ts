/**
 * A questionnaire or quiz as stored, and what the audience may see of it. Item types are the
 * domain's (SPEC 3: 0 single, 1 multiple, 2 and 5 text-like; 3 scale, see src/domain/paper).
 * A quiz's choice items carry `correct` (option numbers): it stays on the server until the
 * user has answered.
 */
import { PAPER_ITEM_TYPE } from '../../../src/domain';
import type { ResultsVisibility } from '../../../src/domain/paperResults';

export type PaperKind = 'questionnaire' | 'quiz';

export interface StoredOption {
  readonly number: string;
  readonly text: string;
  /** The option has a free-text box... */
  readonly completion?: boolean;
  /** ...that must be filled when the option is chosen. */
  readonly required?: boolean;
}

export interface StoredItem {
  readonly id: string;
  readonly type: number;
  readonly title: string;
  readonly options?: readonly StoredOption[];
  /** Quiz only: the option numbers of the right answer. */
  readonly correct?: readonly string[];
}

export interface StoredPaper {
  readonly id: string;
  readonly webcastId: string;
  readonly kind: PaperKind;
  readonly title: string;
  readonly items: readonly StoredItem[];
  readonly publishedAt: number | null;
  /** Answers stored without the viewer's id. */
  readonly anonymous: boolean;
  /** When viewers see the results (src/domain/paperResults.ts). */
  readonly results: ResultsVisibility;
  readonly closedAt: number | null;
}

export type PublicItem = Omit<StoredItem, 'correct'>;

export interface PublicPaper {
  readonly id: string;
  readonly webcastId: string;
  readonly kind: PaperKind;
  readonly title: string;
  readonly publishedAt: number | null;
  readonly items: readonly PublicItem[];
  readonly anonymous: boolean;
  readonly resultsVisibility: ResultsVisibility;
  readonly closed: boolean;
}

export const isChoiceType = (type: number): boolean =>
  type === PAPER_ITEM_TYPE.single || type === PAPER_ITEM_TYPE.multiple || type === PAPER_ITEM_TYPE.scale;

export function publicPaper(paper: StoredPaper): PublicPaper {
  return {
    id: paper.id,
    webcastId: paper.webcastId,
    kind: paper.kind,
    title: paper.title,
    publishedAt: paper.publishedAt,
    items: paper.items.map(({ correct: _hidden, ...visible }) => visible),
    anonymous: paper.anonymous,
    resultsVisibility: paper.results,
    closed: paper.closedAt !== null,
  };
}
