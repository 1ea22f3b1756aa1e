/**
 * The console's interactions (issue 15 item 3): publish and close each one the server
 * supports and see what came of it. Lottery (start, draw; the winners as the room gets
 * them), questionnaire, quiz and answer sheet (publish, close; the respondents), roll call
 * (start; who signed in), red packet (send; who grabbed what), goods and recommendation
 * push, Q&A (open or close, the questions waiting: approve, answer), sharing a document
 * beside the video (pages, whiteboard), captions. The calls are
 * the admin API's routes under the host's login (admin/interactAdmin.ts).
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { useRoomStateKey } from '../../state/roomFeed';
import { readChapters, readGrabs, readQaPending, readQaSwitchState, readSignIns, type Chapter, type PendingQuestion, type RedPacketResult, type RollCallResult } from './consoleData';
import { useHostCall, usePolling } from './useHostCall';
import { useHostCalls } from './useHostCalls';
import { ConsoleProblem } from './ConsoleProblem';
import { RecommendPushBlock } from './RecommendPushBlock';
import { DocumentShareBlock } from './DocumentShareBlock';
import { useNow } from '../../ui/clock';

/** How often results are read while an interaction runs. */
const RESULTS_EVERY_MS = 3000;

function Block({ title, children, call }: { readonly title: string; readonly children: ReactNode; readonly call: { readonly failure: string | null } }) {
  return (
    <div className="interaction-desk__block">
      <h3 className="console-card__subtitle">{title}</h3>
      {children}
      <ConsoleProblem text={call.failure} />
    </div>
  );
}

function People({ label, result }: { readonly label: string; readonly result: RollCallResult | RedPacketResult }) {
  if (result.people.length === 0) return null;
  return (
    <ul className="interaction-desk__people" aria-label={label}>
      {result.people.map((person) => (
        <li key={person.uid}>
          <bdi>{person.name}</bdi>
          {person.amount !== null && <span className="interaction-desk__amount"> ¥{person.amount}</span>}
        </li>
      ))}
    </ul>
  );
}

function LotteryBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const lottery = useRoomStateKey(roomId, 'lottery');
  const running = lottery?.state === 'start' || lottery?.state === 'drawing';
  // Start and draw take turns: the one pressed is disabled (the focus falls to the page), so
  // the focus goes on to the other once it is enabled (the keyboard's next step).
  const start = useRef<HTMLButtonElement>(null);
  const draw = useRef<HTMLButtonElement>(null);
  const handOff = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const next = handOff.current;
    if (next === null || next.disabled) return;
    handOff.current = null;
    // The pressed one may still hold the focus here: the browser drops it from a disabled control a moment later.
    const active = document.activeElement;
    if (active === null || active === document.body || active === start.current || active === draw.current) next.focus();
  }, [running, call.busy]);
  return (
    <Block title={t('console.act.lottery')} call={call}>
      <div className="interaction-desk__row">
        <button
          ref={start}
          type="button"
          className="button"
          disabled={call.busy || running}
          onClick={() => {
            handOff.current = draw.current;
            call.run(() => host.hostLotteryStart({ id: roomId }));
          }}
        >
          {t('console.act.lotteryStart')}
        </button>
        <button
          ref={draw}
          type="button"
          className="button button--primary"
          disabled={call.busy || !running}
          onClick={() => {
            handOff.current = start.current;
            call.run(() => host.hostLotteryEnd({ id: roomId }));
          }}
        >
          {t('console.act.lotteryEnd')}
        </button>
        <span className="console-card__note" role="status">
          {lottery === null ? t('console.act.none') : running ? t('console.act.lotteryRunning') : t('console.act.lotteryWinners', { n: lottery.winners.length })}
        </span>
      </div>
      {lottery?.state === 'end' && lottery.winners.length > 0 && (
        <ul className="interaction-desk__people" aria-label={t('console.act.winners')}>
          {lottery.winners.map((winner) => (
            <li key={winner.uid}>
              <bdi>{winner.name}</bdi>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function PaperBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const results = useRoomStateKey(roomId, 'paperResults');
  const publish = (kind: 'paper' | 'quiz' | 'answerSheet') => call.run(() => host.hostPaperPublish({ id: roomId, kind }));
  return (
    <Block title={t('console.act.paper')} call={call}>
      <div className="interaction-desk__row">
        <button type="button" className="button" disabled={call.busy} onClick={() => publish('paper')}>
          {t('console.act.paperPublish')}
        </button>
        <button type="button" className="button" disabled={call.busy} onClick={() => publish('quiz')}>
          {t('console.act.quizPublish')}
        </button>
        <button type="button" className="button" disabled={call.busy} onClick={() => publish('answerSheet')}>
          {t('console.act.sheetPublish')}
        </button>
        <button type="button" className="button" disabled={call.busy} onClick={() => call.run(() => host.hostPaperClose({ id: roomId }))}>
          {t('console.act.paperClose')}
        </button>
      </div>
      {results !== null && results.results !== null && (
        <p className="console-card__note" role="status">
          {t(results.closed ? 'console.act.paperClosed' : 'console.act.paperAnswers', { n: results.results.respondents })}
        </p>
      )}
    </Block>
  );
}

function RollCallBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const pushed = useRoomStateKey(roomId, 'rollCall');
  const [result, setResult] = useState<RollCallResult | null>(null);
  // The deadline passing closes the roll call: the clock ticks while one is pushed.
  const deadline = pushed?.deadline ?? null;
  const now = useNow(deadline === null ? null : 1000);
  const open = deadline !== null && deadline > now;
  usePolling(
    (signal) =>
      void host.hostRollCallSignIns({ id: roomId }, { signal, background: true }).then(
        (data) => setResult(readSignIns(data)),
        () => undefined,
      ),
    open,
    RESULTS_EVERY_MS,
    pushed?.id ?? null,
  );
  return (
    <Block title={t('console.act.rollCall')} call={call}>
      <div className="interaction-desk__row">
        <button type="button" className="button" disabled={call.busy || open} onClick={() => call.run(() => host.hostRollCallStart({ id: roomId, seconds: 60 }))}>
          {t('console.act.rollCallStart')}
        </button>
        <span className="console-card__note" role="status">
          {result === null || result.id === null ? t('console.act.none') : t(open ? 'console.act.rollCallOpen' : 'console.act.rollCallEnded', { n: result.people.length })}
        </span>
      </div>
      {result !== null && <People label={t('console.act.signIns')} result={result} />}
    </Block>
  );
}

function RedPacketBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const pushed = useRoomStateKey(roomId, 'redPacket');
  const [total, setTotal] = useState('1.00');
  const [count, setCount] = useState('5');
  const [result, setResult] = useState<RedPacketResult | null>(null);
  usePolling(
    (signal) =>
      void host.hostRedPacketGrabs({ id: roomId }, { signal, background: true }).then(
        (data) => setResult(readGrabs(data)),
        () => undefined,
      ),
    pushed?.state === 1,
    RESULTS_EVERY_MS,
    `${pushed?.id ?? ''}:${pushed?.state ?? ''}`,
  );
  const send = (event: FormEvent) => {
    event.preventDefault();
    call.run(() => host.hostRedPacketSend({ id: roomId, total: total.trim(), count: Number(count) }));
  };
  return (
    <Block title={t('console.act.redPacket')} call={call}>
      <form className="interaction-desk__row" onSubmit={send} aria-label={t('console.act.redPacket')}>
        <label className="interaction-desk__field">
          {t('console.act.redPacketTotal')}
          <input className="form-field__input" inputMode="decimal" value={total} onChange={(e) => setTotal(e.target.value)} />
        </label>
        <label className="interaction-desk__field">
          {t('console.act.redPacketCount')}
          <input className="form-field__input" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={call.busy}>
          {t('console.act.redPacketSend')}
        </button>
      </form>
      {result !== null && result.id !== null && (
        <p className="console-card__note" role="status">
          {t('console.act.redPacketGrabbed', { n: result.people.length, count: result.count })}
        </p>
      )}
      {result !== null && <People label={t('console.act.grabs')} result={result} />}
    </Block>
  );
}

function PushBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [done, setDone] = useState<string | null>(null);
  const push = (kind: 'goods' | 'recommend') => call.run(() => host.hostGoodsPush({ id: roomId, kind }), () => setDone(kind));
  return (
    <Block title={t('console.act.push')} call={call}>
      <div className="interaction-desk__row">
        <button type="button" className="button" disabled={call.busy} onClick={() => push('goods')}>
          {t('console.act.pushGoods')}
        </button>
        <button type="button" className="button" disabled={call.busy} onClick={() => push('recommend')}>
          {t('console.act.pushRecommend')}
        </button>
        {done !== null && (
          <span className="console-card__note" role="status">
            {t(done === 'goods' ? 'console.act.pushedGoods' : 'console.act.pushedRecommend')}
          </span>
        )}
      </div>
    </Block>
  );
}

function QaBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const qa = useRoomStateKey(roomId, 'qa');
  // The switch as the room has it (qa/switch) until a push says otherwise: a console opened
  // after Q&A was opened knows it is open.
  const api = useApi();
  const [read, setRead] = useState<'on' | 'off' | 'unopened' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.live.qaSwitch({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setRead(readQaSwitchState(data)),
      () => undefined, // the push, or the host's next switch, tells
    );
    return () => controller.abort();
  }, [api, roomId]);
  const on = (qa?.state ?? read) === 'on';
  const [pending, setPending] = useState<readonly PendingQuestion[]>([]);
  const [reads, setReads] = useState(0);
  const [answers, setAnswers] = useState<Readonly<Record<string, string>>>({});
  usePolling(
    (signal) =>
      void host.hostQaPending({ id: roomId }, { signal, background: true }).then(
        (data) => setPending(readQaPending(data)),
        () => undefined,
      ),
    on,
    RESULTS_EVERY_MS,
    reads,
  );
  const again = () => setReads((n) => n + 1);
  return (
    <Block title={t('console.act.qa')} call={call}>
      <div className="interaction-desk__row">
        <button type="button" className="button" disabled={call.busy} onClick={() => call.run(() => host.hostQaState({ id: roomId, state: on ? 'off' : 'on' }), again)}>
          {on ? t('console.act.qaClose') : t('console.act.qaOpen')}
        </button>
        <span className="console-card__note" role="status">
          {on ? t('console.act.qaPending', { n: pending.length }) : t('console.act.qaIsOff')}
        </span>
      </div>
      {on && pending.length > 0 && (
        <ul className="console-list" aria-label={t('console.act.qaPendingLabel')}>
          {pending.map((question) => (
            <li key={question.qaId} className="console-list__row console-list__row--stacked">
              <span className="console-list__who">
                <bdi className="console-list__name">{question.name}</bdi>
                <bdi className="console-list__text">{question.content}</bdi>
              </span>
              <span className="console-list__actions">
                <input
                  className="form-field__input"
                  aria-label={t('console.act.qaAnswerOf', { name: question.name })}
                  placeholder={t('console.act.qaAnswerHint')}
                  value={answers[question.qaId] ?? ''}
                  onChange={(e) => setAnswers((now) => ({ ...now, [question.qaId]: e.target.value }))}
                />
                <button
                  type="button"
                  className="button"
                  disabled={call.busy || (answers[question.qaId] ?? '').trim() === ''}
                  onClick={() => call.run(() => host.hostQaAnswer({ id: roomId, qaId: question.qaId, text: (answers[question.qaId] ?? '').trim() }), again)}
                >
                  {t('console.act.qaAnswer')}
                </button>
                <button type="button" className="button button--primary" disabled={call.busy} onClick={() => call.run(() => host.hostQaApprove({ id: roomId, qaId: question.qaId }), again)}>
                  {t('console.act.qaApprove')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function CaptionBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [text, setText] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    call.run(() => host.hostCaption({ id: roomId, text: text.trim() }), () => setText(''));
  };
  return (
    <Block title={t('console.act.caption')} call={call}>
      <form className="interaction-desk__row" onSubmit={send} aria-label={t('console.act.caption')}>
        <input className="form-field__input interaction-desk__grow" aria-label={t('console.act.captionText')} placeholder={t('console.act.captionText')} value={text} maxLength={500} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button" disabled={call.busy || text.trim() === ''}>
          {t('console.act.captionSend')}
        </button>
      </form>
    </Block>
  );
}

/** Chapters of the recording (issue 36 item 3): one at the present moment, with a title; the list, each removable. */
function ChapterBlock({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [title, setTitle] = useState('');
  const [chapters, setChapters] = useState<readonly Chapter[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    host.hostChapters({ id: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setChapters(readChapters(data)),
      () => undefined,
    );
    return () => controller.abort();
  }, [host, roomId, version]);
  const reread = () => setVersion((n) => n + 1);
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    call.run(() => host.hostChapterAdd({ id: roomId, title: title.trim() }), () => {
      setTitle('');
      reread();
    });
  };
  const time = (at: number) => new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
  return (
    <Block title={t('console.act.chapter')} call={call}>
      <form className="interaction-desk__row" onSubmit={add} aria-label={t('console.act.chapter')}>
        <input className="form-field__input interaction-desk__grow" aria-label={t('console.act.chapterTitle')} placeholder={t('console.act.chapterTitle')} value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} />
        <button type="submit" className="button" disabled={call.busy || title.trim() === ''}>
          {t('console.act.chapterAdd')}
        </button>
      </form>
      {chapters.length > 0 && (
        <ol className="interaction-desk__list" aria-label={t('console.act.chapterList')}>
          {chapters.map((c) => (
            <li key={c.id} className="interaction-desk__row">
              <span className="console-card__note">{time(c.at)}</span>
              <span className="interaction-desk__grow">{c.title}</span>
              <button type="button" className="button" disabled={call.busy} onClick={() => call.run(() => host.hostChapterRemove({ id: roomId, chapterId: c.id }), reread)} aria-label={t('console.act.chapterRemove', { title: c.title })}>
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

export function InteractionDesk({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  return (
    <section className="console-card interaction-desk" aria-labelledby="interaction-desk-title">
      <h2 id="interaction-desk-title" className="console-card__title">
        {t('console.act.title')}
      </h2>
      <LotteryBlock roomId={roomId} />
      <PaperBlock roomId={roomId} />
      <RollCallBlock roomId={roomId} />
      <RedPacketBlock roomId={roomId} />
      <PushBlock roomId={roomId} />
      <RecommendPushBlock roomId={roomId} />
      <QaBlock roomId={roomId} />
      <DocumentShareBlock roomId={roomId} />
      <CaptionBlock roomId={roomId} />
      <ChapterBlock roomId={roomId} />
    </section>
  );
}
