/**
 * Serves the demo media (this directory's module) over HTTP:
 *
 *   /media/{line}/live/master.m3u8        live HLS master (line = line1 | line2)
 *   /media/{line}/live/{rendition}.m3u8   live HLS media playlist: a sliding window
 *   /media/{line}/live/{rendition}.flv    live HTTP-FLV (chunked, paced in real time)
 *   /media/{line}/live/audio.m3u8|.flv    the audio-only track (catalog.ts AUDIO_TRACK), live
 *                                         and in the replay's mounts (/media/vod/audio.m3u8)
 *   /media/{line}/{camera}/live/...       the same for another camera (catalog.ts CAMERA_IDS:
 *                                         cam2), for rooms with several camera streams
 *   /media/vod/master.m3u8                the replay (HLS VOD, ends with #EXT-X-ENDLIST)
 *   /media/vod/{rendition}.m3u8           replay media playlist
 *   /media/vod-{n}/...                    the same, a recording of the loop played n times
 *                                         (2 to 360: up to 2 hours; a room's replay.loops)
 *
 * Below each mount point (/media/{line}/live and /media/vod) the module's own URI layout is
 * served too (hlsPlaylists.ts: live.m3u8, <r>/live.m3u8, <r>/live-<seq>.ts, <r>/live.flv,
 * vod.m3u8, <r>/vod.m3u8, <r>/seg-<i>.ts); the playlists point into it with absolute paths.
 * Both lines play the same loop under distinct URLs. Anything else below /media is 404.
 *
 * The live loop's epoch is the server start (ctx.now, so tests move it with an injected
 * clock) minus one window, so the first live playlist is already full. The live media
 * playlists reach back LIVE_REWIND_SECONDS (5 minutes by default; since the epoch at most),
 * which is the live rewind window players seek in.
 */
import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../http/app.js';
import {
  DEFAULT_WINDOW_SIZE,
  FLV_CONTENT_TYPE,
  HLS_CONTENT_TYPE,
  LINE_IDS,
  SEGMENT_DURATION_MS,
  TS_CONTENT_TYPE,
  createFlvLiveStream,
  flvLoopFile,
  isCameraId,
  type CameraId,
  liveMasterPlaylist,
  liveMediaPlaylist,
  liveWindow,
  resolveMediaRequest,
  vodMasterPlaylist,
  vodMediaPlaylist,
  VOD_LOOPS_MAX,
  type MediaRequest,
} from './index.js';

type Mount =
  | { readonly kind: 'live'; readonly prefix: string; readonly camera: CameraId }
  | { readonly kind: 'vod'; readonly prefix: string; readonly loops: number };

const LIVE_KINDS: ReadonlySet<MediaRequest['kind']> = new Set(['liveMaster', 'liveMedia', 'liveSegment', 'flvLive']);
const VOD_KINDS: ReadonlySet<MediaRequest['kind']> = new Set(['vodMaster', 'vodMedia', 'vodSegment']);

const NO_CACHE = 'no-cache';
/** A live segment URL always names the same bytes; the window moves past it within seconds. */
const LIVE_SEGMENT_CACHE = 'public, max-age=60';
const VOD_CACHE = 'public, max-age=86400';

/** The short names of the player-facing URLs, mapped onto the module's layout. */
function aliasOf(mount: Mount, rest: string): string {
  if (rest === 'master.m3u8') return mount.kind === 'live' ? 'live.m3u8' : 'vod.m3u8';
  const m = /^([a-z]+)\.(m3u8|flv)$/.exec(rest);
  if (!m) return rest;
  if (m[2] === 'm3u8') return `${m[1]}/${mount.kind === 'live' ? 'live' : 'vod'}.m3u8`;
  return mount.kind === 'live' ? `${m[1]}/live.flv` : rest;
}

