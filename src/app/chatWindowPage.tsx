/** The chat window's page: the chat window feature with the room's connection and chat (the app composes them). */
import { ChatWindowScreen } from '../features/chatwindow';
import { liveRoomPath } from '../features/live';
import { ChatPanel, RoomConnection } from './realtimeParts';

const slots = {
  connection: (roomId: string) => <RoomConnection roomId={roomId} />,
  chat: (roomId: string) => <ChatPanel roomId={roomId} />,
  guidePath: (roomId: string) => liveRoomPath('guide', roomId),
};

export default function ChatWindowPage() {
  return <ChatWindowScreen slots={slots} />;
}
