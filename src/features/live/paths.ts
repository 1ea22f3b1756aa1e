/** Route paths of the live screen (SPEC 2), relative to the application prefix. */

export type LiveScreenMode = 'guide' | 'video';

const SEGMENT: Readonly<Record<LiveScreenMode, string>> = { guide: 'login', video: 'video' };

/** The route patterns, for the router table. */
export const LIVE_GUIDE_ROUTE = '/live/login/:id';
export const LIVE_VIDEO_ROUTE = '/live/video/:id';

export const liveRoomPath = (mode: LiveScreenMode, roomId: string): string =>
  `/live/${SEGMENT[mode]}/${encodeURIComponent(roomId)}`;

/** The query parameter that keeps the room tab shown (`?tab=chat`), for reloads and shared links. */
export const ROOM_TAB_PARAM = 'tab';
