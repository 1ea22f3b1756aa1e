// First render of a chat row in node (no DOM): what it shows for each kind of entry.
import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../realtime/chatEntry';
import { ChatMessage, RowActions } from './ChatMessage';
import { renderStatic, testI18n } from './renderTesting';
import { chatRowLabels } from './rowLabels';
import { entry, MY_UID } from './testEntries';

const noop = () => undefined;
const row = (e: ChatEntry, props: { grouped?: boolean; withdrawable?: boolean } = {}) =>
  renderStatic(
    <ChatMessage entry={e} grouped={props.grouped ?? false} withdrawable={props.withdrawable ?? false} labels={chatRowLabels(testI18n.t)} onQuote={noop} onMention={noop} onWithdraw={noop} onOpenImage={noop} />,
  );
const actions = (e: ChatEntry, withdrawable: boolean) =>
  renderStatic(
    <RowActions entry={e} withdrawable={withdrawable} labels={chatRowLabels(testI18n.t)} onQuote={noop} onMention={noop} onWithdraw={noop} />,
  );

describe('ChatMessage', () => {
  it('shows name, role label, HH:mm time, avatar initial and the text', () => {
    const html = row(entry({ name: 'alice', body: 'hello there', sendTime: new Date(2024, 0, 1, 9, 5).getTime() }));
    // In a <bdi>: a name that opens a right-to-left override cannot reorder the badge and time after it.
    expect(html).toContain('<bdi class="chat-message__name">alice<');
    expect(html).toContain('>Guest<');
    expect(html).toContain('>09:05</time>');
    expect(html).toContain('chat-message__avatar--initial" aria-hidden="true">A<');
    expect(html).toContain('hello there');
  });

  it('renders user text as text, never as markup', () => {
    const html = row(entry({ name: '<b>x</b>', body: '<img src=x onerror=alert(1)>' }));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('shows the host label, and the custom role name with a validated colour only', () => {
    expect(row(entry({ role: 6 }))).toContain('chat-message__role--host">Host<');
    const custom = row(entry({ role: 6, definedRoleName: 'Lecturer', definedStyle: '#c00' }));
    expect(custom).toContain('style="color:#c00;border-color:#c00">Lecturer<');
    const unsafe = row(entry({ definedRoleName: 'VIP', definedStyle: 'red;background:url(//x)' }));
    expect(unsafe).toContain('chat-message__role--custom">VIP<');
    expect(unsafe).not.toContain('style=');
  });

  it('labels own messages as me and offers withdraw only inside the window', () => {
    const mine = entry({ uid: MY_UID, definedRoleName: 'VIP' });
    expect(row(mine, { withdrawable: true })).toContain('chat-message__role--me">Me<');
    expect(row(mine)).toContain('data-mine="true"');
    expect(actions(mine, true)).toContain('>Withdraw</button>');
    expect(actions(mine, false)).toBe('');
    expect(actions(mine, true)).not.toContain('>Quote<');
  });

  it("offers a quote's original when the quote names its message and the chat can fetch it", () => {
    const quoting = (uid?: string) => entry({ ...(uid === undefined ? {} : { uid }), quote: { name: 'Ann', chatContent: 'hi', role: 5, msgId: 'm-1' } });
    const open = (e: ChatEntry, withdrawable: boolean) =>
      renderStatic(<RowActions entry={e} withdrawable={withdrawable} labels={chatRowLabels(testI18n.t)} onQuote={noop} onMention={noop} onWithdraw={noop} onOpenQuoted={noop} />);
    expect(open(quoting(), false)).toContain('aria-label="See the original message of Ann">Original</button>');
    // Own messages too, after the withdraw window closed.
    expect(open(quoting(MY_UID), false)).toContain('>Original</button>');
    expect(open(quoting(MY_UID), false)).not.toContain('Withdraw');
    expect(open(quoting(MY_UID), true)).toContain('>Withdraw</button>');
    // Not without an id, nor where the chat cannot fetch it.
    expect(open(entry({ quote: { name: 'Ann', chatContent: 'hi', role: 5 } }), false)).not.toContain('Original');
    expect(actions(quoting(), false)).not.toContain('Original');
  });

  it("offers quote and @mention on others' messages", () => {
    const html = actions(entry({ name: 'Bob' }), false);
    expect(html).toContain('aria-label="Quote Bob">Quote</button>');
    expect(html).toContain('aria-label="Mention Bob">@</button>');
    expect(html).not.toContain('Withdraw');
  });

  it('is focusable (the arrow keys move between rows), not a tab stop, and built without its buttons: they come when the viewer points at it or focuses it', () => {
    const html = row(entry({ name: 'Bob' }));
    expect(html).toMatch(/^<article class="chat-message" tabindex="-1"/);
    expect(html).not.toContain('<button');
    expect(row(entry({ uid: MY_UID }), { withdrawable: true })).not.toContain('<button');
  });

  it('draws known emoji tokens as images named by the token, from their sprite cell, unknown ones as text', () => {
    const html = row(entry({ body: 'hi[微笑][nosuch][OK]' }));
    expect(html).toContain('<span class="message-emoji" role="img" aria-label="[微笑]" title="[微笑]" style="background-position-x:0.0000%"></span>');
    // [OK] is the 15th of 24: cell 14, 14/23 of the way along.
    expect(html).toContain('aria-label="[OK]" title="[OK]" style="background-position-x:60.8696%"');
    expect(html).toContain('<span>[nosuch]</span>');
    expect(html).not.toContain('<img');
  });

  it('highlights @mentions and marks a message that mentions me', () => {
    const html = row(entry({ body: 'hey @me there', picked_uid: [MY_UID] }));
    expect(html).toContain('<span class="chat-mention">@me</span>');
    expect(html).toContain('chat-message--mentions-me');
    expect(html).toContain('data-mentions-me="true"');
    expect(html).toContain('>Mentions you<');
    expect(row(entry({ body: '@other hi', picked_uid: ['x'] }))).not.toContain('mentions-me');
  });

  it('shows the quote block', () => {
    const html = row(entry({ quote: { name: 'Carol', chatContent: 'earlier words', role: 5 } }));
    expect(html).toContain('<blockquote class="chat-message__quote" aria-label="Quoted message">');
    expect(html).toContain('>Carol<');
    expect(html).toContain('>earlier words<');
  });

  it('shows an image as a button to enlarge, or as a safe link when it has one', () => {
    const plain = row(entry({ body: '', imgUrl: 'https://cdn.example/a.png' }));
    // Not a tab stop until the row has the viewer's attention (the list is one stop).
    expect(plain).toContain('tabindex="-1" aria-label="Enlarge picture"><img class="chat-message__image" src="https://cdn.example/a.png"');
    expect(plain).not.toContain('<a ');
    expect(plain).not.toContain('chat-message__body');
    const linked = row(entry({ imgUrl: 'https://cdn.example/a.png', imgLinkUrl: 'https://shop.example/item' }));
    expect(linked).toContain('href="https://shop.example/item" tabindex="-1" target="_blank" rel="noopener noreferrer"');
    const relative = row(entry({ imgUrl: 'https://cdn.example/a.png', imgLinkUrl: '/somewhere' }));
    expect(relative).not.toContain('href=');
  });

  it('marks pinned and highlighted messages', () => {
    const html = row(entry({ top: true, highlight: true }));
    expect(html).toContain('chat-message--top');
    expect(html).toContain('chat-message--highlight');
    expect(html).toContain('>Pinned<');
  });

  it('does not repeat the header of a grouped message but keeps the sender for screen readers', () => {
    const html = row(entry({ name: 'Dan', sendTime: new Date(2024, 0, 1, 10, 0).getTime() }), { grouped: true });
    expect(html).not.toContain('<header');
    expect(html).toMatch(/<span class="visually-hidden"><bdi>Dan<\/bdi> (<!-- -->)?10:00<\/span>/);
    expect(html).toContain('chat-message--grouped');
  });
});
