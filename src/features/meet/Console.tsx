/**
 * The host's and assistant's console (issue 15 item 3): the live's state and the host's
 * start and end, the connect-mic desk and the call room (issue 16), the chat's switches and
 * review, the room's countdown, introduction, sign-up audit and readmissions, the
 * interactions, and the room's chat (the viewer's chat list, through the app's slots, on
 * the same SharedWorker socket path).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHost } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { readConsoleRoom, type ConsoleRoom } from './consoleData';
import { ChatControls } from './ChatControls';
import { InteractionDesk } from './InteractionDesk';
import { LiveControl } from './LiveControl';
import { MicDesk } from './MicDesk';
import { CallRoomCard } from './CallRoomCard';
import { RoomDesk } from './RoomDesk';
import { GuessingAlarm } from './GuessingAlarm';

/** What the app puts in the console (features do not import each other). */
export interface ConsoleSlots {
  /** Follows the room's realtime messages while the console is open, and says when the connection is down. */
  connection?(roomId: string): ReactNode;
  /** The room's chat, as the host side sees it. */
  chat?(roomId: string): ReactNode;
}

export function Console({ roomId, role, slots }: { readonly roomId: string; readonly role: number; readonly slots: ConsoleSlots }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [room, setRoom] = useState<ConsoleRoom | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.live.roomInfo({ id: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setRoom(readConsoleRoom(data)),
      () => setRoom({ title: '', status: null, introduction: '' }),
    );
    return () => controller.abort();
  }, [api, roomId]);

  return (
    <div className="console">
      {slots.connection?.(roomId)}
      <div className="console__bar">
        <div className="console__who">
          <span className="console__role">{isHost(role) ? t('console.roleHost') : t('console.roleAssistant')}</span>
          {room !== null && room.title !== '' && <bdi className="console__room-title">{room.title}</bdi>}
        </div>
        <LiveControl roomId={roomId} role={role} initialStatus={room?.status ?? null} />
      </div>
      <GuessingAlarm roomId={roomId} />
      <div className="console__body">
        <div className="console__column">
          <MicDesk roomId={roomId} />
          <CallRoomCard roomId={roomId} />
          <ChatControls roomId={roomId} />
          <RoomDesk roomId={roomId} introduction={room?.introduction ?? ''} broadcast={isHost(role)} />
        </div>
        <InteractionDesk roomId={roomId} />
        {slots.chat !== undefined && (
          // No region of its own: the chat panel in it is the region named "Chat" (one landmark, not two of one name).
          <div className="console-card console__chat">{slots.chat(roomId)}</div>
        )}
      </div>
    </div>
  );
}
