import { describe, it, expect } from 'vitest';
import { PAPER_ITEM_TYPE, chosenOptionNumbers, hasAnswer, validatePaper, type PaperItem } from './paper';

const { single, multiple, fillIn, scale, qa } = PAPER_ITEM_TYPE;

describe('PAPER_ITEM_TYPE', () => {
  it('uses the SPEC codes, and 3 for scale', () => {
    expect(PAPER_ITEM_TYPE).toEqual({ single: 0, multiple: 1, fillIn: 2, scale: 3, qa: 5 });
  });
});

describe('hasAnswer', () => {
  it('single and scale: set when a value is given, option 0 included', () => {
    expect(hasAnswer({ id: 1, type: single, answer: 'A' })).toBe(true);
    expect(hasAnswer({ id: 1, type: single, answer: 0 })).toBe(true);
    expect(hasAnswer({ id: 1, type: scale, answer: 7 })).toBe(true);
    expect(hasAnswer({ id: 1, type: single })).toBe(false);
    expect(hasAnswer({ id: 1, type: single, answer: null })).toBe(false);
    expect(hasAnswer({ id: 1, type: single, answer: '' })).toBe(false);
    expect(hasAnswer({ id: 1, type: scale, answer: Number.NaN })).toBe(false);
  });

  it('multiple: set when non-empty', () => {
    expect(hasAnswer({ id: 1, type: multiple, answer: ['A'] })).toBe(true);
    expect(hasAnswer({ id: 1, type: multiple, answer: [0] })).toBe(true);
    expect(hasAnswer({ id: 1, type: multiple, answer: 'A,B' })).toBe(true);
    expect(hasAnswer({ id: 1, type: multiple, answer: [] })).toBe(false);
    expect(hasAnswer({ id: 1, type: multiple, answer: '' })).toBe(false);
    expect(hasAnswer({ id: 1, type: multiple })).toBe(false);
  });

  it('text-like (2 and 5): set when any text is typed, even only spaces', () => {
    for (const type of [fillIn, qa]) {
      expect(hasAnswer({ id: 1, type, answer: 'hello' })).toBe(true);
      expect(hasAnswer({ id: 1, type, answer: '  ' })).toBe(true);
      expect(hasAnswer({ id: 1, type, answer: '' })).toBe(false);
      expect(hasAnswer({ id: 1, type, answer: null })).toBe(false);
    }
  });
});

describe('chosenOptionNumbers', () => {
  it('normalises single, multiple and comma-joined answers to strings', () => {
    expect(chosenOptionNumbers({ id: 1, type: single, answer: 2 })).toEqual(['2']);
    expect(chosenOptionNumbers({ id: 1, type: multiple, answer: [1, 3] })).toEqual(['1', '3']);
    expect(chosenOptionNumbers({ id: 1, type: multiple, answer: 'A, C' })).toEqual(['A', 'C']);
    expect(chosenOptionNumbers({ id: 1, type: fillIn, answer: 'text' })).toEqual([]);
    expect(chosenOptionNumbers({ id: 1, type: single })).toEqual([]);
  });
});

describe('validatePaper', () => {
  const empty = { ok: false, error: [{ key: 'validation.paper.empty', itemId: null }] };

  it('refuses a paper with no items or no answers', () => {
    expect(validatePaper([])).toEqual(empty);
    expect(
      validatePaper([
        { id: 1, type: single },
        { id: 2, type: multiple, answer: [] },
        { id: 3, type: fillIn, answer: '' },
      ]),
    ).toEqual(empty);
  });

  it('accepts a paper with at least one answer, leaving other items unanswered', () => {
    expect(
      validatePaper([
        { id: 1, type: single, answer: 'A' },
        { id: 2, type: fillIn },
      ]),
    ).toEqual({ ok: true, value: undefined });
    expect(validatePaper([{ id: 1, type: qa, answer: 'my answer' }]).ok).toBe(true);
  });

  it('refuses a blank fill-in or Q&A answer, naming the item', () => {
    expect(
      validatePaper([
        { id: 'a', type: single, answer: 'A' },
        { id: 'b', type: fillIn, answer: '   ' },
        { id: 'c', type: qa, answer: '\u3000' },
      ]),
    ).toEqual({
      ok: false,
      error: [
        { key: 'validation.paper.blankFill', itemId: 'b' },
        { key: 'validation.paper.blankFill', itemId: 'c' },
      ],
    });
  });

  it('a paper whose only answer is blank is a blank fill, not empty', () => {
    expect(validatePaper([{ id: 9, type: fillIn, answer: ' ' }])).toEqual({
      ok: false,
      error: [{ key: 'validation.paper.blankFill', itemId: 9 }],
    });
  });

  const withCompletion = (answer: PaperItem['answer'], answerOption: string | undefined, required = true): PaperItem => ({
    id: 7,
    type: Array.isArray(answer) ? multiple : single,
    answer,
    options: [
      { number: 1 },
      { number: 2, completion: true, required, ...(answerOption === undefined ? {} : { answerOption }) },
    ],
  });
  const completionRequired = { ok: false, error: [{ key: 'validation.paper.completionRequired', itemId: 7 }] };

  it('needs the text of a chosen required completion option', () => {
    expect(validatePaper([withCompletion(2, undefined)])).toEqual(completionRequired);
    expect(validatePaper([withCompletion(2, '  ')])).toEqual(completionRequired);
    expect(validatePaper([withCompletion('2', '')])).toEqual(completionRequired);
    expect(validatePaper([withCompletion([1, 2], '')])).toEqual(completionRequired);
    expect(validatePaper([withCompletion(2, 'because')]).ok).toBe(true);
    expect(validatePaper([withCompletion([1, 2], 'because')]).ok).toBe(true);
  });

  it('does not need the text when the option is not chosen or not required', () => {
    expect(validatePaper([withCompletion(1, undefined)]).ok).toBe(true);
    expect(validatePaper([withCompletion([1], '')]).ok).toBe(true);
    expect(validatePaper([withCompletion(2, '', false)]).ok).toBe(true);
    const requiredWithoutCompletion: PaperItem = {
      id: 1,
      type: single,
      answer: 2,
      options: [{ number: 2, required: true, answerOption: '' }],
    };
    expect(validatePaper([requiredWithoutCompletion]).ok).toBe(true);
  });

  it('reports every problem at once, in item order', () => {
    const r = validatePaper([withCompletion(2, ''), { id: 8, type: fillIn, answer: ' ' }]);
    expect(r).toEqual({
      ok: false,
      error: [
        { key: 'validation.paper.completionRequired', itemId: 7 },
        { key: 'validation.paper.blankFill', itemId: 8 },
      ],
    });
  });
});
