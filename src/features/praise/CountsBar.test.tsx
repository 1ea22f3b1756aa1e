import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, enterRoom, setSession } from '../../state/session';
import { CountsBar } from './CountsBar';
import { renderStatic } from '../../ui/staticRender';

const render = (node: ReactNode) => renderStatic(node);

afterEach(() => clearSession());

describe('counts bar', () => {
  it('shows placeholders until the counts arrive, and the default heart', () => {
    const html = render(<CountsBar roomId="10001" />);
    expect(html).toContain('Online: –');
    expect(html).toContain('Likes: –');
    expect(html).toContain('aria-label="Like"');
    expect(html).toMatch(/<svg[^>]*class="[^"]*room-counts__icon"/);
  });

  it('lets only a viewer with a login for this room like', () => {
    expect(render(<CountsBar roomId="10001" />)).toMatch(/<button[^>]*title="Enter the room to like"[^>]*disabled=""/);
    enterRoom('10001');
    setSession({ token: 't', sid: 's', userId: 'u', role: 5, ws: 'ws://x/ws' });
    const html = render(<CountsBar roomId="10001" />);
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(html).toContain('title="Like"');
  });
});
