import { describe, expect, it } from 'vitest';
import { PAPER_ITEM_TYPE } from './paper';
import { answeredCount, checkDraft, chooseOption, submissionOf, typeAnswer, typeOptionText, type PaperDraft, type PaperQuestion } from './paperDraft';
import { offeredPaper, PAPER_TRANSITIONS, stepPaper, type PaperPhase } from './paperFlow';

const opt = (number: string, extra: Partial<{ completion: boolean; required: boolean }> = {}) => ({ number, text: `option ${number}`, completion: false, required: false, ...extra });
const SINGLE: PaperQuestion = { id: 'q1', type: PAPER_ITEM_TYPE.single, title: 'One', options: [opt('1'), opt('2'), opt('3', { completion: true, required: true })] };
const MULTI: PaperQuestion = { id: 'q2', type: PAPER_ITEM_TYPE.multiple, title: 'Many', options: [opt('1'), opt('2'), opt('3', { completion: true })] };
const FILL: PaperQuestion = { id: 'q3', type: PAPER_ITEM_TYPE.fillIn, title: 'Fill', options: [] };
const SCALE: PaperQuestion = { id: 'q4', type: PAPER_ITEM_TYPE.scale, title: 'Scale', options: [opt('1'), opt('2'), opt('3')] };
const QA: PaperQuestion = { id: 'q5', type: PAPER_ITEM_TYPE.qa, title: 'Why', options: [] };
const PAPER = [SINGLE, MULTI, FILL, SCALE, QA];

describe('paper draft', () => {
  it('a single or scale question keeps one choice; a multiple one toggles', () => {
    let d: PaperDraft = {};
    d = chooseOption(d, SINGLE, '1');
    d = chooseOption(d, SINGLE, '2');
    expect(d.q1?.chosen).toEqual(['2']);
    d = chooseOption(chooseOption(chooseOption(d, MULTI, '1'), MULTI, '2'), MULTI, '1');
    expect(d.q2?.chosen).toEqual(['2']);
    d = chooseOption(chooseOption(d, SCALE, '3'), SCALE, '1');
    expect(d.q4?.chosen).toEqual(['1']);
  });

  it('an empty paper cannot be submitted (SPEC 5)', () => {
    const verdict = checkDraft(PAPER, {});
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.error).toEqual([expect.objectContaining({ key: 'validation.paper.empty', itemId: null })]);
  });

  it('a blank fill-in and a required completion left empty are marked on their questions', () => {
    let d = typeAnswer({}, 'q3', '   ');
    d = chooseOption(d, SINGLE, '3');
    const verdict = checkDraft(PAPER, d);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.error.map((p) => [p.itemId, p.key])).toEqual([
      ['q1', 'validation.paper.completionRequired'],
      ['q3', 'validation.paper.blankFill'],
    ]);
    const fixed = typeOptionText(typeAnswer(d, 'q3', 'Acme'), 'q1', '3', 'a friend');
    expect(checkDraft(PAPER, fixed).ok).toBe(true);
  });

  it('counts what is answered: a multiple answer once non-empty, a text once typed', () => {
    let d = chooseOption({}, MULTI, '1');
    expect(answeredCount(PAPER, d)).toBe(1);
    d = chooseOption(d, MULTI, '1');
    expect(answeredCount(PAPER, d)).toBe(0);
    d = typeAnswer(d, 'q5', 'more demos');
    expect(answeredCount(PAPER, d)).toBe(1);
  });

  it('submits answered questions only, with the texts of chosen options only', () => {
    let d = chooseOption({}, SINGLE, '3');
    d = typeOptionText(d, 'q1', '3', 'a friend');
    d = typeOptionText(d, 'q2', '3', 'typed but not chosen');
    d = chooseOption(chooseOption(d, MULTI, '1'), MULTI, '2');
    d = typeAnswer(d, 'q5', 'more demos');
    d = chooseOption(d, SCALE, '2');
    expect(submissionOf(PAPER, d)).toEqual([
      { id: 'q1', answer: '3', options: [{ number: '3', answerOption: 'a friend' }] },
      { id: 'q2', answer: ['1', '2'] },
      { id: 'q4', answer: '2' },
      { id: 'q5', answer: 'more demos' },
    ]);
  });

  it('a paper of 50 questions is checked and submitted in well under a frame', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ ...MULTI, id: `m${i}` }));
    let d: PaperDraft = {};
    for (const q of many) d = chooseOption(d, q, '2');
    expect(checkDraft(many, d).ok).toBe(true);
    expect(submissionOf(many, d)).toHaveLength(50);
  });
});

describe('paper machine', () => {
  const RESULT = { score: 2, total: 3, questions: [] };

  it('offered, answering, submitting, submitted; closing the form keeps it offered', () => {
    let f = offeredPaper(false);
    f = stepPaper(f, { type: 'open' });
    expect(f.phase).toBe('answering');
    expect(stepPaper(f, { type: 'close' }).phase).toBe('offered');
    f = stepPaper(f, { type: 'submit' });
    expect(f.phase).toBe('submitting');
    expect(stepPaper(f, { type: 'submit' })).toBe(f);
    f = stepPaper(f, { type: 'submitted', result: RESULT });
    expect(f).toMatchObject({ phase: 'submitted', result: RESULT });
  });

  it('a failed submission goes back to answering with the reason, cleared by the next submit', () => {
    let f = stepPaper(stepPaper(offeredPaper(false), { type: 'open' }), { type: 'submit' });
    f = stepPaper(f, { type: 'failed', reason: 'network' });
    expect(f).toMatchObject({ phase: 'answering', failure: 'network' });
    expect(stepPaper(f, { type: 'submit' }).failure).toBeNull();
  });

  it('answered in another tab (or already, says the server): submitted from any open phase; a withdrawn paper closes', () => {
    for (const phase of ['offered', 'answering', 'submitting'] as PaperPhase[]) {
      expect(stepPaper({ phase, result: null, failure: null }, { type: 'answeredElsewhere', result: RESULT }).phase).toBe('submitted');
    }
    expect(offeredPaper(true, RESULT)).toMatchObject({ phase: 'submitted', result: RESULT });
    expect(stepPaper(offeredPaper(false), { type: 'closed' }).phase).toBe('closed');
    expect(PAPER_TRANSITIONS.submitted).toEqual({});
  });
});
