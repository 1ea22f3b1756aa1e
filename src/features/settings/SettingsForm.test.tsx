import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SettingsForm, type SettingsFormProps } from './SettingsForm';
import { renderStatic } from '../../ui/staticRender';

const render = (node: ReactNode) => renderStatic(node);

const noop = () => undefined;
const props: SettingsFormProps = {
  settings: { quality: null, delay: null, type: null },
  offer: { mode: 'live', qualities: ['original', 'hd'], types: ['hls'] },
  effects: true,
  oneVideo: true,
  onQuality: noop,
  onDelay: noop,
  onType: noop,
  onEffects: noop,
  onOneVideo: noop,
  announce: 'important',
  announceInteractions: true,
  announceSkips: true,
  onAnnounceChoice: () => undefined,
  onAnnounce: noop,
};

describe('settings form', () => {
  it('shows the nickname form it is given, effects and the playback choices', () => {
    const html = render(<SettingsForm {...props} nickname={<form aria-label="nick" />} />);
    expect(html).toContain('<form aria-label="nick"></form>');
    expect(html).toContain('aria-label="Nickname"');
    expect(html).toMatch(/<input type="checkbox" checked=""\/><span>Play gift and praise animations<\/span>/);
    expect(html).toContain('<option value="" selected="">Room default</option><option value="original">Original</option><option value="hd">HD</option></select>');
    expect(html).toContain('<option value="lowDelay" selected="">Low delay</option>');
    expect(html).toContain('<option value="flv" disabled="">FLV (unavailable)</option>');
    expect(html).not.toContain('Applies once the live plays');
    expect(html).toMatch(/<input type="checkbox" checked=""\/><span>Play the video only in the tab in view<\/span>/);
  });

  it('offers what a screen reader is told of new messages, the saved choice selected', () => {
    const html = render(<SettingsForm {...props} announce="all" />);
    expect(html).toContain('<option value="off">Off</option><option value="important">Mentions and host only</option><option value="all" selected="">All messages (summarised in busy rooms)</option>');
  });

  it('the one-video switch shows the choice', () => {
    expect(render(<SettingsForm {...props} oneVideo={false} />)).toMatch(/<input type="checkbox"\/><span>Play the video only in the tab in view<\/span>/);
  });

  it('without a nickname form there is no nickname section', () => {
    expect(render(<SettingsForm {...props} />)).not.toContain('aria-label="Nickname"');
  });

  it('shows the saved choices, a saved level the line lacks, and effects off', () => {
    const html = render(<SettingsForm {...props} effects={false} settings={{ quality: 'sd', delay: 'fluent', type: 'flv' }} />);
    expect(html).toContain('<option value="sd" selected="">SD (unavailable)</option>');
    expect(html).toContain('<option value="fluent" selected="">Fluent</option>');
    // The saved player stays selectable where the line lacks it.
    expect(html).toContain('<option value="flv" selected="">FLV (unavailable)</option>');
    expect(html).toMatch(/<input type="checkbox"\/>/);
  });

  it('hints before the live plays and in the replay', () => {
    expect(render(<SettingsForm {...props} offer={{ mode: 'none', qualities: [], types: [] }} />)).toContain('Applies once the live plays');
    expect(render(<SettingsForm {...props} offer={{ mode: 'replay', qualities: [], types: [] }} />)).toContain(
      'The replay does not use the delay mode or the player choice',
    );
  });
});
