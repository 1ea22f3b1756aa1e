import { describe, expect, it } from 'vitest';
import { readCurrentSheet, readNeed } from './answerSheetData';

describe('answer sheet data', () => {
  it('reads the sheet as the viewer sees it', () => {
    const sheet = { id: 'as1', title: 'Pick one', multiple: false, options: [{ number: 'A', text: 'Yes' }, { number: 'B', text: 'No' }], answered: true, myAnswer: ['B'], correct: ['A'], right: false };
    expect(readCurrentSheet({ sheet })).toEqual({ id: 'as1', title: 'Pick one', multiple: false, options: sheet.options, answered: true, mine: ['B'], correct: ['A'], right: false });
  });

  it('reads a missing or malformed sheet as none, and bad options are left out', () => {
    expect(readCurrentSheet({ sheet: null })).toBeNull();
    expect(readCurrentSheet('x')).toBeNull();
    expect(readCurrentSheet({ sheet: { id: 'a', title: 't', options: [{ number: '' }, 5, { number: 'C', text: 9 }] } })).toMatchObject({ options: [{ number: 'C', text: '' }], correct: null, right: null, mine: [] });
    expect(readNeed({ need: true })).toBe(true);
    expect(readNeed({ need: 'yes' })).toBe(false);
  });
});
