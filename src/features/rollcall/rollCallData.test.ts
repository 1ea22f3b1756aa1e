import { describe, expect, it } from 'vitest';
import { readCurrentRollCall, readSignedAt, rollCallActedKey } from './rollCallData';

describe('roll call answers', () => {
  it('reads the current roll call and the sign-in, and nothing from a malformed answer', () => {
    expect(readCurrentRollCall({ rollCall: { id: 'rc1', confId: 'w', deadline: 5, signedAt: null } })).toEqual({ rollCall: { id: 'rc1', confId: 'w', deadline: 5 }, signedAt: null });
    expect(readCurrentRollCall({ rollCall: { id: 'rc1', confId: 'w', deadline: 5, signedAt: 3 } })?.signedAt).toBe(3);
    for (const bad of [null, {}, { rollCall: null }, { rollCall: { id: '', confId: 'w', deadline: 5 } }, { rollCall: { id: 'a', confId: 'w', deadline: '5' } }, 'x'])
      expect(readCurrentRollCall(bad)).toBeNull();
  });

  it('reads the sign-in time only from a signed answer', () => {
    expect(readSignedAt({ signedIn: true, signedAt: 9 })).toBe(9);
    expect(readSignedAt({ signedIn: false, signedAt: 9 })).toBeNull();
    expect(readSignedAt({ signedIn: true, signedAt: -1 })).toBeNull();
    expect(rollCallActedKey('rc1')).toBe('rollCall:rc1');
  });
});
