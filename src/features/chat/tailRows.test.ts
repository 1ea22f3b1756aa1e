import { describe, expect, it } from 'vitest';
import { fillingRows, INITIAL_TAIL_ROWS, leftBottom, readerStart } from './tailRows';

describe('fillingRows', () => {
  it('starts from a fixed count before anything was laid out', () => {
    expect(fillingRows(0, 0, 0)).toBe(INITIAL_TAIL_ROWS);
    expect(fillingRows(420, 0, 12)).toBe(INITIAL_TAIL_ROWS);
    expect(fillingRows(420, 500, 0)).toBe(INITIAL_TAIL_ROWS);
    expect(fillingRows(Number.NaN, 500, 10)).toBe(INITIAL_TAIL_ROWS);
  });

  it('renders the rows the average height says fill the list, and two spare', () => {
    // 12 rows of 46px on average: 420 / 46 = 9.1 -> 10, and 2 spare.
    expect(fillingRows(420, 552, 12)).toBe(12);
    // One-line grouped rows (24px): 18 fill it.
    expect(fillingRows(420, 24 * 12, 12)).toBe(20);
  });

  it('never renders fewer than six, however tall the rows were', () => {
    expect(fillingRows(420, 12 * 200, 12)).toBe(6);
  });
});

describe('leftBottom', () => {
  it('is a scroll further up than the threshold (column-reverse: 0 at the bottom, negative above)', () => {
    expect(leftBottom(0, 48)).toBe(false);
    expect(leftBottom(-48, 48)).toBe(false);
    expect(leftBottom(-49, 48)).toBe(true);
    // A positive offset is below the bottom (overscroll), not up.
    expect(leftBottom(30, 48)).toBe(false);
  });
});

describe('readerStart', () => {
  const view = [{ msgId: 'a' }, { msgId: 'b' }, { msgId: 'c' }];

  it('opens at the row the viewer had at the bottom edge, as far below it as it was', () => {
    expect(readerStart(view, { msgId: 'b', below: 15, focused: false })).toEqual({ index: 1, align: 'end', offset: -15 });
  });

  it('opens at the first row for Home', () => {
    expect(readerStart(view, { msgId: null, below: 0, focused: true })).toEqual({ index: 0, align: 'start' });
  });

  it('opens at the newest row when the row left the list, or without a position', () => {
    expect(readerStart(view, { msgId: 'gone', below: 3, focused: false })).toEqual({ index: 2, align: 'end' });
    expect(readerStart(view, null)).toEqual({ index: 2, align: 'end' });
    expect(readerStart([], null)).toEqual({ index: 0, align: 'end' });
  });
});
