import { describe, expect, it } from 'vitest';
import { PAPER_ITEM_TYPE } from './paper';
import { readPaperResults, resultsVisible, sharePercent, tallyAnswers } from './paperResults';

const items = [
  { id: 'q1', type: PAPER_ITEM_TYPE.single, options: [{ number: 'A' }, { number: 'B' }] },
  { id: 'q2', type: PAPER_ITEM_TYPE.multiple, options: [{ number: '1' }, { number: '2' }, { number: '3' }] },
  { id: 'q3', type: PAPER_ITEM_TYPE.fillIn },
];

describe('paper results', () => {
  it('counts choices per option, never text answers', () => {
    const results = tallyAnswers(items, [
      [{ id: 'q1', answer: ['A'] }, { id: 'q2', answer: ['1', '3'] }, { id: 'q3', answer: 'secret' }],
      [{ id: 'q1', answer: 'B' }, { id: 'q2', answer: ['3', '3'] }],
      [{ id: 'q1', answer: ['A'] }, { id: 'nope', answer: ['A'] }, { id: 'q2', answer: ['9'] }],
    ]);
    expect(results).toEqual({
      respondents: 3,
      questions: [
        { id: 'q1', counts: { A: 2, B: 1 } },
        { id: 'q2', counts: { '1': 1, '2': 0, '3': 2 } },
      ],
    });
    expect(tallyAnswers(items, [])).toMatchObject({ respondents: 0, questions: [{ counts: { A: 0, B: 0 } }, { id: 'q2' }] });
  });

  it('who sees them: live after answering or once closed; closed only once closed', () => {
    expect(resultsVisible('live', false, false)).toBe(false);
    expect(resultsVisible('live', false, true)).toBe(true);
    expect(resultsVisible('closed', false, true)).toBe(false);
    expect(resultsVisible('closed', true, false)).toBe(true);
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(0, 0)).toBe(0);
  });

  it('reads what the room sends, leaving out what it cannot read', () => {
    expect(readPaperResults({ respondents: 2, questions: [{ id: 'q1', counts: { A: 2, B: -1 } }, { id: 5 }] })).toEqual({ respondents: 2, questions: [{ id: 'q1', counts: { A: 2 } }] });
    expect(readPaperResults({ respondents: -1, questions: [] })).toBeNull();
    expect(readPaperResults(null)).toBeNull();
  });
});
