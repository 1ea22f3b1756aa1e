import { describe, expect, it } from 'vitest';
import { isDeviceId } from './deviceId';

describe('isDeviceId', () => {
  it('takes 16 to 64 of [0-9A-Za-z_-] and nothing else', () => {
    expect(isDeviceId('a'.repeat(16))).toBe(true);
    expect(isDeviceId('A-b_9'.repeat(12) + 'abcd')).toBe(true);
    for (const bad of ['a'.repeat(15), 'a'.repeat(65), 'device id with spaces', 'ünicode-device-id-0001', '', null, 42]) expect(isDeviceId(bad)).toBe(false);
  });
});
