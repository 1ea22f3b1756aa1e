import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../ui/staticRender';
import { PlayerStatusLine, type PlayerStatusLineProps } from './PlayerNotices';

const base: PlayerStatusLineProps = {
  offline: false,
  change: null,
  offerModes: false,
  cannotKeepUp: false,
  targetMs: 2_000,
  qualityLabel: (quality) => `quality.${quality}`,
  lineNumber: () => 2,
  onWatchMode: () => undefined,
  modes: ['audio', 'chat'],
};
const line = (props: Partial<PlayerStatusLineProps>) => renderStatic(<PlayerStatusLine {...base} {...props} />);

describe('the calm line of a weak network', () => {
  it('is empty and hidden when all is well', () => {
    expect(line({})).toMatch(/<div[^>]*hidden=""[^>]*><\/div>/);
  });

  it('says one thing at a time: the network gone before anything else', () => {
    const html = line({ offline: true, change: { kind: 'line', lineId: 'line2', at: Date.now() }, cannotKeepUp: true });
    expect(html).toContain('Network lost');
    expect(html).not.toContain('line 2');
    expect(html).not.toContain('cannot keep');
  });

  it('names the ladder step in words, with the quality by its name', () => {
    expect(line({ change: { kind: 'quality', quality: 'sd', at: Date.now() } })).toContain('Weak network: switched to SD');
    expect(line({ change: { kind: 'line', lineId: 'line2', at: Date.now() } })).toContain('switched to line 2');
    expect(line({ change: { kind: 'hls', at: Date.now() } })).toContain('HLS');
  });

  it('offers only the ways of watching on offer, and a way to keep the video', () => {
    const html = line({ offerModes: true, change: { kind: 'modes', at: Date.now() } });
    expect(html).toContain('Audio only');
    expect(html).toContain('Chat only');
    expect(html).not.toContain('Slides only');
    expect(html).toContain('Keep the video');
  });

  it('says when the live cannot keep to its target', () => {
    expect(line({ cannotKeepUp: true, targetMs: 2_000 })).toContain('cannot keep within 2 s of live');
  });
});
