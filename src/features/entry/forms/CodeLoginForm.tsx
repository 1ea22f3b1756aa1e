/**
 * Logins with an address and a verification code: phone + SMS code (phone, VIP, whitelist
 * and sign-up rooms) or email + email code. The code is sent by the commerce service's
 * verify calls; read it on /sim/inbox with the reference server.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, LoginInput } from '../../../api';
import { validateEmail, validatePhone } from '../../../domain/contact';
import { useApi } from '../../../state/apiContext';
import { Failure, Field, SubmitButton, useLoginRunner, type EntryFormProps } from '../entryKit';
import { emailLoginInput, phoneLoginInput, type FieldProblems, type PhoneLoginType } from '../loginInputs';
import { SendCodeButton } from '../SendCodeButton';

export type CodeLoginKind = PhoneLoginType | 'email';

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
      (signal) => api.live.login(body, { signal }),
      onError === undefined ? undefined : (error) => onError(error, body),
    );
  };

  const title = t(`entry.${kind}.title`);
  return (
    <form className="entry-form" aria-label={title} noValidate onSubmit={submit}>
      <h2 className="entry-form__title">{title}</h2>
      {kind !== 'phone' && kind !== 'email' && <p className="entry-form__hint">{t(`entry.${kind}.hint`)}</p>}
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
