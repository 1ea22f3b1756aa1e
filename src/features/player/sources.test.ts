import { describe, expect, it } from 'vitest';
import { choosePlayTarget, countdownMs, countdownParts, pickRendition, readCameras, readDefaultCamera, readLine, readPlaybackConfig, readPullAnswer, readRoomPlayback, safeMediaUrl, type PlayChoice } from './sources';

const lineOf = (id: string) => ({
  id,
  name: `Line ${id}`,
  hls: `/media/${id}/live/master.m3u8`,
  renditions: ['sd', 'original', 'hd'].map((r) => ({
    id: r,
    labelKey: `quality.${r}`,
    width: 1,
    height: 2,
    hls: `/media/${id}/live/${r}.m3u8`,
    flv: `/media/${id}/live/${r}.flv`,
  })),
  audio: { hls: `/media/${id}/live/audio.m3u8`, flv: `/media/${id}/live/audio.flv` },
  rewindSeconds: 300,
});

describe('safeMediaUrl', () => {
  it('accepts http(s) and same-origin paths only', () => {
    expect(safeMediaUrl('/media/vod/master.m3u8')).toBe('/media/vod/master.m3u8');
    expect(safeMediaUrl('https://cdn.test/a.m3u8')).toBe('https://cdn.test/a.m3u8');
    expect(safeMediaUrl('HTTP://cdn.test/a.flv')).toBe('HTTP://cdn.test/a.flv');
    for (const bad of ['//evil.test/x', 'javascript:alert(1)', 'data:video/mp4,x', 'blob:x', '/a b', '/a\\b', 'https://', '', 5, null]) {
      expect(safeMediaUrl(bad)).toBeNull();
    }
  });
});

describe('reading the server answers', () => {
  it('reads the room info', () => {
    const room = readRoomPlayback({
      status: 2,
      startTime: 1000,
      coverUrl: 'javascript:x',
      title: 'T',
      player: { lines: [lineOf('line1'), { id: 'bad' }], defaultLine: 'line1', defaultQuality: 'hd', defaultType: 'flv' },
      replay: null,
    });
    expect(room).toMatchObject({ status: 2, startTime: 1000, coverUrl: null, defaultQuality: 'hd', defaultType: 'flv', replay: null, multiStream: false });
    expect(readRoomPlayback({ status: 2, player: { multiStream: true } })?.multiStream).toBe(true);
    expect(readRoomPlayback({ status: 2, player: { multiStream: 'yes' } })?.multiStream).toBe(false);
    expect(room?.lines.map((l) => l.id)).toEqual(['line1']);
    expect(room?.lines[0]?.renditions.map((r) => r.id)).toEqual(['original', 'hd', 'sd']);
    expect(readRoomPlayback({ status: 7 })).toBeNull();
    expect(readRoomPlayback(null)).toBeNull();
  });

  it('reads the pull answer', () => {
    expect(readPullAnswer({ status: 2, live: true, stream: lineOf('line2') })).toMatchObject({ live: true, status: 2, line: { id: 'line2' } });
    expect(readPullAnswer({ status: 3, live: false, replay: '/media/vod/master.m3u8' })).toEqual({ live: false, status: 3, replay: '/media/vod/master.m3u8' });
    expect(readPullAnswer({ status: 3, live: false, replay: null })).toEqual({ live: false, status: 3, replay: null });
    expect(readPullAnswer({ live: true, stream: {} })).toBeNull();
  });

  it('reads the camera streams and the default camera defensively', () => {
    expect(readCameras({ streams: [{ id: 'main', name: 'Stage', default: true }, { id: 'cam2', name: 'Audience' }] })).toEqual([
      { id: 'main', name: 'Stage' },
      { id: 'cam2', name: 'Audience' },
    ]);
    // Malformed, duplicate and unnamed entries: left out, or named by the menu.
    expect(readCameras({ streams: [{ id: 'main' }, { id: 'main', name: 'again' }, { name: 'no id' }, 7, { id: 'x'.repeat(33) }] })).toEqual([{ id: 'main', name: '' }]);
    expect(readCameras({ streams: Array.from({ length: 40 }, (_, i) => ({ id: `c${i}` })) })).toHaveLength(16);
    expect(readCameras({ lines: [] })).toEqual([]);
    expect(readDefaultCamera({ camera: 'cam2', line: 'line1' })).toBe('cam2');
    expect(readDefaultCamera({ camera: '' })).toBeNull();
    expect(readDefaultCamera(null)).toBeNull();
  });

  it('reads the playback config: the replay only while the room keeps one, and only a safe address', () => {
    expect(readPlaybackConfig({ status: 3, replayEnabled: true, replay: '/media/vod/master.m3u8', records: 1 })).toEqual({ status: 3, replay: '/media/vod/master.m3u8' });
    expect(readPlaybackConfig({ status: 3, replayEnabled: false, replay: '/media/vod/master.m3u8' })).toEqual({ status: 3, replay: null });
    expect(readPlaybackConfig({ status: 3, replay: 'javascript:alert(1)' })).toEqual({ status: 3, replay: null });
    expect(readPlaybackConfig({ status: 2 })).toEqual({ status: 2, replay: null });
    expect(readPlaybackConfig({ replay: '/media/vod/master.m3u8' })).toBeNull();
    expect(readPlaybackConfig('nope')).toBeNull();
  });

  it('keeps a safe label key only', () => {
    const line = readLine({ id: 'l', renditions: [{ id: 'hd', labelKey: 'x.y.z', hls: '/a.m3u8' }] });
    expect(line?.renditions[0]?.labelKey).toBe('quality.hd');
    expect(line).toMatchObject({ audio: null, rewindSeconds: 0 });
    expect(readLine(lineOf('x'))).toMatchObject({ audio: { hls: '/media/x/live/audio.m3u8', flv: '/media/x/live/audio.flv' }, rewindSeconds: 300 });
    // Only safe addresses and a sane window are taken.
    expect(readLine({ ...lineOf('x'), audio: { hls: 'javascript:1', flv: 7 }, rewindSeconds: -4 })).toMatchObject({ audio: null, rewindSeconds: 0 });
    expect(readLine({ ...lineOf('x'), rewindSeconds: 1e12 })?.rewindSeconds).toBe(24 * 3600);
  });
});

