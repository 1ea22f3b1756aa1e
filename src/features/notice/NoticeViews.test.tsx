import type { ReactNode } from 'react';
import { ref } from 'valtio';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_ROOM_STATE } from '../../realtime/roomState';
import { newRoomFeed, realtimeStore } from '../../state/roomFeed';
import { ContractDialog, ContractGate } from './ContractGate';
import { NoticeStrip } from './NoticeStrip';
import { renderStatic } from '../../ui/staticRender';

const render = (node: ReactNode) => renderStatic(node);

afterEach(() => {
  delete realtimeStore.rooms['77'];
});

describe('viewing terms dialog', () => {
  const terms = { title: 'Viewing terms', content: 'No recording.\n<img src=x onerror=alert(1)>', version: 1 };

  it('shows the terms as text, with accept and leave', () => {
    const html = render(<ContractDialog contract={terms} onAccept={() => undefined} onLeave={() => undefined} />);
    expect(html).toMatch(/<dialog[^>]*class="contract-dialog"/);
    expect(html).toContain('>Viewing terms</h2>');
    expect(html).toContain('Please read and accept the following before watching');
    expect(html).toContain('No recording.\n&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('>Accept and watch</button>');
    expect(html).toContain('>Decline and leave</button>');
  });

  it('has a title of its own when the room gives none', () => {
    expect(render(<ContractDialog contract={{ ...terms, title: '' }} onAccept={() => undefined} onLeave={() => undefined} />)).toContain(
      '>Viewing terms</h2>',
    );
  });

  it('shows nothing before the room answers', () => {
    expect(render(<ContractGate roomId="77" onLeave={() => undefined} />)).toBe('');
  });
});

describe('notices strip', () => {
  it('is empty while there is nothing to show', () => {
    expect(render(<NoticeStrip roomId="77" />)).toBe('');
  });

  it("shows the host's notice to this viewer as text, with a close button", () => {
    realtimeStore.rooms['77'] = newRoomFeed('all');
    const feed = realtimeStore.rooms['77'];
    if (feed !== undefined) feed.room = ref({ ...INITIAL_ROOM_STATE, control: { action: 'notice', text: 'Mic <b>on</b> please', offset: 4 } });
    const html = render(<NoticeStrip roomId="77" />);
    expect(html).toContain('data-kind="host"');
    expect(html).toContain('Message from the host');
    expect(html).toContain('Mic &lt;b&gt;on&lt;/b&gt; please');
    expect(html).toContain('aria-label="Close the notice"');
  });
});
