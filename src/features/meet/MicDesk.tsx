/**
 * The console's connect-mic desk: whether viewers may apply, the applications waiting (accept
 * or reject), and who is on the mic, heard through the page's speakers, with the audio that
 * reached the console and a hang-up each.
 */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { MicUser } from './consoleData';
import { useMicDesk } from './useMicDesk';
import { ConsoleProblem } from './ConsoleProblem';
import { useRoomStateKey } from '../../state/roomFeed';

/** The viewer as the console hears (and, with their camera on, sees) them. */
function ViewerMedia({ stream, label }: { readonly stream: MediaStream; readonly label: string }) {
  const attach = (element: HTMLMediaElement | null) => {
    if (element !== null && element.srcObject !== stream) element.srcObject = stream;
  };
  if (stream.getVideoTracks().length > 0) return <video className="mic-desk__video" ref={attach} autoPlay playsInline aria-label={label} />;
  return <audio ref={attach} autoPlay />;
}

const kilobytes = (bytes: number): string => (bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0);

export function MicDesk({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { desk, peers, audioBytes, busy, failure, act } = useMicDesk(roomId);
  const queue = desk?.users.filter((u) => u.state === 'applying') ?? [];
  const onMic = desk?.users.filter((u) => u.state !== 'applying') ?? [];
  const peerOf = (uid: string) => peers.find((p) => p.uid === uid);

  const heardLine = (user: MicUser): string => {
    const bytes = audioBytes[user.uid];
    if (bytes !== undefined && bytes > 0) return t('console.mic.receiving', { size: kilobytes(bytes) });
    const peer = peerOf(user.uid);
    if (peer === undefined) return t('console.mic.noMedia');
    return peer.state === 'failed' ? t('console.mic.mediaFailed') : t('console.mic.mediaConnecting');
  };

  return (
    <section className="console-card mic-desk" aria-labelledby="mic-desk-title">
      <header className="console-card__head">
        <h2 id="mic-desk-title" className="console-card__title">
          {t('console.mic.title')}
        </h2>
        {desk !== null && (
          <button type="button" className={`button${desk.open ? '' : ' button--primary'}`} disabled={busy} onClick={() => act({ action: 'requests', open: !desk.open })}>
            {desk.open ? t('console.mic.close') : t('console.mic.open')}
          </button>
        )}
      </header>
      <p className="console-card__note" role="status">
        {desk === null ? t('console.loading') : desk.open ? t('console.mic.isOpen') : t('console.mic.isClosed')}
      </p>
      <ConsoleProblem text={failure} />
      <h3 className="console-card__subtitle">{t('console.mic.queue', { n: queue.length })}</h3>
      {queue.length === 0 ? (
        <p className="console-card__empty">{t('console.mic.queueEmpty')}</p>
      ) : (
        <ul className="console-list" aria-label={t('console.mic.queueLabel')}>
          {queue.map((user) => (
            <li key={user.uid} className="console-list__row">
              <bdi className="console-list__name">{user.name}</bdi>
              <span className="console-list__actions">
                <button type="button" className="button" disabled={busy} onClick={() => act({ action: 'reject', uid: user.uid })}>
                  {t('console.mic.reject')}
                </button>
                <button type="button" className="button button--primary" disabled={busy} onClick={() => act({ action: 'accept', uid: user.uid })}>
                  {t('console.mic.accept')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="console-card__subtitle">{t('console.mic.onMic', { n: onMic.length })}</h3>
      {onMic.length === 0 ? (
        <p className="console-card__empty">{t('console.mic.onMicEmpty')}</p>
      ) : (
        <ul className="console-list" aria-label={t('console.mic.onMicLabel')}>
          {onMic.map((user) => {
            const stream = peerOf(user.uid)?.stream ?? null;
            return (
              <li key={user.uid} className="console-list__row" data-uid={user.uid}>
                <span className="console-list__who">
                  <bdi className="console-list__name">{user.name}</bdi>
                  <span className="console-list__state">{user.state === 'connected' ? t('console.mic.connected') : t('console.mic.connecting')}</span>
                  <span className="console-list__media">{heardLine(user)}</span>
                </span>
                {stream !== null && <ViewerMedia stream={stream} label={t('console.mic.videoOf', { name: user.name })} />}
                <span className="console-list__actions">
                  <button type="button" className="button console-button--danger" disabled={busy} onClick={() => act({ action: 'hangup', uid: user.uid })}>
                    {t('console.mic.hangup')}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <ViewerMessages roomId={roomId} />
    </section>
  );
}

/** What viewers asked the host side (push 4121: SPEC 7.1 signaling to assistant), newest first. */
function ViewerMessages({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const signals = useRoomStateKey(roomId, 'mic')?.signals ?? [];
  if (signals.length === 0) return null;
  return (
    <>
      <h3 className="console-card__subtitle">{t('console.mic.messages')}</h3>
      <ul className="console-list" aria-label={t('console.mic.messagesLabel')}>
        {[...signals].reverse().map((signal) => (
          <li key={signal.seq} className="console-list__row console-list__row--stacked">
            <bdi className="console-list__name">{signal.name}</bdi>
            <bdi className="console-list__text">{signal.text}</bdi>
          </li>
        ))}
      </ul>
    </>
  );
}

