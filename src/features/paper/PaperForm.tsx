/**
 * The questions of a paper as a form: single choice and scale as radio buttons, multiple
 * choice as checkboxes, an option with completion as a text box beside it, fill-in and Q&A
 * as text. Problems found by SPEC 5's check are shown on their question. After answering,
 * the same questions read back the viewer's answers and, for a quiz, the right options.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { isMultipleItem, isTextLikeItem, PAPER_ITEM_TYPE, type PaperProblem } from '../../domain/paper';
import { chooseOption, draftOf, isQuestionAnswered, typeAnswer, typeOptionText, type DraftAnswer, type PaperDraft, type PaperQuestion } from '../../domain/paperDraft';
import type { QuizResult } from '../../domain/paperFlow';

const TEXT_MAX = 1000;
const OPTION_TEXT_MAX = 200;

interface QuestionProps {
  readonly question: PaperQuestion;
  readonly index: number;
  readonly answer: DraftAnswer;
  readonly answered: boolean;
  readonly problem: PaperProblem | undefined;
  readonly disabled: boolean;
  readonly onChange: (change: (draft: PaperDraft) => PaperDraft) => void;
}

function typeLabel(type: number): string {
  if (type === PAPER_ITEM_TYPE.multiple) return 'paper.type.multiple';
  if (type === PAPER_ITEM_TYPE.scale) return 'paper.type.scale';
  if (type === PAPER_ITEM_TYPE.fillIn) return 'paper.type.fillIn';
  if (type === PAPER_ITEM_TYPE.qa) return 'paper.type.qa';
  return 'paper.type.single';
}

// One question re-renders only when its own answer or problem changes: a long paper stays smooth.
const Question = memo(function Question({ question, index, answer, answered, problem, disabled, onChange }: QuestionProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const name = `paper-${question.id}`;
  const problemId = `${name}-problem`;
  const scale = question.type === PAPER_ITEM_TYPE.scale;
  return (
    <fieldset className="paper-question" data-answered={answered} aria-invalid={problem !== undefined} aria-describedby={problem !== undefined ? problemId : undefined} disabled={disabled}>
      <legend className="paper-question__title">
        <span className="paper-question__number">{index + 1}.</span> {question.title} <span className="paper-question__type">{t(typeLabel(question.type))}</span>
      </legend>
      {isTextLikeItem(question) ? (
        question.type === PAPER_ITEM_TYPE.qa ? (
          <textarea className="paper-question__text" rows={3} maxLength={TEXT_MAX} value={answer.text} aria-label={question.title} onChange={(e) => { const text = e.target.value; onChange((d) => typeAnswer(d, question.id, text)); }} />
        ) : (
          <input className="paper-question__text" type="text" maxLength={TEXT_MAX} value={answer.text} aria-label={question.title} onChange={(e) => { const text = e.target.value; onChange((d) => typeAnswer(d, question.id, text)); }} />
        )
      ) : (
        <div className={scale ? 'paper-question__scale' : 'paper-question__options'}>
          {question.options.map((option) => {
            const chosen = answer.chosen.includes(option.number);
            return (
              <div key={option.number} className="paper-option" data-chosen={chosen}>
                <label className="paper-option__label">
                  <input
                    type={isMultipleItem(question) ? 'checkbox' : 'radio'}
                    name={name}
                    value={option.number}
                    checked={chosen}
                    onChange={() => onChange((d) => chooseOption(d, question, option.number))}
                  />
                  <span>{scale ? option.text || option.number : option.text}</span>
                </label>
                {option.completion && chosen && (
                  <input
                    className="paper-option__text"
                    type="text"
                    maxLength={OPTION_TEXT_MAX}
                    value={answer.optionTexts[option.number] ?? ''}
                    placeholder={option.required ? t('paper.completionRequired') : t('paper.completionOptional')}
                    aria-label={t('paper.completionFor', { option: option.text })}
                    aria-required={option.required}
                    onChange={(e) => { const text = e.target.value; onChange((d) => typeOptionText(d, question.id, option.number, text)); }}
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
      {problem !== undefined && (
        <p id={problemId} className="paper-question__problem" role="alert">
          {t(problem.key, problem.params)}
        </p>
      )}
    </fieldset>
  );
});

export interface PaperFormProps {
  readonly questions: readonly PaperQuestion[];
  readonly draft: PaperDraft;
  readonly problems: readonly PaperProblem[];
  readonly disabled: boolean;
  readonly onChange: (change: (draft: PaperDraft) => PaperDraft) => void;
}

export function PaperForm({ questions, draft, problems, disabled, onChange }: PaperFormProps) {
  const byId = new Map(problems.flatMap((p) => (p.itemId === null ? [] : [[String(p.itemId), p] as const])));
  return (
    <div className="paper-form">
      {questions.map((question, index) => (
        <Question
          key={question.id}
          question={question}
          index={index}
          answer={draftOf(draft, question.id)}
          answered={isQuestionAnswered(question, draft)}
          problem={byId.get(question.id)}
          disabled={disabled}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

/** The viewer's answers read back; a quiz marks each scored question right or wrong with its right options. */
export function PaperReview({ questions, mine, result }: { readonly questions: readonly PaperQuestion[]; readonly mine: Readonly<Record<string, readonly string[] | string>>; readonly result: QuizResult | null }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const scored = new Map((result?.questions ?? []).map((q) => [q.id, q]));
  return (
    <ol className="paper-review">
      {questions.map((question) => {
        const given = mine[question.id];
        const mark = scored.get(question.id);
        const chosen = Array.isArray(given) ? given : typeof given === 'string' && !isTextLikeItem(question) ? [given] : [];
        const text = (n: string) => question.options.find((o) => o.number === n)?.text ?? n;
        return (
          <li key={question.id} className="paper-review__item" data-right={mark?.right}>
            <p className="paper-review__title">
              {question.title}
              {mark !== undefined && <span className="paper-review__mark">{mark.right ? t('paper.right') : t('paper.wrong')}</span>}
            </p>
            <p className="paper-review__answer">
              {t('paper.yourAnswer')}
              {isTextLikeItem(question) ? (typeof given === 'string' && given !== '' ? given : t('paper.noAnswer')) : chosen.length > 0 ? chosen.map(text).join('、') : t('paper.noAnswer')}
            </p>
            {mark !== undefined && !mark.right && (
              <p className="paper-review__correct">
                {t('paper.correctAnswer')}
                {mark.correct.map(text).join('、')}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
