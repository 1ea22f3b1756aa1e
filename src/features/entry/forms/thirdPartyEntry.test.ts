// The third-party auth answer as the sign-in names the viewer.
import { describe, expect, it } from 'vitest';
import { readAppUserName } from './ThirdPartyEntry';

describe('the app user a code belongs to', () => {
  it('is the answer\'s name, trimmed and bounded; nothing usable reads as unknown', () => {
    expect(readAppUserName({ appCode: 'democrm', openId: 'o1', name: ' Carol ' })).toBe('Carol');
    expect(readAppUserName({ name: 'x'.repeat(80) })).toHaveLength(64);
    expect(readAppUserName({ name: '' })).toBeNull();
    expect(readAppUserName({ name: 7 })).toBeNull();
    expect(readAppUserName(null)).toBeNull();
  });
});
