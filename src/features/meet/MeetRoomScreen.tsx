import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { enterRoom } from '../../state/session';

/**
 * LiveRoom (/live/meetLive/:id): the meeting-style room. The meeting stage and its
 * participant list join the `meet-screen__body` region.
 */
export function MeetRoomScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<'id'>();

  useEffect(() => {
    enterRoom(id);
  }, [id]);

  return (
    <article className="meet-screen">
      <h1>{t('screen.meetTitle', { id })}</h1>
      <div className="meet-screen__body" />
    </article>
  );
}
