/**
 * Who runs the room (webcast/user/list, SPEC 7.1 "user role list"): the hosts and the
 * assistants, with their pictures, under the introduction, so a viewer knows whose messages
 * and answers carry the room's authority. A failed read says so in one line; the
 * introduction above does not depend on it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../state/apiContext';
import { readStaff, type StaffMember } from './introData';

type Loaded = { readonly staff: readonly StaffMember[] } | { readonly failed: true };

export function StaffList({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.live.userRoleList({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setLoaded({ staff: readStaff(data) }),
      () => {
        if (!controller.signal.aborted) setLoaded({ failed: true });
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt]);

  if (loaded === null) return null;
  if ('failed' in loaded) {
    return (
      <p className="room-intro__note room-staff__problem">
        {t('intro.staffFailed')}{' '}
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  if (loaded.staff.length === 0) return null;
  return (
    <section className="room-staff" aria-labelledby={`room-staff-${roomId}`}>
      <h3 id={`room-staff-${roomId}`} className="room-staff__title">
        {t('intro.staff')}
      </h3>
      <ul className="room-staff__list">
        {loaded.staff.map((member) => (
          <li key={member.uid} className="room-staff__member">
            {member.avatar !== null ? (
              <img className="room-staff__avatar" src={member.avatar} alt="" width={36} height={36} loading="lazy" referrerPolicy="no-referrer" />
            ) : (
              <span className="room-staff__avatar room-staff__avatar--initial" aria-hidden="true">
                {Array.from(member.name)[0]}
              </span>
            )}
            <bdi className="room-staff__name">{member.name}</bdi>
            <span className={`room-staff__role room-staff__role--${member.role}`}>{t(`role.${member.role}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
