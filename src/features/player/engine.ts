/**
 * A playback engine drives one <video> for one source: hls.js (HLS), mpegts.js (FLV) or
 * the browser itself (native HLS). hls.js and mpegts.js are imported only when that kind
 * of stream plays, so each is its own chunk and no page loads them before.
 */
import type { DelayMode } from '../../domain/constants';
import type { ErrorKind } from './playerMachine';

export interface EngineEvents {
  /** A fatal error the engine could not recover from itself. */
  onError(kind: ErrorKind, detail: string): void;
}

export interface PlaybackEngine {
  readonly name: 'hls.js' | 'mpegts.js' | 'native';
  /** Latency behind the live edge in ms, null when unknown (replay, not yet playing). */
  latencyMs(): number | null;
  /** Where a live's edge is now (seconds on the element's clock), to go back to it; null when unknown. */
  liveEdge(): number | null;
  destroy(): void;
}

export interface EngineSource {
  readonly url: string;
  readonly live: boolean;
  readonly delay: DelayMode;
  /** An audio-only track: no video to wait for. */
  readonly audio: boolean;
}

export type EngineKind = 'hlsjs' | 'mpegts' | 'native';

/** Absolute URL of a media address (workers and loaders need one). */
export const absoluteUrl = (url: string): string => new URL(url, window.location.href).href;

/** Whether Media Source Extensions exist (hls.js and mpegts.js need them). */
export function hasMse(): boolean {
  const w = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof w.MediaSource === 'function' || typeof w.ManagedMediaSource === 'function';
}

export function hasNativeHls(video: HTMLVideoElement | null): boolean {
  return video !== null && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/** Starts loading the engine's module (called early so the chunk is there when needed). */
export function preloadEngine(kind: EngineKind): void {
  if (kind === 'hlsjs') void import('./hlsEngine').catch(() => undefined);
  if (kind === 'mpegts') void import('./flvEngine').catch(() => undefined);
}

export async function createEngine(kind: EngineKind, video: HTMLVideoElement, source: EngineSource, events: EngineEvents): Promise<PlaybackEngine> {
  switch (kind) {
    case 'hlsjs':
      return (await import('./hlsEngine')).createHlsEngine(video, source, events);
    case 'mpegts':
      return (await import('./flvEngine')).createFlvEngine(video, source, events);
    case 'native':
      return createNativeEngine(video, source, events);
  }
}

function createNativeEngine(video: HTMLVideoElement, source: EngineSource, events: EngineEvents): PlaybackEngine {
  const onError = () => events.onError(video.error?.code === MediaError.MEDIA_ERR_NETWORK ? 'network' : 'media', video.error?.message ?? 'media error');
  video.addEventListener('error', onError);
  video.src = absoluteUrl(source.url);
  return {
    name: 'native',
    latencyMs: () => {
      const date = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const start = date?.getTime();
      return source.live && start !== undefined && Number.isFinite(start) ? Math.max(0, Date.now() - (start + video.currentTime * 1000)) : null;
    },
    liveEdge: () => (source.live ? seekableEnd(video.seekable, 0) : null),
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

/**
 * The end of what the element can seek to, less `marginS` (an engine keeps a little buffer
 * before the very end so a live does not stall the moment it gets there); null when empty.
 */
export function seekableEnd(ranges: { readonly length: number; end(i: number): number }, marginS: number): number | null {
  if (ranges.length === 0) return null;
  const end = ranges.end(ranges.length - 1);
  return Number.isFinite(end) ? Math.max(0, end - marginS) : null;
}
