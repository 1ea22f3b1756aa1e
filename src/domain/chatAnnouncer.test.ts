import { describe, expect, it } from 'vitest';
import { ANNOUNCE_TEXT_MAX, announcementOf, readAnnounceMode, type AnnouncedEntry } from './chatAnnouncer';

const entry = (name: string, text: string, important = false, mine = false): AnnouncedEntry => ({ name, text, important, mine });

describe('announcementOf', () => {
  it('says nothing when off, or when nothing was heard', () => {
    expect(announcementOf('off', [entry('a', 'hi', true)])).toBeNull();
    expect(announcementOf('all', [])).toBeNull();
    expect(announcementOf('important', [entry('a', 'hi'), entry('b', 'yo')])).toBeNull();
  });

  it('reads mentions and staff messages by default, the latest with how many more came', () => {
    expect(announcementOf('important', [entry('a', 'hi'), entry('Host', 'Welcome', true)])).toEqual({ key: 'chat.announce.said', params: { name: 'Host', text: 'Welcome' } });
    expect(announcementOf('important', [entry('Host', 'one', true), entry('x', 'noise'), entry('Bob', '@me two', true)])).toEqual({
      key: 'chat.announce.saidAndMore',
      params: { name: 'Bob', text: '@me two', count: 1 },
    });
  });

  it('in "all" reads a lone message and counts a flood', () => {
    expect(announcementOf('all', [entry('a', 'hi')])).toEqual({ key: 'chat.announce.said', params: { name: 'a', text: 'hi' } });
    expect(announcementOf('all', [entry('a', 'hi'), entry('b', 'yo'), entry('c', 'hey', true)])).toEqual({ key: 'chat.announce.newMessages', params: { count: 3 } });
  });

  it("never reads the viewer's own messages, and shortens long ones", () => {
    expect(announcementOf('all', [entry('me', 'mine', true, true)])).toBeNull();
    const long = 'x'.repeat(ANNOUNCE_TEXT_MAX + 50);
    const said = announcementOf('all', [entry('a', long)]);
    expect(said?.key).toBe('chat.announce.said');
    expect(said !== null && 'text' in said.params ? said.params.text.length : 0).toBe(ANNOUNCE_TEXT_MAX + 1);
  });
});

describe('readAnnounceMode', () => {
  it('falls back to the default for anything unknown', () => {
    expect(readAnnounceMode('all')).toBe('all');
    expect(readAnnounceMode('off')).toBe('off');
    expect(readAnnounceMode('loud')).toBe('important');
    expect(readAnnounceMode(undefined)).toBe('important');
  });
});
