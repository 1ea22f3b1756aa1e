import { describe, expect, it } from 'vitest';
import { liveRoomPath } from './paths';

describe('liveRoomPath', () => {
  it('builds the guide and video paths of a room', () => {
    expect(liveRoomPath('guide', '10001')).toBe('/live/login/10001');
    expect(liveRoomPath('video', '10001')).toBe('/live/video/10001');
  });

  it('escapes a room id so it stays one path segment', () => {
    expect(liveRoomPath('guide', 'a/b?c')).toBe('/live/login/a%2Fb%3Fc');
  });
});
