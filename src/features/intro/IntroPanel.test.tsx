import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IntroPanel, IntroView } from './IntroPanel';
import { renderStatic } from '../../ui/staticRender';

const render = (node: ReactNode) => renderStatic(node);

const intro = { title: 'Spring launch', startTime: Date.UTC(2026, 2, 1, 12, 0), status: 2 as const, introduction: 'Agenda:\n<script>alert(1)</script>' };

describe('introduction tab', () => {
  it('shows title, status, start time and the introduction as text', () => {
    const html = render(<IntroView intro={intro} status={2} />);
    expect(html).toContain('aria-label="Live introduction"');
    expect(html).toContain('<h2 class="room-intro__title">Spring launch</h2>');
    expect(html).toContain('data-status="live">Live</span>');
    expect(html).toMatch(/Starts: [^<]*2026/);
    // Markup in the introduction is text, never markup.
    expect(html).toContain('Agenda:\n&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('follows the latest status it is given (a live-status push wins over the room info)', () => {
    expect(render(<IntroView intro={intro} status={3} />)).toContain('data-status="ended">Ended</span>');
  });

  it('says when there is no introduction, and leaves out what is unknown', () => {
    const html = render(<IntroView intro={{ title: '', startTime: null, status: null, introduction: '' }} status={null} />);
    expect(html).toContain('The organiser has not written an introduction yet');
    expect(html).not.toContain('room-intro__meta');
    expect(html).not.toContain('<h2');
  });

  it('is busy until the room info answers', () => {
    const html = render(<IntroPanel roomId="10001" />);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading the introduction…');
  });
});
