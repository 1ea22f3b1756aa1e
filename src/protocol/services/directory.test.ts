import { describe, expect, it } from 'vitest';
import { deriveUserId } from './directory';

describe('deriveUserId', () => {
  it('derives a stable user id from the name', () => {
    expect(deriveUserId('Ann_Lee-1.x')).toBe('ann_lee-1.x');
    expect(deriveUserId('张三')).toBe('u5f204e09');
    expect(deriveUserId('张三')).toBe(deriveUserId('张三'));
  });
});
