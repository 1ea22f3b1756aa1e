/**
 * The room's chat in a window of its own (issue 37 item 4), opened from the chat tab beside
 * the viewer's work. It is one more tab of the viewer's browser: the same login
 * (localStorage) and the same SharedWorker, so the server still sees one socket, and its
 * sends, read marks and settings are those of the viewer's other tabs. The app composes
 * what it shows (the room's connection and the chat panel); features do not import each other.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { enterRoom, session, setJoinedVideo } from '../../state/session';
import { SafeLink } from '../../ui/SafeLink';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import './chatWindow.css';

export interface ChatWindowSlots {
  /** Follows the room's realtime messages and keeps the login alive while shown. */
  connection(roomId: string): ReactNode;
  chat(roomId: string): ReactNode;
  /** Where a viewer without a login goes to enter. */
  guidePath(roomId: string): string;
}

export function ChatWindowScreen({ slots }: { readonly slots: ChatWindowSlots }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { id = '' } = useParams<'id'>();
  const { liveToken, currentRoomId } = useSnapshot(session);

  useEffect(() => {
    enterRoom(id);
    setJoinedVideo(true);
  }, [id]);
  const title = t('chatWindow.title', { id });
  useEffect(() => {
    document.title = title;
  }, [title]);

  const ready = currentRoomId === id;
  return (
    <article className="chat-window" data-room-id={id}>
      <h1 className="chat-window__title">{title}</h1>
      {ready && liveToken === null ? (
        <p className="chat-window__login">
          {t('chatWindow.notEntered')}{' '}
          <SafeLink to={slots.guidePath(id)} target="_blank">
            {t('chatWindow.enter')}
          </SafeLink>
        </p>
      ) : ready ? (
        <ErrorBoundary region="chat">
          {slots.connection(id)}
          <div className="chat-window__chat">{slots.chat(id)}</div>
        </ErrorBoundary>
      ) : null}
    </article>
  );
}
