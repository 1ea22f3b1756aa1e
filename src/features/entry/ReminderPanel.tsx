/**
 * The start reminder (SPEC 2 "Subscription reminder", 4 "Subscription"): the viewer picks how
 * to be told (SMS, email or their messaging account, as the room offers), gives the number or
 * address where one is needed, and subscribes (POST message_subscribe). The service needs
 * the viewer's login for this room: before it, the panel says so instead of offering a form
 * that would fail. Channels already taken show as subscribed; 4407 (closed) and 4408
 * (already subscribed) read as the error catalogue says. A viewer who entered through
 * enterprise messaging is reminded on that account: its open id is asked (SPEC 7.1
 * work-messaging open id) and given as the messaging reminder's account.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { validateEmail, validatePhone } from '../../domain/contact';
import type { Problem } from '../../domain/result';
import { useApi } from '../../state/apiContext';
import { session } from '../../state/session';
import { errorText, Field } from './entryKit';
import { signedInAs } from './guestEntry';
import { readReminderConfig, type ReminderChannel, type ReminderConfig } from './reminderConfig';
import { readOpenId, recallWorkAccount } from './workAccount';

/** The account a channel needs checked: a phone for SMS, an address for email, nothing for the messaging account. */
export function checkAccount(channel: ReminderChannel, account: string): { ok: true; value: string | undefined } | { ok: false; problem: Problem } {
  if (channel === 'wx') return { ok: true, value: undefined };
  const result = channel === 'sms' ? validatePhone(account) : validateEmail(account);
  return result.ok ? { ok: true, value: result.value } : { ok: false, problem: result.error };
}

type Phase = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly config: ReminderConfig } | { readonly kind: 'failed'; readonly error: unknown };

export function ReminderPanel({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const snap = useSnapshot(session);
  const signedIn = signedInAs(snap, roomId) !== null;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.live.subscribeConfig({ webcastId: roomId }, { signal: controller.signal }).then(
      (data) => setPhase({ kind: 'ready', config: readReminderConfig(data) }),
      (error: unknown) => {
        if (!controller.signal.aborted) setPhase({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt, signedIn]);

  const [channel, setChannel] = useState<ReminderChannel | null>(null);
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<Problem | undefined>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  if (phase.kind === 'loading') return <p role="status">{t('entry.loading')}</p>;
  if (phase.kind === 'failed') {
    return (
      <div className="reminder" role="alert">
        <p className="entry-problem">{errorText(phase.error, t)}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { config } = phase;
  if (!config.enabled || config.channels.length === 0) return <p className="reminder" role="status">{t('code.4407')}</p>;
  const chosen = channel ?? config.channels.find((c) => !config.subscribed.includes(c)) ?? config.channels[0] ?? 'sms';

  // Entered through enterprise messaging: the messaging reminder goes to that account.
  const workAccount = chosen === 'wx' ? recallWorkAccount(roomId) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAccount(chosen, account);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    setSending(true);
    setOutcome(null);
    try {
      let target = checked.value;
      if (workAccount !== null) {
        const openId = readOpenId(await api.live.workWxOpenId({ workWxUserId: workAccount.workWxUserId }));
        if (openId === null) throw new Error('workwx/openid: no open id');
        target = openId;
      }
      await api.live.messageSubscribe({ webcastId: roomId, type: chosen, ...(target === undefined ? {} : { account: target }) });
      setOutcome({ ok: true, text: t('entry.reminder.done', { channel: t(`entry.reminder.channel.${chosen}`) }) });
      setPhase({ kind: 'ready', config: { ...config, subscribed: [...config.subscribed, chosen] } });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, t) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="reminder" aria-label={t('entry.reminder.title')}>
      {config.subscribed.length > 0 && (
        <p className="reminder__subscribed">
          {t('entry.reminder.subscribed', { channels: config.subscribed.map((c) => t(`entry.reminder.channel.${c}`)).join(' / ') })}
        </p>
      )}
      {!signedIn ? (
        <p className="reminder__hint">{t('entry.reminder.loginFirst')}</p>
      ) : (
        <form className="reminder__form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="reminder__channels">
            <legend>{t('entry.reminder.how')}</legend>
            {config.channels.map((c) => (
              <label key={c} className="reminder__channel">
                <input type="radio" name={`reminder-${roomId}`} value={c} checked={chosen === c} onChange={() => setChannel(c)} />
                {t(`entry.reminder.channel.${c}`)}
                {config.subscribed.includes(c) && <span className="reminder__taken">{t('code.4408')}</span>}
              </label>
            ))}
          </fieldset>
          {workAccount !== null && <p className="reminder__hint">{t('entry.reminder.workAccount', { name: workAccount.name })}</p>}
          {chosen !== 'wx' && (
            <Field
              label={chosen === 'sms' ? t('entry.reminder.phone') : t('entry.reminder.email')}
              name="account"
              type={chosen === 'sms' ? 'tel' : 'email'}
              inputMode={chosen === 'sms' ? 'tel' : 'email'}
              autoComplete={chosen === 'sms' ? 'tel' : 'email'}
              value={account}
              onChange={setAccount}
              problem={problem}
              required
            />
          )}
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending ? t('entry.reminder.sending') : t('entry.reminder.submit')}
          </button>
          {outcome !== null && (
            <p className={outcome.ok ? 'reminder__done' : 'entry-problem'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
