// First renders in node (no DOM): what the guest form and the nickname panel show. Their
// behaviour against the server is covered by the browser tests (tests/e2e/entry-*.spec.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { initialSession, session } from '../../state/session';
import { renderStatic } from '../../ui/staticRender';
import type { Consent } from './entryKit';
import { GuestForm } from './forms/GuestForm';
import { NicknamePanel } from './NicknamePanel';

const consent: Consent = { ready: true, check: () => ({}) };

const render = (node: React.ReactNode) => renderStatic(node);

afterEach(() => void Object.assign(session, initialSession()));

describe('GuestForm', () => {
  it('shows the optional nickname and the enter button, no checkbox and no problem', () => {
    const html = render(<GuestForm roomId="10001" onEntered={() => undefined} consent={consent} />);
    expect(html).toContain('<form');
    expect(html).toContain('Nickname (optional)');
    expect(html).toContain('name="nickname"');
    expect(html).toContain('Enter as guest');
    expect(html).not.toContain('type="checkbox"');
    expect(html).not.toContain('role="alert"');
  });
});

describe('NicknamePanel', () => {
  it('shows nothing without a login', () => {
    expect(render(<NicknamePanel />)).toBe('');
  });

  it('offers the nickname field with the rules and a save button when signed in', () => {
    Object.assign(session, { currentRoomId: '10001', liveToken: 'tok', userId: 'u-render' });
    const html = render(<NicknamePanel onCancel={() => undefined} />);
    expect(html).toContain('New nickname');
    expect(html).toContain('Up to 20 characters');
    expect(html).toContain('Save');
    expect(html).toContain('Cancel');
  });
});
