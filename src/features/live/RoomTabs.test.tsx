import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentTabKey, RoomTabs, type RoomTab } from './RoomTabs';

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

describe('currentTabKey', () => {
  const tabs = [tab('intro'), tab('chat', true), tab('goods')];

  it('opens the tab the address asks for when the room has it', () => {
    expect(currentTabKey(tabs, 'goods')).toBe('goods');
    expect(currentTabKey(tabs, 'intro')).toBe('intro');
  });

  it("falls back to the room's usual tab for a tab it does not offer, or none asked", () => {
    expect(currentTabKey(tabs, 'recommend')).toBe('chat');
    expect(currentTabKey(tabs, '')).toBe('chat');
    expect(currentTabKey(tabs, null)).toBe('chat');
    expect(currentTabKey([tab('intro'), tab('chat')], 'nope')).toBe('intro');
    expect(currentTabKey([], 'chat')).toBe('');
  });

  it('shows the requested tab when the screen controls the choice', () => {
    const html = renderToStaticMarkup(<RoomTabs tabs={tabs} requested="intro" onSelect={() => undefined} />);
    expect(html).toMatch(/data-tab="intro"[^>]*aria-selected="true"/);
    expect(html).toMatch(/role="tabpanel"[^>]*data-tab="chat"[^>]*hidden=""/);
  });
});
