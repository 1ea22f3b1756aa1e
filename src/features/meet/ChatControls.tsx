/**
 * The console's chat switches (socket 7105: open, review, pictures, staff only; the room
 * state says what they are now) and, in review mode, the messages waiting (chat/pending,
 * read every few seconds and after each decision) to publish or drop; a message said under
 * another name, highlighted or pinned.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { INITIAL_ROOM_STATE, type ChatState } from '../../realtime/roomState';
import { roomRequest } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText } from '../../ui/failureText';
import { readPending, type PendingMessage } from './consoleData';
import { useHostCall } from './useHostCall';
import { useHostCalls } from './useHostCalls';
import { ConsoleProblem } from './ConsoleProblem';
import { useClock } from '../../ui/clock';

/** The server's bounds on a message said under another name. */
const SAY_NAME_MAX = 20;
const SAY_TEXT_MAX = 500;

/**
 * A message under a name of the host side's choosing (a co-host, the organiser's name), as
 * the login's own role, highlighted or pinned if chosen: the CLI's `say --name`.
 */
function SayAs({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(false);
  const [top, setTop] = useState(false);
  const nameId = useId();
  const textId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const said = text.trim();
    if (said === '') return;
    const as = name.trim();
    call.run(
      () => host.hostSay({ id: roomId, text: said, ...(as === '' ? {} : { name: as }), ...(highlight ? { highlight } : {}), ...(top ? { top } : {}) }),
      () => {
        setText('');
        setTop(false);
      },
    );
  };
  return (
    <form className="interaction-desk__block" onSubmit={submit} aria-labelledby={`${nameId}-title`}>
      <h3 id={`${nameId}-title`} className="console-card__subtitle">
        {t('console.chat.sayAs')}
      </h3>
      <div className="interaction-desk__row">
        <label className="interaction-desk__field" htmlFor={nameId}>
          {t('console.chat.sayName')}
        </label>
        <input id={nameId} className="form-field__input" maxLength={SAY_NAME_MAX} value={name} placeholder={t('console.chat.sayNameHint')} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="interaction-desk__row">
        <label className="visually-hidden" htmlFor={textId}>
          {t('console.chat.sayText')}
        </label>
        <input id={textId} className="form-field__input interaction-desk__grow" maxLength={SAY_TEXT_MAX} value={text} placeholder={t('console.chat.sayText')} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button" disabled={call.busy || text.trim() === ''}>
          {t('console.chat.saySend')}
        </button>
      </div>
      <div className="interaction-desk__row">
        <label className="interaction-desk__field">
          <input type="checkbox" checked={highlight} onChange={(event) => setHighlight(event.target.checked)} />
          {t('console.chat.highlight')}
        </label>
        <label className="interaction-desk__field">
          <input type="checkbox" checked={top} onChange={(event) => setTop(event.target.checked)} />
          {t('console.chat.pin')}
        </label>
      </div>
      <ConsoleProblem text={call.failure} />
    </form>
  );
}

/** How often the console reads the messages waiting for review. */
const PENDING_EVERY_MS = 3000;

type Switch = keyof Omit<ChatState, 'muted'>;
const SWITCHES: readonly Switch[] = ['open', 'review', 'pictures', 'staffOnly'];

export function ChatControls({ roomId }: { readonly roomId: string }) {
  const clock = useClock();
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const chat = useRoomStateKey(roomId, 'chat') ?? INITIAL_ROOM_STATE.chat;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const [reads, setReads] = useState(0);

  const flip = (name: Switch) => {
    setBusy(true);
    setFailure(null);
    void roomRequest(roomId, 7105, { webcastId: roomId, [name]: !chat[name] }).then((outcome) => {
      setBusy(false);
      if (!outcome.ok) setFailure(outcome.msg !== '' ? t('error.invalidInputField', { detail: outcome.msg }) : t('error.submitFailed'));
    });
  };

  const review = chat.review;
  useEffect(() => {
    if (!review) return undefined;
    const controller = new AbortController();
    const read = () =>
      host.chatPending({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
        (data) => setPending(readPending(data)),
        () => undefined, // read again shortly
      );
    void read();
    const timer = clock.setInterval(() => void read(), PENDING_EVERY_MS);
    return () => {
      controller.abort();
      clock.clearInterval(timer);
    };
  }, [clock, host, roomId, review, reads]);

  const decide = useCallback(
    (msgId: string, approve: boolean) => {
      setBusy(true);
      setFailure(null);
      host.chatReview({ webcastId: roomId, msgId, approve }).then(
        () => {
          setBusy(false);
          setPending((now) => now.filter((m) => m.msgId !== msgId));
          setReads((n) => n + 1);
        },
        (error: unknown) => {
          setBusy(false);
          setFailure(failureText(error, t));
          setReads((n) => n + 1);
        },
      );
    },
    [host, roomId, t],
  );

  return (
    <section className="console-card chat-controls" aria-labelledby="chat-controls-title">
      <h2 id="chat-controls-title" className="console-card__title">
        {t('console.chat.title')}
      </h2>
      <div className="chat-controls__switches" role="group" aria-label={t('console.chat.switches')}>
        {SWITCHES.map((name) => (
          <button key={name} type="button" className="button chat-controls__switch" aria-pressed={chat[name]} disabled={busy} onClick={() => flip(name)}>
            {t(`console.chat.switch.${name}`)}
          </button>
        ))}
      </div>
      <p className="console-card__note">{t('console.chat.muted', { n: chat.muted.length })}</p>
      <SayAs roomId={roomId} />
      <ConsoleProblem text={failure} />
      {review && (
        <>
          <h3 className="console-card__subtitle">{t('console.chat.pending', { n: pending.length })}</h3>
          {pending.length === 0 ? (
            <p className="console-card__empty">{t('console.chat.pendingEmpty')}</p>
          ) : (
            <ul className="console-list" aria-label={t('console.chat.pendingLabel')}>
              {pending.map((message) => (
                <li key={message.msgId} className="console-list__row">
                  <span className="console-list__who">
                    <bdi className="console-list__name">{message.name}</bdi>
                    <bdi className="console-list__text">{message.text}</bdi>
                  </span>
                  <span className="console-list__actions">
                    <button type="button" className="button" disabled={busy} onClick={() => decide(message.msgId, false)}>
                      {t('console.chat.reject')}
                    </button>
                    <button type="button" className="button button--primary" disabled={busy} onClick={() => decide(message.msgId, true)}>
                      {t('console.chat.approve')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
