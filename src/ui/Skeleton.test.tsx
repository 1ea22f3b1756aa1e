import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';
import { renderStatic } from './staticRender';

describe('Skeleton', () => {
  it('says "loading" once to assistive technology and hides its shapes', () => {
    const html = renderStatic(<Skeleton shape="chat" />);
    expect(html).toMatch(/^<div class="skeleton skeleton--chat" role="status" aria-busy="true"/);
    expect(html).toContain('<span class="visually-hidden">Loading…</span>');
    expect(html.match(/aria-hidden="true"/g)?.length).toBe(6);
  });

  it('draws a player as a 16:9 block and the event as cover, title and lines', () => {
    expect(renderStatic(<Skeleton shape="player" />)).toContain('skeleton__block--video');
    expect(renderStatic(<Skeleton shape="event" />)).toContain('skeleton__line--title');
  });
});
