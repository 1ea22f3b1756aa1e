/**
 * The video page's exit: logs out (the server ends the session at once and tells every
 * tab of this browser through its socket), forgets the login here, and goes to the guide
 * page. When the server cannot be reached the login is still forgotten here, and the
 * viewer is told that the server did not hear it (the session then ends after 24 h unused).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isApiError } from '../../api';
import { useApi } from '../../state/apiContext';
import { pushNotice } from '../../state/notices';
import { recordSessionEnd } from '../../state/sessionEnd';
import { clearSession, session } from '../../state/session';
import './leave.css';

export interface ExitButtonProps {
  readonly roomId: string;
  readonly onLeft: () => void;
}

export function ExitButton({ roomId, onLeft }: ExitButtonProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { liveToken } = useSnapshot(session);
  const [busy, setBusy] = useState(false);
  if (liveToken === null) return null;

  const exit = async () => {
    setBusy(true);
    try {
      await api.live.logout({});
    } catch (error) {
      // 402: the session had ended already, which is what the viewer asked for.
      if (!(isApiError(error) && error.code === 402)) pushNotice({ key: 'leave.exitUnheard', tone: 'warning' }, 8000);
    }
    recordSessionEnd(roomId, 'loggedOut');
    clearSession();
    onLeft();
  };

  return (
    <button type="button" className="button leave-exit" onClick={() => void exit()} disabled={busy} aria-busy={busy} data-testid="exit-room">
      {busy ? t('leave.exiting') : t('leave.exit')}
    </button>
  );
}
