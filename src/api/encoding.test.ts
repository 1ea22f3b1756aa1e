import { describe, expect, it } from 'vitest';
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE, encodeBody, encodingForPath, formValue, isFormEncodedPath } from './encoding';

describe('isFormEncodedPath', () => {
  it.each([
    ['/ccp/monitor/v1/interactive', 'interactive'],
    ['/ccp/monitor/v1/voip/reply', 'reply'],
    ['/ccp/monitor/v1/voip/apply', 'apply'],
    ['/ccp/monitor/v1/chat/history', 'history'],
  ])('%s contains %s: form', (path) => {
    expect(isFormEncodedPath(path)).toBe(true);
    expect(encodingForPath(path)).toBe('form');
  });

  it('matches a word inside a segment (substring rule)', () => {
    expect(isFormEncodedPath('/x/replyList')).toBe(true);
    expect(isFormEncodedPath('/x/chatHistory')).toBe(false); // case-sensitive: "History" is not "history"
  });

  it('ignores the query string and fragment', () => {
    expect(isFormEncodedPath('/login/ulogin?cmd=apply')).toBe(false);
    expect(isFormEncodedPath('/login/ulogin#history')).toBe(false);
  });

  it('sends every other path as JSON', () => {
    for (const path of ['/ccp/monitor/v2/live_login', '/commerce/v1/reward/pay/gift', '/login/location?cmd=lookup', '/']) {
      expect(isFormEncodedPath(path)).toBe(false);
      expect(encodingForPath(path)).toBe('json');
    }
  });
});

describe('encodeBody', () => {
  it('form-encodes with URLSearchParams, nested values as JSON, null and undefined left out', () => {
    const encoded = encodeBody('/ccp/monitor/v1/voip/apply', {
      type: 1,
      token: 'a b&c',
      ok: true,
      nested: { a: [1, 2] },
      list: ['x'],
      nothing: null,
      missing: undefined,
    });
    expect(encoded.contentType).toBe(FORM_CONTENT_TYPE);
    expect(encoded.contentType).toBe('application/x-www-form-urlencoded');
    const params = new URLSearchParams(encoded.body);
    expect(params.get('type')).toBe('1');
    expect(params.get('token')).toBe('a b&c');
    expect(params.get('ok')).toBe('true');
    expect(params.get('nested')).toBe('{"a":[1,2]}');
    expect(params.get('list')).toBe('["x"]');
    expect(params.has('nothing')).toBe(false);
    expect(params.has('missing')).toBe(false);
  });

  it('JSON-encodes other paths, keeping nesting and null', () => {
    const encoded = encodeBody('/ccp/monitor/v2/live_login', { webcastId: '1', type: 'guest', extra: { a: null } });
    expect(encoded.contentType).toBe(JSON_CONTENT_TYPE);
    expect(encoded.contentType).toBe('application/json');
    expect(JSON.parse(encoded.body)).toEqual({ webcastId: '1', type: 'guest', extra: { a: null } });
  });

  it('encodes non-ASCII text as UTF-8 percent escapes in forms', () => {
    expect(encodeBody('/interactive', { name: '张三' }).body).toBe('name=%E5%BC%A0%E4%B8%89');
  });

  it('has no wire form for functions and symbols', () => {
    expect(formValue(() => 1)).toBeUndefined();
    expect(formValue(Symbol('x'))).toBeUndefined();
    expect(formValue(10n)).toBe('10');
  });
});