/** `/media/<...>` split into its mount point and the path below it; null if no mount matches. */
function splitMount(path: string): { mount: Mount; rest: string } | null {
  const vod = /^\/media\/vod\/(.+)$/.exec(path);
  if (vod?.[1]) return { mount: { kind: 'vod', prefix: '/media/vod', loops: 1 }, rest: vod[1] };
  // A longer recording: the loop played n times (2 to VOD_LOOPS_MAX), `/media/vod-<n>/`.
  const long = /^\/media\/vod-([1-9][0-9]{0,2})\/(.+)$/.exec(path);
  const loops = Number(long?.[1]);
  if (long?.[2] && loops >= 2 && loops <= VOD_LOOPS_MAX) return { mount: { kind: 'vod', prefix: `/media/vod-${loops}`, loops }, rest: long[2] };
  const live = /^\/media\/([a-z0-9]+)\/(?:([a-z0-9]+)\/)?live\/(.+)$/.exec(path);
  const [, line, camera = 'main', rest] = live ?? [];
  if (line === undefined || rest === undefined || !(LINE_IDS as readonly string[]).includes(line)) return null;
  // The main camera is the line's own mount; another camera is named below the line.
  if (!isCameraId(camera) || live?.[2] === 'main') return null;
  return { mount: { kind: 'live', prefix: camera === 'main' ? `/media/${line}/live` : `/media/${line}/${camera}/live`, camera }, rest };
}

function notFound(reply: FastifyReply, path: string) {
  return reply.status(404).send({ code: 404, msg: `no such media: ${path}`, data: null });
}

async function sendFile(reply: FastifyReply, file: string, cacheControl: string) {
  const { size } = await fs.promises.stat(file);
  return reply
    .type(TS_CONTENT_TYPE)
    .header('cache-control', cacheControl)
    .header('content-length', String(size))
    .send(fs.createReadStream(file));
}

export const mediaRoutes: RouteModule = (app, ctx) => {
  const epochMs = ctx.now() - DEFAULT_WINDOW_SIZE * SEGMENT_DURATION_MS;
  // The live rewind window: the playlists list this much of the live (the segments are the
  // loop's, so any that has happened can be served), at least the short sliding window.
  const windowSize = Math.max(DEFAULT_WINDOW_SIZE, Math.floor(ctx.config.liveRewindMs / SEGMENT_DURATION_MS));

  app.get('/media/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const split = splitMount(path);
    if (!split) return notFound(reply, path);
    const { mount } = split;
    const media = resolveMediaRequest(aliasOf(mount, split.rest), mount.kind === 'live' ? mount.camera : 'main');
    if (!media || !(mount.kind === 'live' ? LIVE_KINDS : VOD_KINDS).has(media.kind)) return notFound(reply, path);

    // Players load media from pages of any origin.
    reply.header('access-control-allow-origin', '*');
    const uriPrefix = mount.prefix;
    switch (media.kind) {
      case 'liveMaster':
        return reply.type(HLS_CONTENT_TYPE).header('cache-control', NO_CACHE).send(liveMasterPlaylist({ uriPrefix }));
      case 'liveMedia':
        return reply
          .type(HLS_CONTENT_TYPE)
          .header('cache-control', NO_CACHE)
          .send(liveMediaPlaylist({ rendition: media.rendition, uriPrefix, nowMs: ctx.now(), epochMs, windowSize }));
      case 'liveSegment': {
        // A segment that has not happened yet is not there to fetch.
        const newest = liveWindow({ nowMs: ctx.now(), epochMs }).entries.at(-1)?.seq ?? -1;
        if (media.seq > newest) return notFound(reply, path);
        return sendFile(reply, media.file, LIVE_SEGMENT_CACHE);
      }
      case 'flvLive': {
        const stream = createFlvLiveStream({ file: flvLoopFile(media.rendition, mount.kind === 'live' ? mount.camera : 'main'), epochMs, nowMs: ctx.now });
        // The viewer went away: stop pacing at once (pipe alone would keep the timer).
        reply.raw.once('close', () => stream.destroy());
        return reply.type(FLV_CONTENT_TYPE).header('cache-control', NO_CACHE).send(stream);
      }
      case 'vodMaster':
        return reply.type(HLS_CONTENT_TYPE).header('cache-control', VOD_CACHE).send(vodMasterPlaylist({ uriPrefix }));
      case 'vodMedia':
        return reply
          .type(HLS_CONTENT_TYPE)
          .header('cache-control', VOD_CACHE)
          .send(vodMediaPlaylist({ rendition: media.rendition, uriPrefix, loops: mount.kind === 'vod' ? mount.loops : 1 }));
      case 'vodSegment':
        return sendFile(reply, media.file, VOD_CACHE);
    }
  });
};
