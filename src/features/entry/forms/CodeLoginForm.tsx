/**
 * Logins with an address and a verification code: phone + SMS code (phone, VIP, whitelist
 * and sign-up rooms) or email + email code. The code is sent by the commerce service's
 * verify calls; read it on /sim/inbox with the reference server. An SMS code is checked on
 * its own first (SPEC 7.2 verify/sms/check, which does not spend it), so a wrong one is said
 * under the code field. A whitelist room's rule is read through its own call (SPEC 7.1
 * webcast/{id}/whitelist): a room that dropped its list since the page loaded says so.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, LoginInput } from '../../../api';
import { validateEmail, validatePhone } from '../../../domain/contact';
import { useApi } from '../../../state/apiContext';
import { Failure, Field, SubmitButton, useLoginRunner, type EntryFormProps } from '../entryKit';
import { emailLoginInput, phoneLoginInput, type FieldProblems, type PhoneLoginType } from '../loginInputs';
import { SendCodeButton } from '../SendCodeButton';

export type CodeLoginKind = PhoneLoginType | 'email';

/** SPEC 8: the verification code is wrong or spent. */
const WRONG_CODE = 4101;

/** True once the room's whitelist rule says the list is off (the room changed its gate since the page loaded). */
function useWhitelistOff(roomId: string, asked: boolean): boolean {
  const api = useApi();
  const [off, setOff] = useState(false);
  useEffect(() => {
    if (!asked) return undefined;
    const controller = new AbortController();
    api.live.whitelist({ id: roomId }, { signal: controller.signal, background: true }).then(
      (rule) => setOff((rule as { enabled?: unknown } | null)?.enabled === false),
      () => undefined, // the form still works; the login says what is wrong
    );
    return () => controller.abort();
  }, [api, roomId, asked]);
  return off;
}

interface CodeLoginFormProps extends EntryFormProps {
  readonly kind: CodeLoginKind;
  /** Handles a refusal itself (true), e.g. the sign-up flow on 4009, 4011, 4012. */
  readonly onError?: (error: ApiError, input: LoginInput) => boolean;
  /** Something to show under the form (the sign-up link). */
  readonly footer?: ReactNode;
}

export function CodeLoginForm({ roomId, onEntered, consent, kind, onError, footer }: CodeLoginFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [note, setNote] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const email = kind === 'email';
  const addressKey = email ? 'email' : 'phone';
  const codeKey = email ? 'emailCode' : 'smsCode';

  const whitelistOff = useWhitelistOff(roomId, kind === 'whitelist');

  const checkedAddress = () => (email ? validateEmail(address) : validatePhone(address));
  const ready = () => {
    const checked = checkedAddress();
    setProblems(checked.ok ? {} : { [addressKey]: checked.error });
    return checked.ok;
  };
  const send = (signal: AbortSignal): Promise<unknown> => {
    const checked = checkedAddress();
    if (!checked.ok) return Promise.reject(new Error('the address was checked before sending'));
    return email
      ? api.commerce.mailSendCode({ email: checked.value, liveId: roomId }, { signal })
      : api.commerce.smsSend({ phone: checked.value, liveId: roomId }, { signal });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = email ? emailLoginInput(roomId, address, code) : phoneLoginInput(roomId, kind, address, code);
    const agreed = consent.check();
    setProblems(input.ok ? {} : input.error);
    if (!input.ok || agreed === null) return;
    const body: LoginInput = { ...input.value, ...agreed };
    void runner.run(
      async (signal) => {
        if (!email && body.phone !== undefined && body.smsCode !== undefined) await api.commerce.smsCheck({ phone: body.phone, code: body.smsCode }, { signal });
        return api.live.login(body, { signal });
      },
      (error) => {
        if (!email && error.code === WRONG_CODE) {
          setProblems({ [codeKey]: { key: error.messageKey } });
          return true;
        }
        return onError?.(error, body) ?? false;
      },
    );
  };

  const title = t(`entry.${kind}.title`);
  return (
    <form className="entry-form" aria-label={title} noValidate onSubmit={submit}>
      <h2 className="entry-form__title">{title}</h2>
      {kind !== 'phone' && kind !== 'email' && <p className="entry-form__hint">{t(kind === 'whitelist' && whitelistOff ? 'entry.whitelist.off' : `entry.${kind}.hint`)}</p>}
      <Field
        label={email ? t('entry.email.label') : t('entry.phone.label')}
        name={addressKey}
        type={email ? 'email' : 'tel'}
        inputMode={email ? 'email' : 'tel'}
        autoComplete={email ? 'email' : 'tel'}
        value={address}
        onChange={setAddress}
        problem={problems[addressKey]}
        required
      />
      <Field
        label={email ? t('entry.email.codeLabel') : t('entry.phone.codeLabel')}
        name={codeKey}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        problem={problems[codeKey]}
        required
        addon={<SendCodeButton ready={ready} send={send} onOutcome={(text, tone) => setNote(text === null ? null : { text, tone })} />}
      />
      {note !== null && (
        <p className={note.tone === 'error' ? 'entry-problem' : 'entry-note'} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      <Failure text={runner.failure} />
      <SubmitButton busy={runner.busy} label={t('entry.submit')} busyLabel={t('entry.guest.entering')} />
      {footer}
    </form>
  );
}
