import { describe, expect, it } from 'vitest';
import { readAnswerKey, scorePractice } from './paperPractice';

const draft = (chosen: Record<string, string[]>) => Object.fromEntries(Object.entries(chosen).map(([id, c]) => [id, { chosen: c, text: '', optionTexts: {} }]));

describe('a quiz tried in a replay', () => {
  const keys = readAnswerKey({ items: [{ id: 'q1', correct: ['A'] }, { id: 'q2', correct: ['A', 'C'] }, { id: 'q3' }, { id: 4, correct: [2] }, 'x', { correct: ['A'] }] });

  it('reads the key, leaving out what is not one', () => {
    expect(keys).toEqual([
      { id: 'q1', correct: ['A'] },
      { id: 'q2', correct: ['A', 'C'] },
      { id: '4', correct: ['2'] },
    ]);
    expect(readAnswerKey(null)).toEqual([]);
    expect(readAnswerKey({ items: 'no' })).toEqual([]);
  });

  it('gives a point per question answered with exactly its right options', () => {
    const result = scorePractice(keys, draft({ q1: ['A'], q2: ['A'], '4': ['2'] }));
    expect(result.score).toBe(2);
    expect(result.total).toBe(3);
    expect(result.questions.map((q) => q.right)).toEqual([true, false, true]);
    expect(scorePractice(keys, draft({ q2: ['C', 'A'] })).questions[1]?.right).toBe(true);
    expect(scorePractice(keys, draft({ q2: ['A', 'B', 'C'] })).questions[1]?.right).toBe(false);
    expect(scorePractice([], {}).total).toBe(0);
  });
});
