export { MeetRoomScreen } from './MeetRoomScreen';
