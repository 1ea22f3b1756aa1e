import { describe, expect, it } from 'vitest';
import { readCustomPoster, readCustomPosters } from './posterData';

const poster = (id: string, over: Record<string, unknown> = {}) => ({ id, templateId: null, content: { title: 'Mine', text: 'Friday', colour: '#ff0000', background: '#ffffff' }, inviteUrl: 'https://live.test/live/login/10001?inviterId=abc', ...over });

describe("the viewer's own posters (poster custom list and create)", () => {
  it('reads the look and the invite link', () => {
    expect(readCustomPoster(poster('p1'))).toEqual({ id: 'p1', inviteUrl: 'https://live.test/live/login/10001?inviterId=abc', look: { title: 'Mine', text: 'Friday', colour: '#ff0000', background: '#ffffff' } });
  });

  it('a poster without an http(s) invite link or an id is not offered; colours that are not colours fall back', () => {
    expect(readCustomPoster(poster('p1', { inviteUrl: 'javascript:alert(1)' }))).toBeNull();
    expect(readCustomPoster(poster(''))).toBeNull();
    expect(readCustomPoster(poster('p1', { content: { title: 'x', colour: 'red;background:url(x)' } }))?.look.colour).toBe('#2081eb');
    expect(readCustomPosters({ list: [poster('a'), 'junk', poster('b', { inviteUrl: null })] }).map((p) => p.id)).toEqual(['a']);
    expect(readCustomPosters(null)).toEqual([]);
  });
});
