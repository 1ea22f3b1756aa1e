import { describe, expect, it } from 'vitest';
import { draftReducer, draftToInput, EMPTY_DRAFT, insertAt, MENTIONS_MAX, remainingUnits, type Draft } from './composerDraft';

const quote = { name: 'Alice', chatContent: 'hello', role: 5 as const };

describe('insertAt', () => {
  it('replaces the selection and puts the caret after the insertion', () => {
    expect(insertAt('hello world', '[微笑]', { start: 6, end: 11 })).toEqual({ text: 'hello [微笑]', caret: 10 });
    expect(insertAt('ab', 'X', { start: 1, end: 1 })).toEqual({ text: 'aXb', caret: 2 });
  });

  it('appends without a selection and clamps a stale one', () => {
    expect(insertAt('ab', 'X', null)).toEqual({ text: 'abX', caret: 3 });
    expect(insertAt('ab', 'X', { start: 10, end: 3 })).toEqual({ text: 'abX', caret: 3 });
  });
});

describe('draftReducer', () => {
  it('edits, quotes and cancels the quote', () => {
    let d: Draft = draftReducer(EMPTY_DRAFT, { type: 'edit', text: 'hi', caret: null });
    d = draftReducer(d, { type: 'quote', quote });
    expect(d.quote).toEqual(quote);
    d = draftReducer(d, { type: 'cancelQuote' });
    expect(d).toEqual({ text: 'hi', caret: null, quote: null, mentions: [] });
  });

  it('inserts an emoji token at the caret', () => {
    const d = draftReducer({ ...EMPTY_DRAFT, text: 'ab' }, { type: 'insert', text: '[微笑]', at: { start: 1, end: 1 } });
    expect(d.text).toBe('a[微笑]b');
    expect(d.caret).toBe(5);
  });

  it('adds a mention once, with @name in the text each time', () => {
    let d = draftReducer(EMPTY_DRAFT, { type: 'mention', mention: { uid: 'u1', name: 'Ann' }, at: null });
    d = draftReducer(d, { type: 'mention', mention: { uid: 'u1', name: 'Ann' }, at: null });
    expect(d.text).toBe('@Ann @Ann ');
    expect(d.mentions).toEqual([{ uid: 'u1', name: 'Ann' }]);
    d = draftReducer(d, { type: 'removeMention', uid: 'u1' });
    expect(d.mentions).toEqual([]);
  });

  it(`stops at ${MENTIONS_MAX} mentioned users`, () => {
    let d: Draft = EMPTY_DRAFT;
    for (let i = 0; i < MENTIONS_MAX + 3; i++) d = draftReducer(d, { type: 'mention', mention: { uid: `u${i}`, name: `n${i}` }, at: null });
    expect(d.mentions).toHaveLength(MENTIONS_MAX);
    expect(d.text).not.toContain(`@n${MENTIONS_MAX} `);
  });

  it('empties everything once sent', () => {
    const d = draftReducer({ text: 'x', caret: 1, quote, mentions: [{ uid: 'u', name: 'n' }] }, { type: 'sent' });
    expect(d).toBe(EMPTY_DRAFT);
  });
});

describe('draftToInput', () => {
  it('refuses empty and blank text with the domain problem', () => {
    for (const text of ['', '   ', '\n\t']) {
      const r = draftToInput({ ...EMPTY_DRAFT, text });
      expect(r).toEqual({ ok: false, problem: { key: 'validation.chat.empty' } });
    }
  });

  it('sends the text unchanged with the quote and the mentioned uids', () => {
    const r = draftToInput({ text: ' @Ann hi ', caret: null, quote, mentions: [{ uid: 'u1', name: 'Ann' }] });
    expect(r).toEqual({ ok: true, input: { text: ' @Ann hi ', quote, pickedUids: ['u1'] } });
  });
});

describe('remainingUnits', () => {
  it('counts an emoji token as one unit of 500', () => {
    expect(remainingUnits('')).toBe(500);
    expect(remainingUnits('ab[微笑]')).toBe(497);
    expect(remainingUnits('x'.repeat(505))).toBe(-5);
  });
});
