/**
 * The live's state and the host's start and end (socket request 7107, the same server code
 * as the admin API's live/start and live/end). An assistant sees the state only (the server
 * lets the host alone change it).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_STATUS } from '../../domain/constants';
import { isHost } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { roomRequest } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import type { LiveStatus } from './consoleData';

const STATUS_KEYS: Readonly<Record<LiveStatus, string>> = {
  [LIVE_STATUS.notStarted]: 'console.live.notStarted',
  [LIVE_STATUS.preparing]: 'console.live.preparing',
  [LIVE_STATUS.live]: 'console.live.live',
  [LIVE_STATUS.ended]: 'console.live.ended',
};

export function LiveControl({ roomId, role, initialStatus }: { readonly roomId: string; readonly role: number; readonly initialStatus: LiveStatus | null }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const pushed = useRoomStateKey(roomId, 'live');
  const status = pushed?.status ?? initialStatus;
  const [busy, setBusy] = useState(false);
  // Ending is asked twice: a live ended by a slip cannot be taken back.
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (next: LiveStatus) => {
    setConfirming(false);
    setBusy(true);
    setFailure(null);
    void roomRequest(roomId, 7107, { webcastId: roomId, status: next }).then((outcome) => {
      setBusy(false);
      if (!outcome.ok) setFailure(outcome.msg !== '' ? t('error.invalidInputField', { detail: outcome.msg }) : t('error.submitFailed'));
    });
  };

  return (
    <div className="live-control" data-status={status ?? 'unknown'}>
      <span className="live-control__status" role="status">
        {status === null ? t('console.loading') : t(STATUS_KEYS[status])}
      </span>
      {isHost(role) && status !== LIVE_STATUS.live && (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => change(LIVE_STATUS.live)}>
          {t('console.live.start')}
        </button>
      )}
      {isHost(role) && status === LIVE_STATUS.live && !confirming && (
        <button type="button" className="button console-button--danger" disabled={busy} onClick={() => setConfirming(true)}>
          {t('console.live.end')}
        </button>
      )}
      {isHost(role) && status === LIVE_STATUS.live && confirming && (
        <span className="live-control__confirm" role="group" aria-label={t('console.live.endQuestion')}>
          <span>{t('console.live.endQuestion')}</span>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t('console.live.keep')}
          </button>
          <button type="button" className="button console-button--danger" disabled={busy} onClick={() => change(LIVE_STATUS.ended)}>
            {t('console.live.endConfirm')}
          </button>
        </span>
      )}
      {failure !== null && (
        <span className="live-control__problem" role="alert">
          {failure}
        </span>
      )}
    </div>
  );
}
