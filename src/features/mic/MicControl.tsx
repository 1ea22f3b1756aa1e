/**
 * Connect-mic in the video page's toolbar: one button whose words follow the phase (apply,
 * cancel the application, connecting, hang up), a line saying where the viewer stands, and
 * the host's invitation as a modal dialog (accept or decline). How the mic ended and what
 * went wrong are said on that line until the next action.
 */
import { Mic } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { pushNotice } from '../../state/notices';
import { useRoomStateKey } from '../../state/roomFeed';
import { useDialogShown } from '../../ui/useModalDialog';
import type { MicEndKind } from '../../realtime/micState';
import { useViewerMic, type MicPress, type NicknameGate } from './useViewerMic';
import { MessageHost } from './MessageHost';
import './mic.css';

const END_KEYS: Readonly<Record<MicEndKind, string>> = {
  rejected: 'mic.ended.rejected',
  requestsClosed: 'mic.ended.requestsClosed',
  endedByViewer: 'mic.ended.byViewer',
  endedByHost: 'mic.ended.byHost',
  networkLost: 'mic.ended.networkLost',
  kicked: 'mic.ended.kicked',
};

/** SPEC 3: a call-room kick's reason, 100 by default (the host removed the viewer). */
export const KICK_REASON_BY_HOST = 100;

function MicIcon() {
  return <Mic className="mic-control__icon" size={16} aria-hidden="true" focusable="false" />;
}

export function MicControl({ roomId, nickname }: { readonly roomId: string; readonly nickname: NicknameGate }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const mic = useViewerMic(roomId, nickname);
  // Who speaks with the host now, for every viewer of the room (the platforms show it too).
  const speakers = mic.onMic.map((u) => u.name);
  const speakersText = speakers.length === 0 ? '' : new Intl.ListFormat(intlLocaleOf(i18n.language), { type: 'conjunction' }).format(speakers);
  const statusId = useId();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const showInvite = mic.phase === 'connecting' && mic.invited && !mic.inviteAccepted;

  useDialogShown(dialog, showInvite);

  const main: { action: MicPress; label: string } | null =
    mic.phase === 'idle'
      ? { action: 'apply', label: t('mic.apply') }
      : mic.phase === 'applying'
        ? { action: 'cancel', label: t('mic.cancel') }
        : mic.phase === 'connected' || (mic.phase === 'connecting' && !showInvite)
          ? { action: 'hangup', label: t('mic.hangup') }
          : null;
  const closed = mic.phase === 'idle' && mic.open !== true;

  // How the mic ended and what went wrong are news: a toast too, which a phone shows (its
  // toolbar scrolls sideways and has no room for the line).
  const { problem, ended } = mic;
  // The call room's word on a removal (6117) carries its reason: said with the ending.
  const removed = useRoomStateKey(roomId, 'callRoom')?.removed ?? null;
  const reasonText = removed === null ? '' : removed.reason === KICK_REASON_BY_HOST ? t('mic.removeReason.byHost') : t('mic.removeReason.other', { code: removed.reason });
  const toldRemoval = useRef<number | null>(null);
  useEffect(() => {
    // Once per removal (its seq), not again when only the language changes.
    if (removed === null || removed.seq === toldRemoval.current) return;
    toldRemoval.current = removed.seq;
    pushNotice({ key: `${INTERACTIONS_NS}:mic.ended.removed`, params: { reason: reasonText }, tone: 'warning' });
  }, [removed, reasonText]);
  useEffect(() => {
    if (problem !== null) pushNotice({ key: `${INTERACTIONS_NS}:${problem.key}`, params: { detail: problem.detail ?? '' }, tone: 'warning' });
  }, [problem]);
  useEffect(() => {
    // A removal says so itself, with its reason (above).
    if (ended !== null && ended.kind !== 'endedByHost') pushNotice({ key: `${INTERACTIONS_NS}:${END_KEYS[ended.kind]}`, tone: ended.kind === 'endedByViewer' ? 'info' : 'warning' });
  }, [ended]);

  const status = (() => {
    if (mic.problem !== null) return t(mic.problem.key, { detail: mic.problem.detail ?? '' });
    if (mic.phase === 'applying') return t('mic.status.applying', { queue: mic.queueLength });
    if (showInvite) return t('mic.invite.title');
    if (mic.phase === 'connecting') return mic.owner ? t('mic.status.connecting') : t('mic.status.connectingElsewhere');
    if (mic.phase === 'connected' && !mic.owner) return t('mic.status.connectedElsewhere');
    if (mic.phase === 'connected') return mic.heard === 'nobody' ? t('mic.status.connectedUnheard') : t('mic.status.connected');
    if (mic.ended !== null && mic.ended.kind === 'endedByHost' && removed !== null) return t('mic.ended.removed', { reason: reasonText });
    if (mic.ended !== null) return t(END_KEYS[mic.ended.kind]);
    if (mic.open === false) return t('mic.status.closed');
    return '';
  })();

  return (
    <div className="mic-control" data-phase={mic.phase}>
      {main !== null && (
        <button
          type="button"
          className={`button mic-control__button${main.action === 'hangup' ? ' mic-control__button--hangup' : ''}`}
          disabled={closed || mic.busy || !mic.can(main.action)}
          aria-describedby={status === '' ? undefined : statusId}
          onClick={() => mic.press(main.action)}
        >
          <MicIcon />
          {main.label}
        </button>
      )}
      {mic.phase === 'idle' && !closed && (
        <label className="mic-control__video">
          <input type="checkbox" checked={mic.video} onChange={(event) => mic.chooseVideo(event.target.checked)} />
          {t('mic.withCamera')}
        </label>
      )}
      {(mic.phase === 'connecting' || (mic.phase === 'connected' && mic.microphoneOn)) && <span className="mic-control__live" aria-hidden="true" />}
      {speakersText !== '' && (
        <span className="mic-control__speakers">
          {t('mic.onMicNow')} <bdi>{speakersText}</bdi>
        </span>
      )}
      <span id={statusId} className={`mic-control__status visually-hidden-phone${mic.problem !== null ? ' mic-control__status--problem' : ''}`} role="status">
        {status}
      </span>
      {mic.phase !== 'idle' && !showInvite && <MessageHost roomId={roomId} />}
      <dialog ref={dialog} className="panel-dialog mic-invite" aria-labelledby={titleId} tabIndex={-1} onCancel={(event) => event.preventDefault()}>
        {showInvite && (
          <div className="mic-invite__body">
            <MicIcon />
            <h2 id={titleId} className="mic-invite__title">
              {t('mic.invite.title')}
            </h2>
            <p className="mic-invite__text">{t('mic.invite.text')}</p>
            <div className="mic-invite__actions">
              <button type="button" className="button" disabled={mic.busy} onClick={() => mic.press('decline')}>
                {t('mic.invite.decline')}
              </button>
              <button type="button" className="button button--primary" disabled={mic.busy} onClick={() => mic.press('accept')}>
                {t('mic.invite.accept')}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </div>
  );
}
