// First render of the composer for the states it shows.
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { ComposerAvailability } from './composerAvailability';
import { Composer, type Feedback } from './Composer';
import { EMPTY_DRAFT, type Draft } from './composerDraft';
import { renderStatic } from './renderTesting';

const free: ComposerAvailability = { block: null, review: false, pictures: true };
const render = (props: { draft?: Draft; availability?: ComposerAvailability; busy?: 'sending' | 'uploading' | null; feedback?: Feedback | null }) =>
  renderStatic(
    <Composer
      draft={props.draft ?? EMPTY_DRAFT}
      dispatch={() => undefined}
      textareaRef={createRef()}
      availability={props.availability ?? free}
      busy={props.busy ?? null}
      feedback={props.feedback ?? null}
      onSend={() => undefined}
      onPickImage={() => undefined}
    />,
  );

describe('Composer', () => {
  it('is enabled in an open room, with an image input for the four formats', () => {
    const html = render({});
    expect(html).not.toContain('disabled');
    expect(html).toContain('accept="image/png,image/jpeg,image/gif,image/webp');
    expect(html).toContain('>Send</button>');
  });

  it('is disabled with the reason when blocked', () => {
    const cases: [ComposerAvailability['block'], string][] = [
      ['closed', 'Chat is disabled'],
      ['muted', 'You are muted'],
      ['offline', 'Not connected'],
      ['staffOnly', 'Only the host and assistants'],
    ];
    for (const [block, text] of cases) {
      const html = render({ availability: { block, review: false, pictures: false } });
      expect(html).toContain(`data-block="${block}"`);
      expect(html).toContain(text);
      expect(html).toMatch(/<textarea[^>]*disabled/);
    }
  });

  it('notes review mode and pictures off while still allowing text', () => {
    const html = render({ availability: { block: null, review: true, pictures: false } });
    expect(html).toContain('Messages are reviewed before they appear');
    expect(html).toContain('Sending pictures is disabled in this room');
    expect(html).not.toMatch(/<textarea[^>]*disabled/);
    expect(html).toMatch(/<button type="button" class="chat-composer__tool" disabled="" title="Sending pictures is disabled/);
  });

  it('shows the quote and mention chips', () => {
    const html = render({ draft: { text: '@Ann ', caret: null, quote: { name: 'Bob', chatContent: 'hi', role: 5 }, mentions: [{ uid: 'u1', name: 'Ann' }] } });
    expect(html).toContain('Replying to Bob');
    expect(html).toContain('aria-label="Cancel the quote"');
    expect(html).toContain('>@<bdi>Ann</bdi><');
    expect(html).toContain('aria-label="Remove the mention of Ann"');
  });

  it('counts the units left near the limit and warns when over', () => {
    expect(render({ draft: { ...EMPTY_DRAFT, text: 'short' } })).not.toContain('characters left');
    expect(render({ draft: { ...EMPTY_DRAFT, text: 'x'.repeat(450) } })).toContain('50 characters left');
    const over = render({ draft: { ...EMPTY_DRAFT, text: 'x'.repeat(503) } });
    expect(over).toContain('3 characters over the limit');
    expect(over).toContain('chat-composer__remaining--over');
  });

  it('shows feedback: an error as an alert, information as a status', () => {
    expect(render({ feedback: { tone: 'error', text: 'You are muted' } })).toContain('role="alert">You are muted<');
    expect(render({ feedback: { tone: 'info', text: 'waiting' } })).toContain('role="status">waiting<');
  });
});