describe('choosing what to play', () => {
  const line = readLine(lineOf('line1'))!;
  const base: PlayChoice = { status: 2, line, replay: null, quality: 'hd', type: 'hls', delay: 'lowDelay', mse: true, nativeHls: false, audioOnly: false };

  it('picks the wanted quality, else the next lower, else the highest', () => {
    expect(pickRendition(line, 'hd')?.id).toBe('hd');
    expect(pickRendition(line, 'ultraHd')?.id).toBe('hd');
    expect(pickRendition(line, 'fd')?.id).toBe('original');
  });

  it('plays the chosen type of the chosen rendition', () => {
    expect(choosePlayTarget(base)).toEqual({ kind: 'play', live: true, type: 'hls', engine: 'hlsjs', url: '/media/line1/live/hd.m3u8', lineId: 'line1', quality: 'hd', audio: false });
    // Audio and slides only: the line's audio track on the same player, nothing else changed.
    expect(choosePlayTarget({ ...base, audioOnly: true })).toMatchObject({ type: 'hls', url: '/media/line1/live/audio.m3u8', audio: true, quality: 'hd' });
    expect(choosePlayTarget({ ...base, type: 'flv', audioOnly: true })).toMatchObject({ type: 'flv', url: '/media/line1/live/audio.flv', audio: true });
    // A line without an audio track plays its video (sound and all) rather than nothing.
    expect(choosePlayTarget({ ...base, line: { ...line, audio: null }, audioOnly: true })).toMatchObject({ url: '/media/line1/live/hd.m3u8', audio: false });
    expect(choosePlayTarget({ ...base, type: 'flv', quality: 'sd' })).toMatchObject({ type: 'flv', engine: 'mpegts', url: '/media/line1/live/sd.flv' });
  });

  it('waits before the live, ends without a replay and plays the replay', () => {
    expect(choosePlayTarget({ ...base, status: 0 })).toEqual({ kind: 'wait', reason: 'notStarted' });
    expect(choosePlayTarget({ ...base, status: 1 })).toEqual({ kind: 'wait', reason: 'preparing' });
    expect(choosePlayTarget({ ...base, line: null })).toEqual({ kind: 'wait', reason: 'noSource' });
    expect(choosePlayTarget({ ...base, status: 3 })).toEqual({ kind: 'ended' });
    expect(choosePlayTarget({ ...base, status: 3, replay: '/media/vod/master.m3u8' })).toMatchObject({ kind: 'play', live: false, engine: 'hlsjs', url: '/media/vod/master.m3u8' });
  });

  it('without MSE: native HLS, FLV falls back to it, no delay is unsupported', () => {
    const noMse = { ...base, mse: false, nativeHls: true };
    expect(choosePlayTarget(noMse)).toMatchObject({ engine: 'native', type: 'hls' });
    expect(choosePlayTarget({ ...noMse, type: 'flv' })).toMatchObject({ engine: 'native', type: 'hls' });
    expect(choosePlayTarget({ ...noMse, delay: 'noDelay' })).toEqual({ kind: 'unsupported' });
    expect(choosePlayTarget({ ...base, mse: false })).toEqual({ kind: 'unsupported' });
    expect(choosePlayTarget({ ...base, mse: false, status: 3, replay: '/r.m3u8' })).toEqual({ kind: 'unsupported' });
  });
});

describe('countdown', () => {
  it('counts down to the start time', () => {
    expect(countdownMs(null, 5)).toBeNull();
    expect(countdownMs(1000, 5000)).toBe(0);
    expect(countdownParts(90061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(countdownParts(500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
});
