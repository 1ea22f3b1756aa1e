export { MeetRoomScreen } from './MeetRoomScreen';
export type { ConsoleSlots } from './Console';
