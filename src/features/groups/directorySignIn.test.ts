import { describe, expect, it } from 'vitest';
import { readCaptcha } from './DirectorySignIn';

describe('the captcha the login service asks for (SPEC 7.4 captcha fetch)', () => {
  it('a whole number of the answer, else none (the fixed value of SPEC then goes)', () => {
    expect(readCaptcha({ captcha: 85, captchas: 15 })).toBe(85);
    expect(readCaptcha({ captcha: '85' })).toBeNull();
    expect(readCaptcha({ captcha: -1 })).toBeNull();
    expect(readCaptcha(null)).toBeNull();
  });
});
