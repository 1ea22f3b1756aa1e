/**
 * The own record dialog: reads the viewer's record of the room when it opens (and again on
 * "Read again"), says what it holds, and offers it as three files made in the page: Markdown
 * to read, CSV for a spreadsheet, JSON for a program. The files are written in the viewer's
 * language and times; the object URLs are let go when the record changes or the dialog closes.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { DialogHeader } from '../../ui/DialogHeader';
import { failureText } from '../../ui/failureText';
import {
  isEmptyRecord,
  OWN_RECORD_MESSAGES_MAX,
  OWN_RECORD_SECTIONS,
  ownRecordCounts,
  ownRecordCsv,
  ownRecordFileName,
  ownRecordJson,
  ownRecordMarkdown,
  readOwnRecord,
  type OwnRecord,
  type OwnRecordFormat,
  type OwnRecordWords,
} from '../../domain/ownRecord';

type Reading = { readonly phase: 'reading' } | { readonly phase: 'failed'; readonly message: string } | { readonly phase: 'read'; readonly record: OwnRecord };
/** What a reading came to, with the attempt it answers: an older attempt's answer is a reading still going. */
type Answer = { readonly attempt: number; readonly reading: Reading };

const FORMATS: readonly { readonly format: OwnRecordFormat; readonly type: string }[] = [
  { format: 'md', type: 'text/markdown;charset=utf-8' },
  { format: 'csv', type: 'text/csv;charset=utf-8' },
  { format: 'json', type: 'application/json;charset=utf-8' },
];

function fileWords(t: TFunction<typeof INTERACTIONS_NS>, time: Intl.DateTimeFormat): OwnRecordWords {
  return {
    title: t('ownRecord.file.title'),
    room: t('ownRecord.file.room'),
    viewer: t('ownRecord.file.viewer'),
    generatedAt: t('ownRecord.file.generatedAt'),
    sections: {
      messages: t('ownRecord.section.messages'),
      questions: t('ownRecord.section.questions'),
      papers: t('ownRecord.section.papers'),
      answerSheets: t('ownRecord.section.answerSheets'),
      rollCalls: t('ownRecord.section.rollCalls'),
      lotteries: t('ownRecord.section.lotteries'),
      redPackets: t('ownRecord.section.redPackets'),
    },
    none: t('ownRecord.file.none'),
    picture: t('ownRecord.file.picture'),
    truncated: t('ownRecord.file.truncated', { count: OWN_RECORD_MESSAGES_MAX }),
    notAnswered: t('ownRecord.file.notAnswered'),
    quiz: t('ownRecord.file.quiz'),
    questionnaire: t('ownRecord.file.questionnaire'),
    anonymous: t('ownRecord.file.anonymous'),
    right: t('ownRecord.file.right'),
    wrong: t('ownRecord.file.wrong'),
    won: t('ownRecord.file.won'),
    notWon: t('ownRecord.file.notWon'),
    signedIn: t('ownRecord.file.signedIn'),
    score: (score, total) => t('ownRecord.file.score', { score, total }),
    csvHeader: [t('ownRecord.file.kind'), t('ownRecord.file.time'), t('ownRecord.file.subject'), t('ownRecord.file.content'), t('ownRecord.file.result')],
    time: (ms) => time.format(ms),
  };
}

export function OwnRecordDialog({ roomId, onClose }: { readonly roomId: string; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reading: Reading = answer !== null && answer.attempt === attempt ? answer.reading : { phase: 'reading' };
  const time = useMemo(() => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' }), [i18n.language]);

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    api.live.ownRecord({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        if (controller.signal.aborted) return;
        const record = readOwnRecord(data);
        setAnswer({ attempt, reading: record === null ? { phase: 'failed', message: t('ownRecord.unreadable') } : { phase: 'read', record } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ attempt, reading: { phase: 'failed', message: failureText(error, t) } });
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt, t]);

  const record = reading.phase === 'read' ? reading.record : null;
  const files = useMemo(() => {
    if (record === null) return null;
    const words = fileWords(t, time);
    const text: Record<OwnRecordFormat, string> = { md: ownRecordMarkdown(record, words), csv: ownRecordCsv(record, words), json: ownRecordJson(record) };
    return FORMATS.map(({ format, type }) => ({ format, name: ownRecordFileName(record, format), url: URL.createObjectURL(new Blob([text[format]], { type })) }));
  }, [record, t, time]);
  useEffect(() => () => files?.forEach((file) => URL.revokeObjectURL(file.url)), [files]);

  const counts = record === null ? null : ownRecordCounts(record);
  return (
    <dialog ref={dialog} className="panel-dialog panel-dialog--panel own-record sheet" aria-labelledby={`${ids}-title`} tabIndex={-1} onClose={onClose}>
      <div className="panel-dialog__body">
        <DialogHeader titleId={`${ids}-title`} title={t('ownRecord.title')} closeLabel={t('ownRecord.close')} onClose={() => dialog.current?.close()} />
        <p className="own-record__intro">{t('ownRecord.intro')}</p>
        <div className="own-record__state" aria-busy={reading.phase === 'reading'} aria-live="polite">
          {reading.phase === 'reading' && <p className="own-record__notice">{t('ownRecord.reading')}</p>}
          {reading.phase === 'failed' && (
            <p className="own-record__notice" role="alert">
              {reading.message}{' '}
              <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
                {t('ownRecord.retry')}
              </button>
            </p>
          )}
          {record !== null && counts !== null && (
            <>
              <p className="own-record__notice">{isEmptyRecord(record) ? t('ownRecord.empty') : t('ownRecord.asOf', { time: time.format(record.generatedAt) })}</p>
              <dl className="own-record__counts">
                {OWN_RECORD_SECTIONS.map((section) => (
                  <div key={section} className="own-record__count" data-section={section}>
                    <dt>{t(`ownRecord.section.${section}`)}</dt>
                    <dd>{counts[section]}</dd>
                  </div>
                ))}
              </dl>
              {record.messagesTruncated && <p className="own-record__notice">{t('ownRecord.file.truncated', { count: OWN_RECORD_MESSAGES_MAX })}</p>}
            </>
          )}
        </div>
        {files !== null && (
          <div className="own-record__actions" role="group" aria-label={t('ownRecord.download')}>
            {files.map((file) => (
              <a key={file.format} className={file.format === 'md' ? 'button button--primary' : 'button'} href={file.url} download={file.name} data-format={file.format}>
                {t(`ownRecord.as.${file.format}`)}
              </a>
            ))}
            <button type="button" className="button own-record__again" onClick={() => setAttempt((n) => n + 1)}>
              {t('ownRecord.again')}
            </button>
          </div>
        )}
        <p className="own-record__where">{t('ownRecord.privacy')}</p>
      </div>
    </dialog>
  );
}
