import { afterEach, describe, expect, it } from 'vitest';
import { prioritySink, recordPriority } from './updateCost';

const entry = (msgId: string, facts: { mine?: boolean; mentionsMe?: boolean; role?: number } = {}) => ({ msgId, text: `t ${msgId}`, mine: false, mentionsMe: false, role: 5, ...facts });

afterEach(() => {
  delete (globalThis as { __webcastPriorityIds?: unknown }).__webcastPriorityIds;
});

describe('the priority entries a tab was given (benchmark only)', () => {
  it('records nothing unless the page asks', () => {
    expect(prioritySink()).toBeNull();
    (globalThis as { __webcastPriorityIds?: unknown }).__webcastPriorityIds = new Map();
    expect(prioritySink()).toBeInstanceOf(Map);
  });

  it("keeps the viewer's own, mentioning and staff entries, by msgId with their text", () => {
    const sink = new Map<string, string>();
    recordPriority(sink, [entry('plain'), entry('own', { mine: true }), entry('at', { mentionsMe: true }), entry('host', { role: 6 }), entry('assistant', { role: 8 })]);
    recordPriority(sink, undefined);
    expect([...sink.keys()]).toEqual(['own', 'at', 'host', 'assistant']);
    expect(sink.get('own')).toBe('t own');
  });
});
