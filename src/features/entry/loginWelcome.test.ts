import { describe, expect, it } from 'vitest';
import { readWelcome } from './LoginWelcome';

describe("the organiser's welcome (login resource)", () => {
  it('a logo from an http(s) or same-origin address and a welcome line; nothing when neither', () => {
    expect(readWelcome({ logo: '/commerce/v1/demo/tile/8e44ad/W.svg', welcome: ' Hello ' })).toEqual({ logo: '/commerce/v1/demo/tile/8e44ad/W.svg', text: 'Hello' });
    expect(readWelcome({ logo: 'javascript:alert(1)', welcome: '' })).toBeNull();
    expect(readWelcome({ logo: '', welcome: 'x'.repeat(300) })?.text).toHaveLength(200);
    expect(readWelcome(null)).toBeNull();
  });
});
