/**
 * The media routes over HTTP: live playlists advance with the (injected) clock, segments and
 * the FLV stream are served with their content types, the replay ends with ENDLIST, and
 * anything else below /media is a 404.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { mediaRoutes } from './routes.js';

let server: TestServer;
let clock = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock, routes: [mediaRoutes] });
});

afterAll(async () => {
  await server.close();
});

const get = (path: string) => fetch(server.url + path);

function mediaSequence(playlist: string): number {
  const m = /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist);
  return Number(m?.[1]);
}

const segmentUris = (playlist: string): string[] => playlist.split('\n').filter((l) => l.endsWith('.ts'));

describe('live HLS', () => {
  it('serves the master with absolute rendition URIs that resolve', async () => {
    const response = await get('/media/line1/live/master.m3u8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const text = await response.text();
    const uris = text.split('\n').filter((l) => l.endsWith('.m3u8'));
    expect(uris).toEqual(['/media/line1/live/original/live.m3u8', '/media/line1/live/hd/live.m3u8', '/media/line1/live/sd/live.m3u8']);
    expect((await get(uris[1]!)).status).toBe(200);
  });

  it('grows the live rewind window as the clock moves, then slides it, on both lines under distinct URLs', async () => {
    const first = await (await get('/media/line1/live/hd.m3u8')).text();
    expect(segmentUris(first)).toHaveLength(4);
    expect(segmentUris(first)[0]).toMatch(/^\/media\/line1\/live\/hd\/live-\d+\.ts$/);
    clock += 6000;
    // Within the rewind window (LIVE_REWIND_SECONDS, 300 s by default) nothing slides out.
    const later = await (await get('/media/line1/live/hd.m3u8')).text();
    expect(mediaSequence(later)).toBe(mediaSequence(first));
    expect(segmentUris(later)).toHaveLength(7);
    const line2 = await (await get('/media/line2/live/hd.m3u8')).text();
    expect(segmentUris(line2)).toEqual(segmentUris(later).map((uri) => uri.replace('/line1/', '/line2/')));
    clock += 300_000;
    const full = await (await get('/media/line1/live/hd.m3u8')).text();
    expect(segmentUris(full)).toHaveLength(150);
    expect(mediaSequence(full)).toBe(mediaSequence(first) + 157 - 150);
  });

  it('serves the audio-only track: its playlist, its segments without video, its FLV', async () => {
    const playlist = await (await get('/media/line1/live/audio.m3u8')).text();
    const newest = segmentUris(playlist).at(-1)!;
    expect(newest).toMatch(/^\/media\/line1\/live\/audio\/live-\d+\.ts$/);
    const audio = await get(newest);
    expect(audio.status).toBe(200);
    const video = await get(newest.replace('/audio/', '/sd/'));
    // The same 2 s of the loop, without its video: a few times smaller than even SD.
    expect(Number(audio.headers.get('content-length')) * 2).toBeLessThan(Number(video.headers.get('content-length')));
    const replay = await (await get('/media/vod/audio.m3u8')).text();
    expect(replay).toContain('/media/vod/audio/seg-0.ts');
    expect((await get('/media/vod/audio/seg-0.ts')).status).toBe(200);
  });

  it('serves listed live segments as MPEG-TS and refuses segments not yet live', async () => {
    const playlist = await (await get('/media/line1/live/sd.m3u8')).text();
    const newest = segmentUris(playlist).at(-1)!;
    const segment = await get(newest);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    const seq = Number(/live-(\d+)\.ts$/.exec(newest)?.[1]);
    expect((await get(`/media/line1/live/sd/live-${seq + 1}.ts`)).status).toBe(404);
  });
});

describe('a second camera', () => {
  it("is served below each line, from the second camera's own files", async () => {
    const master = await (await get('/media/line2/cam2/live/master.m3u8')).text();
    expect(master.split('\n').filter((l) => l.endsWith('.m3u8'))[0]).toBe('/media/line2/cam2/live/original/live.m3u8');
    const playlist = await (await get('/media/line2/cam2/live/sd.m3u8')).text();
    const newest = segmentUris(playlist).at(-1)!;
    expect(newest).toMatch(/^\/media\/line2\/cam2\/live\/sd\/live-\d+\.ts$/);
    const cam2 = new Uint8Array(await (await get(newest)).arrayBuffer());
    const main = new Uint8Array(await (await get(newest.replace('/cam2/', '/'))).arrayBuffer());
    expect(cam2[0]).toBe(0x47);
    expect(Buffer.from(cam2).equals(Buffer.from(main))).toBe(false);
  });
});

describe('replay (VOD)', () => {
  it('serves the VOD master and media playlists ending with #EXT-X-ENDLIST', async () => {
    const master = await (await get('/media/vod/master.m3u8')).text();
    const media = master.split('\n').filter((l) => l.endsWith('.m3u8'));
    expect(media).toContain('/media/vod/hd/vod.m3u8');
    for (const path of [media[0]!, '/media/vod/hd.m3u8']) {
      const response = await get(path);
      expect(response.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
      const text = await response.text();
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    }
    const segment = await get('/media/vod/hd/seg-0.ts');
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toContain('max-age');
  });

  it('serves a longer recording under /media/vod-<n>/, its playlists pointing below it', async () => {
    const master = await (await get('/media/vod-15/master.m3u8')).text();
    expect(master).toContain('/media/vod-15/hd/vod.m3u8');
    const media = await (await get('/media/vod-15/hd/vod.m3u8')).text();
    expect(media.match(/seg-\d+\.ts/g)).toHaveLength(150);
    expect(media).toContain('/media/vod-15/hd/seg-9.ts');
    expect((await get('/media/vod-15/hd/seg-9.ts')).status).toBe(200);
  });
});

describe('live HTTP-FLV', () => {
  it('streams the audio-only track as FLV that says it has audio and no video', async () => {
    const chunk = await new Promise<Buffer>((resolve, reject) => {
      const request = http.get(`${server.url}/media/line1/live/audio.flv`, (response) => {
        response.on('error', () => undefined);
        response.once('data', (data: Buffer) => {
          resolve(data);
          request.destroy();
        });
      });
      request.on('error', reject);
    });
    expect(chunk.subarray(0, 3).toString('latin1')).toBe('FLV');
    // FLV header flags: 4 = audio, 1 = video.
    expect(chunk[4]).toBe(4);
  });

  it('streams chunked FLV with CORS and no-cache, and stops when the viewer goes', async () => {
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: Buffer }>((resolve, reject) => {
      const request = http.get(`${server.url}/media/line2/live/hd.flv`, (response) => {
        // Destroying the request mid-stream makes the response emit 'aborted' errors: expected here.
        response.on('error', () => undefined);
        response.once('data', (chunk: Buffer) => {
          resolve({ headers: response.headers, chunk });
          request.destroy();
        });
      });
      request.on('error', reject);
    });
    expect(first.headers['content-type']).toBe('video/x-flv');
    expect(first.headers['transfer-encoding']).toBe('chunked');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.chunk.subarray(0, 3).toString('latin1')).toBe('FLV');
  });
});

describe('not found', () => {
  it.each([
    '/media/line3/live/master.m3u8',
    '/media/line1/live/uhd.m3u8',
    '/media/line1/live/hd/live-x.ts',
    '/media/line1/live/hd/live-99999999999999999.ts',
    '/media/line1/vod/master.m3u8',
    '/media/vod/hd/seg-10.ts',
    '/media/vod/hd.flv',
    '/media/vod/hd/live.m3u8',
    '/media/vod-1/master.m3u8',
    '/media/vod-361/master.m3u8',
    '/media/vod-015/master.m3u8',
    '/media/vod-x/master.m3u8',
    '/media/line1/live/hd/seg-0.ts',
    '/media/line1/cam3/live/master.m3u8',
    '/media/line1/main/live/master.m3u8',
    '/media/line3/cam2/live/master.m3u8',
    '/media/cam2/live/master.m3u8',
    '/media/../package.json',
    '/media/',
  ])('%s is 404', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
