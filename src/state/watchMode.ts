/**
 * How this viewer watches a room (issue 38's weak-network modes): the video; audio only (the
 * line's audio track, no pictures downloaded); slides only (the audio track, and the host's
 * shared document takes the stage); chat only (no media at all). The player offers the last
 * three after repeated stalls and the viewer chooses any of them by hand; the document's
 * feature reads "slides" to take the stage. Per page: a reload watches the video again.
 */
import { proxy } from 'valtio';

export const WATCH_MODES = ['video', 'audio', 'slides', 'chat'] as const;
export type WatchMode = (typeof WATCH_MODES)[number];

export const watchModes = proxy<{ byRoom: Record<string, WatchMode>; documentShared: Record<string, boolean> }>({ byRoom: {}, documentShared: {} });

/** The document feature says whether the host shares one: "slides only" is offered only then. */
export function setDocumentShared(roomId: string, shared: boolean): void {
  if ((watchModes.documentShared[roomId] ?? false) !== shared) watchModes.documentShared[roomId] = shared;
}

/** The ways of watching a room offers now (slides only needs a shared document). */
export const offeredWatchModes = (modes: { readonly documentShared: Readonly<Record<string, boolean>> }, roomId: string): readonly WatchMode[] =>
  modes.documentShared[roomId] === true ? WATCH_MODES : WATCH_MODES.filter((m) => m !== 'slides');

export function setWatchMode(roomId: string, mode: WatchMode): void {
  if ((watchModes.byRoom[roomId] ?? 'video') !== mode) watchModes.byRoom[roomId] = mode;
}

export const watchModeOf = (modes: { readonly byRoom: Readonly<Record<string, WatchMode>> }, roomId: string): WatchMode => modes.byRoom[roomId] ?? 'video';

/** The modes that play the line's audio track instead of its video. */
export const playsAudioTrack = (mode: WatchMode): boolean => mode === 'audio' || mode === 'slides';
