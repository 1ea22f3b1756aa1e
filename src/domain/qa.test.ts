import { describe, expect, it } from 'vitest';
import { applyQuestion, applyVotes, canAsk, laterSighting, mergeThreads, readVoteTallies, sortThreads, type QaQuestion, type QaThread } from './qa';

const q = (qaId: string, over: Partial<QaQuestion> = {}): QaQuestion => ({
  qaId,
  parentId: null,
  uid: 'u1',
  name: 'Ann',
  content: `question ${qaId}`,
  status: 'approved',
  answer: null,
  createdAt: Number(qaId.replace(/\D/g, '')) || 1,
  votes: null,
  voted: null,
  ...over,
});

describe('Q&A rules', () => {
  it('asking only while the switch is on', () => {
    expect(canAsk('on')).toBe(true);
    expect(canAsk('off')).toBe(false);
    expect(canAsk('unopened')).toBe(false);
    expect(canAsk(null)).toBe(false);
  });

  it('a question never goes back: pending, approved, answered', () => {
    const answered = q('q1', { status: 'answered', answer: 'yes' });
    expect(laterSighting(answered, q('q1', { status: 'approved' }))).toBe(answered);
    expect(laterSighting(q('q1', { status: 'pending' }), answered)).toBe(answered);
  });

  it('new threads go on top; a known one moves on in place', () => {
    let threads: readonly QaThread[] = [];
    threads = applyQuestion(threads, q('q1'));
    threads = applyQuestion(threads, q('q2', { status: 'pending' }));
    expect(threads.map((t) => t.question.qaId)).toEqual(['q2', 'q1']);
    threads = applyQuestion(threads, q('q1', { status: 'answered', answer: 'because' }));
    expect(threads[1]!.question).toMatchObject({ status: 'answered', answer: 'because' });
  });

  it('follow-ups join their thread in time order; one to an unknown thread waits for the list', () => {
    let threads = applyQuestion([], q('q1'));
    threads = applyQuestion(threads, q('q5', { parentId: 'q1' }));
    threads = applyQuestion(threads, q('q3', { parentId: 'q1', status: 'pending' }));
    expect(threads[0]!.followUps.map((f) => f.qaId)).toEqual(['q3', 'q5']);
    threads = applyQuestion(threads, q('q3', { parentId: 'q1', status: 'answered', answer: 'ok' }));
    expect(threads[0]!.followUps[0]).toMatchObject({ status: 'answered' });
    expect(applyQuestion(threads, q('q9', { parentId: 'nope' }))).toBe(threads);
  });

  it('a list read in flight cannot take back an answer a push brought', () => {
    const known = applyQuestion([], q('q1', { status: 'answered', answer: 'yes' }));
    const read: QaThread[] = [{ question: q('q1', { status: 'approved' }), followUps: [] }, { question: q('q2'), followUps: [] }];
    const merged = mergeThreads(known, read);
    expect(merged.map((t) => [t.question.qaId, t.question.status])).toEqual([
      ['q1', 'answered'],
      ['q2', 'approved'],
    ]);
    // What the read no longer has stays out.
    expect(mergeThreads(applyQuestion([], q('q7')), [])).toEqual([]);
  });

  it('votes: a push that does not say them keeps what is known; tallies move counts; order by votes or newest', () => {
    let threads = applyQuestion([], q('q1', { votes: 3, voted: true }));
    threads = applyQuestion(threads, q('q2', { votes: 5, voted: false }));
    // An answer push carries no votes: the count and the viewer's own vote stay.
    threads = applyQuestion(threads, q('q1', { status: 'answered', answer: 'yes' }));
    expect(threads.find((t) => t.question.qaId === 'q1')!.question).toMatchObject({ status: 'answered', votes: 3, voted: true });
    threads = applyVotes(threads, [{ qaId: 'q1', votes: 9 }, { qaId: 'nope', votes: 1 }]);
    expect(sortThreads(threads, 'votes').map((t) => t.question.qaId)).toEqual(['q1', 'q2']);
    expect(sortThreads(threads, 'newest').map((t) => t.question.qaId)).toEqual(['q2', 'q1']);
    expect(applyVotes(threads, [{ qaId: 'q1', votes: 9 }])).toBe(threads);
    expect(readVoteTallies([{ qaId: 'q1', votes: 2 }, { qaId: 'q2', votes: -1 }, 'x'])).toEqual([{ qaId: 'q1', votes: 2 }]);
    expect(readVoteTallies('x')).toBeNull();
  });
});
