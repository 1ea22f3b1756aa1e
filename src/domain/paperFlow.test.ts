import { describe, expect, it } from 'vitest';
import { offeredPaper, PAPER_TRANSITIONS, stepPaper, type PaperEvent, type PaperFlow, type QuizResult } from './paperFlow';

const result: QuizResult = { score: 1, total: 2, questions: [{ id: 'q1', correct: ['a'], right: true }] };

function run(flow: PaperFlow, ...events: PaperEvent[]): PaperFlow {
  return events.reduce(stepPaper, flow);
}

describe('paper flow', () => {
  it('starts offered, or submitted with its result when the server says it is answered', () => {
    expect(offeredPaper(false)).toEqual({ phase: 'offered', result: null, failure: null });
    expect(offeredPaper(true, result)).toEqual({ phase: 'submitted', result, failure: null });
  });

  it('opens, closes again without losing its place, and submits once', () => {
    const open = run(offeredPaper(false), { type: 'open' });
    expect(open.phase).toBe('answering');
    expect(stepPaper(open, { type: 'close' }).phase).toBe('offered');
    const submitting = stepPaper(open, { type: 'submit' });
    expect(submitting.phase).toBe('submitting');
    // A second submit while one is on its way changes nothing: one answer per viewer.
    expect(stepPaper(submitting, { type: 'submit' })).toBe(submitting);
    expect(stepPaper(submitting, { type: 'submitted', result })).toEqual({ phase: 'submitted', result, failure: null });
  });

  it('a failed submission goes back to answering with the reason, cleared by the next try', () => {
    const failed = run(offeredPaper(false), { type: 'open' }, { type: 'submit' }, { type: 'failed', reason: 'network' });
    expect(failed).toEqual({ phase: 'answering', result: null, failure: 'network' });
    expect(stepPaper(failed, { type: 'submit' }).failure).toBeNull();
  });

  it('answered elsewhere (another tab, or the server) ends in submitted from any open phase, keeping a known result', () => {
    for (const start of [offeredPaper(false), run(offeredPaper(false), { type: 'open' }), run(offeredPaper(false), { type: 'open' }, { type: 'submit' })]) {
      expect(stepPaper(start, { type: 'answeredElsewhere', result: null }).phase).toBe('submitted');
    }
    const known = run(offeredPaper(false), { type: 'open' }, { type: 'submit' }, { type: 'answeredElsewhere', result });
    expect(known.result).toBe(result);
  });

  it('a closed paper takes nothing more, and a submitted one is final', () => {
    const closed = run(offeredPaper(false), { type: 'closed' });
    expect(closed.phase).toBe('closed');
    expect(stepPaper(closed, { type: 'open' })).toBe(closed);
    const done = offeredPaper(true, result);
    for (const type of Object.keys(PAPER_TRANSITIONS.answering) as PaperEvent['type'][]) {
      const event = (type === 'failed' ? { type, reason: 'x' } : type === 'submitted' || type === 'answeredElsewhere' ? { type, result: null } : { type }) as PaperEvent;
      expect(stepPaper(done, event)).toBe(done);
    }
  });
});
