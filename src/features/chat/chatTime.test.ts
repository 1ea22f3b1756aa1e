import { describe, expect, it } from 'vitest';
import { formatChatTime } from './chatTime';

describe('formatChatTime', () => {
  it('gives HH:mm in local time, zero-padded', () => {
    expect(formatChatTime(new Date(2024, 0, 1, 9, 5, 59).getTime())).toBe('09:05');
    expect(formatChatTime(new Date(2024, 0, 1, 23, 59).getTime())).toBe('23:59');
    expect(formatChatTime(new Date(2024, 0, 1, 0, 0).getTime())).toBe('00:00');
  });

  it('gives an empty string for a time no Date can hold', () => {
    expect(formatChatTime(9e15)).toBe('');
  });
});
