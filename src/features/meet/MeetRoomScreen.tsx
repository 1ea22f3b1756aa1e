import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isStaff } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { enterRoom, session } from '../../state/session';
import { Console, type ConsoleSlots } from './Console';
import { StaffLogin } from './StaffLogin';
import './meet.css';

/**
 * LiveRoom (/live/meetLive/:id): the meeting-style room, where the host and the assistants
 * run the live (issue 15): their login first, then the console.
 */
export function MeetRoomScreen({ slots }: { readonly slots: ConsoleSlots }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { id = '' } = useParams<'id'>();
  const { liveToken, currentRoomId, currentRole } = useSnapshot(session);

  useEffect(() => {
    enterRoom(id);
  }, [id]);

  const staffHere = liveToken !== null && currentRoomId === id && isStaff(currentRole);
  return (
    <article className="meet-screen">
      <h1 className="meet-screen__title">{t('screen.meetTitle', { id })}</h1>
      <p className="meet-screen__subtitle">{t('console.subtitle')}</p>
      <div className="meet-screen__body">{staffHere ? <Console roomId={id} role={currentRole} slots={slots} /> : <StaffLogin roomId={id} />}</div>
    </article>
  );
}
