/**
 * The room's activity in one place (issue 42 item 2): a toolbar button with a badge for what
 * waits on the viewer (a roll call to sign, a paper to answer, a lottery to join, a red packet
 * to grab, results not looked at), opening the list of the room's interactions, the current
 * ones first. "Show" takes a put-away card out again and moves the focus to it; past ones
 * say how they ended. The list is the tab's own (src/state/roomActivity.ts).
 */
import { Bell } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trayOrder, waitingCount, waitsOnViewer, type ActivityEntry, type ActivityKind } from '../../domain/roomActivity';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { reopenRoomActivity, useRoomActivity } from '../../state/roomActivity';
import { DialogHeader } from '../../ui/DialogHeader';
import '../../ui/interactionCard.css';
import './activity.css';

/** Each kind's word, as its card shows it. */
const KIND_KEYS: Readonly<Record<ActivityKind, string>> = {
  rollCall: 'rollCall.kind',
  questionnaire: 'paper.kindQuestionnaire',
  quiz: 'paper.kindQuiz',
  answerSheet: 'answerSheet.kind',
  lottery: 'lottery.kind',
  redPacket: 'redPacket.kind',
  goods: 'goods.pushedKind',
  recommend: 'recommend.pushedKind',
};

export function ActivityTray({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const log = useRoomActivity(roomId);
  const [open, setOpen] = useState(false);
  const waiting = waitingCount(log);
  return (
    <div className="activity-tray" data-toolbar-primary="true">
      <button
        type="button"
        className="button activity-tray__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={waiting > 0 ? t('activity.openWaiting', { count: waiting }) : t('activity.open')}
        onClick={() => setOpen(true)}
      >
        <Bell size={16} className="toolbar-icon" aria-hidden="true" focusable="false" />
        <span className="visually-hidden-phone">{t('activity.button')}</span>
        {waiting > 0 && (
          <span className="activity-tray__badge" data-testid="activity-badge" aria-hidden="true">
            {waiting}
          </span>
        )}
      </button>
      {open && <ActivityDialog roomId={roomId} entries={log} onClose={() => setOpen(false)} />}
    </div>
  );
}

function ActivityDialog({ roomId, entries, onClose }: { readonly roomId: string; readonly entries: readonly ActivityEntry[]; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const ordered = useMemo(() => trayOrder(entries), [entries]);
  const time = useMemo(() => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { timeStyle: 'short' }), [i18n.language]);

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) {
      element.showModal();
      element.focus();
    }
  }, []);

  const show = (entry: ActivityEntry) => {
    reopenRoomActivity(roomId, entry.key);
    dialog.current?.close();
    // The card (named by its slot, ui/InteractionCard) is drawn on the next render: then it takes
    // the focus, so the keyboard is where the eyes go. It is in view already (the cards' region
    // stays in view, live.css): focusing it must not scroll the stage under it.
    requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-interaction="${CSS.escape(entry.slot)}"]`)?.focus({ preventScroll: true })));
  };

  return (
    <dialog ref={dialog} className="panel-dialog panel-dialog--panel activity-tray__dialog sheet" aria-labelledby={titleId} tabIndex={-1} onClose={onClose}>
      <div className="panel-dialog__body">
        <DialogHeader titleId={titleId} title={t('activity.title')} closeLabel={t('activity.close')} onClose={() => dialog.current?.close()} />
        {ordered.length === 0 ? (
          <p className="activity-tray__empty">{t('activity.empty')}</p>
        ) : (
          <ul className="activity-tray__list">
            {ordered.map((entry) => {
              const waits = waitsOnViewer(entry);
              return (
                <li key={entry.key} className="activity-tray__item" data-waiting={waits} data-current={entry.current}>
                  {/* The kind's pill as the card shows it. */}
                  <span className="interaction-card__kind">{t(KIND_KEYS[entry.kind])}</span>
                  <span className="activity-tray__text">
                    <span className="activity-tray__title">{entry.title}</span>
                    <span className="activity-tray__status">
                      {statusText(entry, t)} · {time.format(entry.since)}
                    </span>
                  </span>
                  {entry.current && (
                    <button type="button" className="button activity-tray__show" aria-label={t('activity.showNamed', { title: entry.title })} onClick={() => show(entry)}>
                      {t('activity.show')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </dialog>
  );
}

function statusText(entry: ActivityEntry, t: (key: string) => string): string {
  if (!entry.current) return entry.status === 'done' ? t('activity.status.done') : t('activity.status.past');
  switch (entry.status) {
    case 'waiting':
      return t(`activity.waiting.${entry.kind}`);
    case 'results':
      return t('activity.status.results');
    case 'open':
      return t('activity.status.open');
    case 'done':
      return t('activity.status.done');
    case 'ended':
      return t('activity.status.ended');
  }
}
