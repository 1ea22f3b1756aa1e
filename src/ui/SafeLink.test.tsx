import { describe, expect, it } from 'vitest';
import { SafeLink } from './SafeLink';
import { renderStatic } from './staticRender';

describe('SafeLink', () => {
  it("is a plain link to another page of the app, with the caller's attributes", () => {
    const html = renderStatic(
      <SafeLink className="button" to="/live/video/10001?agg=a" target="_blank">
        Go
      </SafeLink>,
      { path: '/live/login/10001' },
    );
    expect(html).toBe('<a class="button" href="/live/video/10001?agg=a" target="_blank">Go</a>');
  });

  it('marks the page already shown as current (the same page however it is written)', () => {
    expect(renderStatic(<SafeLink to="/live//login/10001/">Home</SafeLink>, { path: '/live/login/10001' })).toBe('<a href="/live/login/10001/" aria-current="page">Home</a>');
    expect(renderStatic(<SafeLink to="/live/login/10001?agg=a">Series</SafeLink>, { path: '/live/login/10001' })).not.toContain('aria-current');
  });
});
