import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorText, businessError, isApiError, type Translate } from './errors';

/** A translate that shows which key and params were asked for. */
const t: Translate = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

describe('ApiError', () => {
  it('is an Error with kind, key and the optional fields it was given', () => {
    const error = new ApiError({ kind: 'http', status: 503, messageKey: 'http.503' });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(error.name).toBe('ApiError');
    expect(error.message).toContain('503');
    expect(error).toMatchObject({ kind: 'http', status: 503, messageKey: 'http.503' });
    expect(error.code).toBeUndefined();
    expect(error.serverMsg).toBeUndefined();
  });

  it('keeps the cause', () => {
    const cause = new TypeError('offline');
    expect(new ApiError({ kind: 'network', messageKey: 'error.networkFailed', cause }).cause).toBe(cause);
  });
});

describe('businessError', () => {
  it('uses code.<n> for a known code', () => {
    expect(businessError(4402, 'muted')).toMatchObject({ kind: 'business', code: 4402, messageKey: 'code.4402', serverMsg: 'muted' });
    expect(businessError(4402, 'muted').params).toBeUndefined();
  });

  it('uses error.unknownCode with {code} for an unknown one', () => {
    expect(businessError(7777, 'new thing')).toMatchObject({
      messageKey: 'error.unknownCode',
      params: { code: 7777 },
      serverMsg: 'new thing',
    });
  });
});

describe('apiErrorText', () => {
  it('shows the server msg for an unknown code (PROTOCOL 1.1)', () => {
    expect(apiErrorText(businessError(7777, 'new thing'), t)).toBe('new thing');
  });

  it('falls back to the unknown-code message when the server sent no msg', () => {
    expect(apiErrorText(businessError(7777, '  '), t)).toBe('error.unknownCode {"code":7777}');
  });

  it('says which field for 4501', () => {
    expect(apiErrorText(businessError(4501, 'name: too long'), t)).toBe('error.invalidInputField {"detail":"name: too long"}');
    expect(apiErrorText(businessError(4501, ''), t)).toBe('code.4501');
  });

  it('uses the localized message for known codes, not the server msg', () => {
    expect(apiErrorText(businessError(4007, 'room full (server text)'), t)).toBe('code.4007');
    expect(apiErrorText(new ApiError({ kind: 'timeout', messageKey: 'error.requestTimeout' }), t)).toBe('error.requestTimeout');
  });
});
