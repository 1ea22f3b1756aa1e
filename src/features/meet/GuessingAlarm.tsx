/**
 * Strangers guessing the room's watch password or member codes (the server's guessing
 * alarm, server/auth/failureLimiter.ts): said under the console's bar, where the staff look
 * first, while it lasts, and nothing otherwise. Read with the room desk's lists.
 */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { readGuessing } from './consoleData';
import { useHostCalls } from './useHostCalls';
import { usePolledList } from './useHostCall';

export function GuessingAlarm({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const [alarms] = usePolledList((signal) => host.hostGuessing({ id: roomId }, { signal, background: true }), readGuessing);
  if (alarms === null || alarms.length === 0) return null;
  const format = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { timeStyle: 'short' });
  return (
    <div className="console__alarm" role="alert">
      {alarms.map((alarm) => (
        <p key={alarm.kind} className="console__alarm-line">
          <strong>{alarm.kind === 'password' ? t('console.guessing.password') : t('console.guessing.memberCode')}</strong>
          {alarm.since !== null && <span className="console-card__note"> {t('console.guessing.since', { time: format.format(alarm.since) })}</span>}
          <br />
          {t('console.guessing.detail', { failures: alarm.failures, guessers: alarm.guessers, minutes: alarm.minutes })}
        </p>
      ))}
    </div>
  );
}
