import { describe, expect, it } from 'vitest';
import { readWxCallback, readWxUser, roomOfState } from './wxCallback';

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

describe('readWxUser', () => {
  const base = 'http://127.0.0.1:8080/getWxInfo';

  it('reads the account, keeping only an http(s) avatar', () => {
    expect(readWxUser({ openId: 'o1', nickname: 'Alice', headImgUrl: '/favicon.svg' }, base)).toEqual({
      openId: 'o1',
      nickname: 'Alice',
      headImgUrl: 'http://127.0.0.1:8080/favicon.svg',
    });
    expect(readWxUser({ openId: 'o1', nickname: 'A', headImgUrl: 'javascript:alert(1)' }, base)?.headImgUrl).toBeNull();
  });

  it('is null without an openId', () => {
    expect(readWxUser({ nickname: 'A' }, base)).toBeNull();
    expect(readWxUser(null, base)).toBeNull();
  });
});

describe('roomOfState', () => {
  it('accepts a room id only', () => {
    expect(roomOfState('10001')).toBe('10001');
    expect(roomOfState('')).toBeNull();
    expect(roomOfState('../x')).toBeNull();
  });
});
