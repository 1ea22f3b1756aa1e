import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RoomTabs, type RoomTab } from './RoomTabs';

const tab = (key: string, initial?: boolean): RoomTab => ({ key, label: `label-${key}`, initial, render: () => <p>body-{key}</p> });

describe('RoomTabs', () => {
  it('shows the initial tab and keeps the others mounted but hidden', () => {
    const html = renderToStaticMarkup(<RoomTabs tabs={[tab('intro'), tab('chat', true)]} />);
    expect(html).toMatch(/role="tab"[^>]*data-tab="chat"[^>]*aria-selected="true"/);
    expect(html).toMatch(/role="tab"[^>]*data-tab="intro"[^>]*aria-selected="false"/);
    expect(html).toMatch(/role="tabpanel"[^>]*data-tab="intro"[^>]*hidden=""/);
    expect(html).not.toMatch(/role="tabpanel"[^>]*data-tab="chat"[^>]*hidden/);
    expect(html).toContain('body-intro');
    expect(html).toContain('body-chat');
  });

  it('selects the first tab when none is marked initial', () => {
    const html = renderToStaticMarkup(<RoomTabs tabs={[tab('intro'), tab('chat')]} />);
    expect(html).toMatch(/data-tab="intro"[^>]*aria-selected="true"/);
  });
});
