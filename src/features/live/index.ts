export { LiveScreen, type LiveScreenSlots } from './LiveScreen';
export { LIVE_GUIDE_ROUTE, LIVE_VIDEO_ROUTE, liveRoomPath, type LiveScreenMode } from './paths';
export type { RoomTab } from './RoomTabs';
