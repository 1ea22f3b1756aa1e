import { describe, expect, it } from 'vitest';
import { offeredWatchModes, playsAudioTrack, setDocumentShared, setWatchMode, watchModeOf, watchModes } from './watchMode';

describe('ways of watching', () => {
  it('a room watches its video until the viewer chooses otherwise, per room', () => {
    expect(watchModeOf(watchModes, 'a')).toBe('video');
    setWatchMode('a', 'chat');
    expect(watchModeOf(watchModes, 'a')).toBe('chat');
    expect(watchModeOf(watchModes, 'b')).toBe('video');
    setWatchMode('a', 'video');
    expect(watchModeOf(watchModes, 'a')).toBe('video');
  });

  it('slides only is offered only while the host shares a document', () => {
    expect(offeredWatchModes(watchModes, 'r')).toEqual(['video', 'audio', 'chat']);
    setDocumentShared('r', true);
    expect(offeredWatchModes(watchModes, 'r')).toEqual(['video', 'audio', 'slides', 'chat']);
    setDocumentShared('r', false);
    expect(offeredWatchModes(watchModes, 'r')).not.toContain('slides');
  });

  it('audio and slides only play the audio track; video and chat only do not', () => {
    expect([playsAudioTrack('audio'), playsAudioTrack('slides'), playsAudioTrack('video'), playsAudioTrack('chat')]).toEqual([true, true, false, false]);
  });
});
