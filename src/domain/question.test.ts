import { describe, it, expect } from 'vitest';
import { validateQuestionText } from './question';
import { QUESTION_MIN } from './constants';

const tooShort = { ok: false, error: { key: 'validation.question.tooShort', params: { min: 5 } } };

describe('validateQuestionText', () => {
  it('accepts exactly 5 characters and rejects 4', () => {
    expect(QUESTION_MIN).toBe(5);
    expect(validateQuestionText('abcde')).toEqual({ ok: true, value: 'abcde' });
    expect(validateQuestionText('abcd')).toEqual(tooShort);
    expect(validateQuestionText('这个怎么用')).toEqual({ ok: true, value: '这个怎么用' });
    expect(validateQuestionText('怎么用？')).toEqual(tooShort);
  });

  it('measures the trimmed text', () => {
    expect(validateQuestionText('  abc  ')).toEqual(tooShort);
    expect(validateQuestionText('\u3000abcd\u3000')).toEqual(tooShort);
    expect(validateQuestionText('  abcde  ')).toEqual({ ok: true, value: 'abcde' });
  });

  it('counts code points, so two astral characters are two, not four', () => {
    expect(validateQuestionText('😀😀😀')).toEqual(tooShort); // 6 UTF-16 units
    expect(validateQuestionText('😀😀😀😀😀').ok).toBe(true);
  });

  it('requires text', () => {
    expect(validateQuestionText('')).toEqual({ ok: false, error: { key: 'validation.required' } });
    expect(validateQuestionText('     ')).toEqual({ ok: false, error: { key: 'validation.required' } });
    expect(validateQuestionText('\u3000\n')).toEqual({ ok: false, error: { key: 'validation.required' } });
  });

  it('accepts long questions', () => {
    expect(validateQuestionText('q'.repeat(5000)).ok).toBe(true);
  });
});
