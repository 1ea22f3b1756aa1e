import { describe, expect, it } from 'vitest';
import { readQaPage, readQaThread } from './qaData';

const question = (qaId: string, over: Record<string, unknown> = {}) => ({ qaId, parentId: null, uid: 'u', name: 'A', content: 'a question', status: 'approved', answer: null, createdAt: 1, ...over });

describe('qa list', () => {
  it('reads threads with their follow-ups and the switch', () => {
    const page = readQaPage({ state: 'on', total: 3, list: [{ ...question('q1'), followUps: [question('q2', { parentId: 'q1', status: 'pending' }), question('q9', { parentId: 'other' })] }] });
    expect(page.state).toBe('on');
    expect(page.total).toBe(3);
    expect(page.threads).toHaveLength(1);
    expect(page.threads[0]!.followUps.map((f) => f.qaId)).toEqual(['q2']);
  });

  it('leaves out what it cannot read, never throws', () => {
    expect(readQaPage(null)).toEqual({ state: null, total: 0, threads: [] });
    expect(readQaPage({ state: 'maybe', list: [5, { qaId: 'x' }, question('q3', { parentId: 'q1' }), question('q4')] })).toMatchObject({ state: null, total: 1, threads: [{ question: { qaId: 'q4' } }] });
  });
});

describe('one thread (qa/reply)', () => {
  it('the first question with its own follow-ups; a follow-up or junk is no thread', () => {
    const thread = readQaThread({ ...question('q1'), followUps: [question('f1', { parentId: 'q1', createdAt: 2 }), question('f2', { parentId: 'other' }), 'junk'] });
    expect(thread?.question.qaId).toBe('q1');
    expect(thread?.followUps.map((f) => f.qaId)).toEqual(['f1']);
    expect(readQaThread(question('f1', { parentId: 'q1' }))).toBeNull();
    expect(readQaThread('junk')).toBeNull();
  });
});
