/**
 * The original of a quoted message, asked of the server by its id (SPEC 7.1:
 * chat/public/listByIds): a quote shows the message cut short, and in a busy room the
 * message itself left the 200-entry list long ago. A modal <dialog> (a bottom sheet on a
 * phone); a withdrawn or unknown message says so, a failure offers a retry.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { ChatEntry } from '../../realtime/chatEntry';
import { useApi } from '../../state/apiContext';
import { session } from '../../state/session';
import { isoTime } from './links';
import { formatChatTime } from './chatTime';
import { MessageBody } from './MessageBody';
import { readReplayPage } from './replayPage';
import { DialogHeader } from '../../ui/DialogHeader';

type Original = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'gone' } | { readonly state: 'shown'; readonly entry: ChatEntry };

/** The listByIds answer: the message of `msgId`, or null when the server no longer has it (withdrawn, unknown). */
export function readOriginal(data: unknown, msgId: string, myUid: string | null): ChatEntry | null {
  return readReplayPage(data, myUid).list.find((entry) => entry.msgId === msgId) ?? null;
}

function useOriginal(roomId: string, msgId: string): { original: Original; retry(): void } {
  const api = useApi();
  const [original, setOriginal] = useState<Original>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.live.chatByIds({ webcastId: roomId, ids: [msgId] }, { signal: controller.signal, background: true }).then(
      (data) => {
        const entry = readOriginal(data, msgId, session.userId);
        setOriginal(entry === null ? { state: 'gone' } : { state: 'shown', entry });
      },
      () => {
        if (!controller.signal.aborted) setOriginal({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, roomId, msgId, attempt]);
  // The dialog is keyed by the message, so only a retry starts over.
  const retry = () => {
    setOriginal({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { original, retry };
}

export interface QuotedOriginalProps {
  readonly roomId: string;
  readonly msgId: string;
  onClose(): void;
}

export function QuotedOriginal({ roomId, msgId, onClose }: QuotedOriginalProps) {
  // The interactions' texts: a chunk the page loads on demand (the guide page's budget).
  const { t } = useTranslation(INTERACTIONS_NS);
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { original, retry } = useOriginal(roomId, msgId);

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="panel-dialog sheet chat-original" aria-labelledby={`${ids}-title`} onClose={onClose}>
      <div className="panel-dialog__body">
        <DialogHeader titleId={`${ids}-title`} title={t('chatOriginal.title')} closeLabel={t('chatOriginal.close')} onClose={() => dialog.current?.close()} />
        {original.state === 'loading' && <p role="status">{t('chatOriginal.loading')}</p>}
        {original.state === 'gone' && <p role="status">{t('chatOriginal.gone')}</p>}
        {original.state === 'failed' && (
          <p role="alert">
            {t('chatOriginal.failed')}{' '}
            <button type="button" className="link-button" onClick={retry}>
              {t('chatOriginal.retry')}
            </button>
          </p>
        )}
        {original.state === 'shown' && (
          <article className="chat-original__message">
            <header className="chat-original__header">
              <bdi className="chat-message__name">{original.entry.name}</bdi>
              <time className="chat-message__time" dateTime={isoTime(original.entry.sendTime)}>
                {formatChatTime(original.entry.sendTime)}
              </time>
            </header>
            {original.entry.segments.length > 0 && (
              <p className="chat-original__body">
                <MessageBody segments={original.entry.segments} />
              </p>
            )}
            {original.entry.imgUrl !== null && <img className="chat-original__image" src={original.entry.imgUrl} alt={t('chat.message.image')} referrerPolicy="no-referrer" />}
          </article>
        )}
      </div>
    </dialog>
  );
}
