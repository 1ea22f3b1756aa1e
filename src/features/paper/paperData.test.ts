import { describe, expect, it } from 'vitest';
import { readPaper, readPublishedPapers, readQuizResult, readUnansweredPaper } from './paperData';

const VIEW = {
  id: 'pp1',
  kind: 'quiz',
  title: 'Quick quiz',
  items: [
    { id: 'k1', type: 0, title: 'Which?', options: [{ number: 'A', text: 'FTP' }, { number: 'B', text: 'HLS', completion: true, required: true }] },
    { id: 'k2', type: 'bad', title: 'dropped' },
    null,
  ],
  answered: true,
  myAnswer: { answers: [{ id: 'k1', answer: ['B'] }, { id: 'k9', answer: 'text' }, { answer: 'no id' }] },
  result: { score: 1, total: 1, results: [{ id: 'k1', correct: ['B'], right: true }, { id: 'k2' }] },
};

describe('paper answers', () => {
  it('reads a paper, leaving out malformed questions', () => {
    const paper = readPaper(VIEW);
    expect(paper).toMatchObject({ id: 'pp1', title: 'Quick quiz', quiz: true, answered: true });
    expect(paper?.questions).toEqual([
      {
        id: 'k1',
        type: 0,
        title: 'Which?',
        options: [
          { number: 'A', text: 'FTP', completion: false, required: false },
          { number: 'B', text: 'HLS', completion: true, required: true },
        ],
      },
    ]);
    expect(paper?.mine).toEqual({ k1: ['B'], k9: 'text' });
    expect(paper?.result).toEqual({ score: 1, total: 1, questions: [{ id: 'k1', correct: ['B'], right: true }] });
  });

  it('a paper without id, title or items, or a score over its total, reads as nothing', () => {
    for (const bad of [null, 'x', { ...VIEW, id: '' }, { ...VIEW, title: 5 }, { ...VIEW, items: 'x' }]) expect(readPaper(bad)).toBeNull();
    expect(readQuizResult({ score: 3, total: 2 })).toBeNull();
    expect(readQuizResult(null)).toBeNull();
  });

  it('reads the unanswered paper of the room, or none', () => {
    expect(readUnansweredPaper({ paper: VIEW, unanswered: 1 })?.id).toBe('pp1');
    expect(readUnansweredPaper({ paper: null, unanswered: 0 })).toBeNull();
  });
});

describe("the room's published papers (paper/publish/list)", () => {
  it('newest first, kind, title (the id when untitled), answered; rows without an id left out', () => {
    const papers = readPublishedPapers({
      list: [
        { id: 'p1', kind: 'paper', title: 'Survey', publishedAt: 1000, answered: true },
        { id: 'p2', kind: 'quiz', title: '', publishedAt: 3000, answered: false },
        { kind: 'paper', title: 'No id' },
        { id: 'p3', kind: 'paper', title: 'Undated' },
        'junk',
      ],
    });
    expect(papers).toEqual([
      { id: 'p2', quiz: true, title: 'p2', publishedAt: 3000, answered: false },
      { id: 'p1', quiz: false, title: 'Survey', publishedAt: 1000, answered: true },
      { id: 'p3', quiz: false, title: 'Undated', publishedAt: null, answered: false },
    ]);
    expect(readPublishedPapers(null)).toEqual([]);
  });
});
