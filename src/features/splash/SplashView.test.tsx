import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { readSplashAdverts } from './splashData';
import { SplashView } from './SplashView';
import { renderStatic } from '../../ui/staticRender';

const render = (node: ReactNode) => renderStatic(node);
const noop = () => undefined;

const advertOf = (raw: Record<string, unknown>) => {
  const [advert] = readSplashAdverts({ adverts: [{ id: 'ad-1', ...raw }] }, 'https://live.example');
  if (advert === undefined) throw new Error('advert dropped');
  return advert;
};

describe('splash view', () => {
  it('an http(s) picture in a link to a new tab, the countdown and skip', () => {
    const html = render(
      <SplashView advert={advertOf({ title: 'Launch', imageUrl: 'https://cdn.example/a.png', linkUrl: '/shop' })} remainingMs={4200} skippable onSkip={noop} onOpen={noop} />,
    );
    expect(html).toContain('role="region" aria-label="Splash advert"');
    expect(html).toContain('<a class="splash__advert splash__advert--link" href="https://live.example/shop" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('<img class="splash__image" src="https://cdn.example/a.png" alt="Launch"/>');
    expect(html).toContain('Closes in 5 s');
    expect(html).toContain('>Skip</button>');
  });

  it('no picture and no link for other schemes: the title alone, not clickable', () => {
    const html = render(
      <SplashView advert={advertOf({ title: 'Text only', imageUrl: 'javascript:alert(1)', linkUrl: 'data:text/html,x' })} remainingMs={1000} skippable={false} onSkip={noop} onOpen={noop} />,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('splash__title--alone">Text only</bdi>');
    expect(html).not.toContain('>Skip</button>');
    expect(html).toContain('Closes in 1 s');
  });
});
