import { describe, expect, it } from 'vitest';
import { readWxCallback } from './wxCallback';

describe('readWxCallback', () => {
  it('reads code and state', () => {
    expect(readWxCallback(new URLSearchParams('code=abc&state=10001'))).toEqual({ code: 'abc', state: '10001' });
  });

  it('allows a missing state', () => {
    expect(readWxCallback(new URLSearchParams('code=abc'))).toEqual({ code: 'abc', state: '' });
  });

  it.each(['', 'state=1', 'code=', 'code=%20%20'])('has no usable code in %j', (query) => {
    expect(readWxCallback(new URLSearchParams(query))).toBeNull();
  });
});
