/**
 * The sign-up room (SPEC 1, 6): log in with phone and SMS code; not signed up yet (4009):
 * the room's sign-up form; under review (4011 or state pending): is_sign is polled every
 * few seconds and can be re-checked by hand, and once passed the login is tried again with
 * the same phone and code; failed (4012): told so. Loaded only for rooms that need it.
 */
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '../../../api';
import type { Problem } from '../../../domain/result';
import { useApi } from '../../../state/apiContext';
import { errorText, Failure, Field, SubmitButton, useLoginRunner, type EntryFormProps } from '../entryKit';
import { initialSignup, readAuditState, signupReducer } from '../machines/signupFlow';
import { checkSignAnswers, readSignConfig, type SignConfig } from '../signupForm';
import { CodeLoginForm } from './CodeLoginForm';
import { useClock } from '../../../ui/clock';

/** How often is_sign is asked while the sign-up is under review. */
export const AUDIT_POLL_MS = 4000;

const NOT_ALLOWED = 4009;
const UNDER_REVIEW = 4011;
const AUDIT_FAILED = 4012;

/** Who signed up: is_sign's numString and type (1 phone, 2 email). */
interface Signee {
  readonly numString: string;
  readonly type: 1 | 2;
}

const KNOWN_FIELD_LABELS = ['name', 'phone', 'email', 'company'];

export default function SignupEntry(props: EntryFormProps) {
  const clock = useClock();
  const { roomId, onEntered } = props;
  const { t } = useTranslation();
  const api = useApi();
  const [state, dispatch] = useReducer(signupReducer, initialSignup);
  const [signee, setSignee] = useState<Signee | null>(null);
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  /** The login that was refused as "under review": tried again once passed. */
  const [lastLogin, setLastLogin] = useState<LoginInput | null>(null);
  const runner = useLoginRunner(roomId, onEntered);

  const recheck = useCallback(
    async (who: Signee, signal?: AbortSignal) => {
      try {
        const data = await api.live.signUpStatus({ webcastId: roomId, numString: who.numString, type: who.type }, { signal });
        const audit = readAuditState(data);
        setCheckFailure(null);
        if (audit !== null) dispatch({ type: 'STATUS', state: audit });
      } catch (error) {
        if (signal?.aborted !== true) setCheckFailure(errorText(error, t));
      }
    },
    [api, roomId, t],
  );

  // Poll while under review.
  useEffect(() => {
    if (state.kind !== 'pending' || signee === null) return;
    const controller = new AbortController();
    const timer = clock.setInterval(() => void recheck(signee, controller.signal), AUDIT_POLL_MS);
    return () => {
      clock.clearInterval(timer);
      controller.abort();
    };
  }, [clock, state.kind, signee, recheck]);

  // Passed: log in again with the phone and code that were refused as "under review".
  const retried = useRef<LoginInput | null>(null);
  const { run } = runner;
  useEffect(() => {
    if (state.kind !== 'passed' || lastLogin === null || retried.current === lastLogin) return;
    retried.current = lastLogin;
    void run((signal) => api.live.login(lastLogin, { signal }));
  }, [state.kind, api, run, lastLogin]);

  const onLoginError = (code: number | undefined, body: LoginInput): boolean => {
    const phone = body.phone ?? '';
    if (code === NOT_ALLOWED) {
      // Kept for after the sign-up is approved: the same phone and code log in then.
      setLastLogin(body);
      dispatch({ type: 'NOT_SIGNED_UP' });
      return true;
    }
    if (code === UNDER_REVIEW || code === AUDIT_FAILED) {
      setLastLogin(body);
      setSignee({ numString: phone, type: 1 });
      dispatch({ type: 'STATUS', state: code === UNDER_REVIEW ? 'pending' : 'failed' });
      return true;
    }
    return false;
  };

  const back = (
    <button type="button" className="button" onClick={() => dispatch({ type: 'BACK' })}>
      {t('entry.signup.backToLogin')}
    </button>
  );

  switch (state.kind) {
    case 'login':
      return (
        <CodeLoginForm
          {...props}
          kind="signup"
          onError={(error, body) => onLoginError(error.code, body)}
          footer={
            <button type="button" className="button button--link" onClick={() => dispatch({ type: 'OPEN_FORM' })}>
              {t('entry.signup.openForm')}
            </button>
          }
        />
      );
    case 'form':
    case 'submitting':
      return (
        <SignupForm
          roomId={roomId}
          notSignedUp={state.notSignedUp}
          submitting={state.kind === 'submitting'}
          onSubmit={() => dispatch({ type: 'SUBMIT' })}
          onAnswered={(audit, who) => {
            if (who !== null) setSignee(who);
            dispatch({ type: 'STATUS', state: audit });
          }}
          onFailed={() => dispatch({ type: 'BACK' })}
          back={back}
        />
      );
    case 'pending':
      return (
        <section className="entry-form" aria-label={t('entry.signup.title')}>
          <h2 className="entry-form__title">{t('entry.signup.title')}</h2>
          <p role="status">{t('code.4011')}</p>
          <p className="entry-form__hint">{t('entry.signup.pendingHint')}</p>
          <Failure text={checkFailure} />
          <button type="button" className="button button--primary" onClick={() => signee !== null && void recheck(signee)}>
            {t('entry.signup.recheck')}
          </button>
          {back}
        </section>
      );
    case 'passed':
      return (
        <section className="entry-form" aria-label={t('entry.signup.title')}>
          <h2 className="entry-form__title">{t('entry.signup.title')}</h2>
          <p role="status">{lastLogin !== null && runner.failure === null ? t('entry.signup.passedEntering') : t('entry.signup.passed')}</p>
          <Failure text={runner.failure} />
          {back}
        </section>
      );
    case 'failed':
      return (
        <section className="entry-form" aria-label={t('entry.signup.title')}>
          <h2 className="entry-form__title">{t('entry.signup.title')}</h2>
          <p className="entry-problem" role="alert">
            {t('code.4012')}
          </p>
          {back}
        </section>
      );
  }
}

interface SignupFormProps {
  readonly roomId: string;
  readonly notSignedUp: boolean;
  readonly submitting: boolean;
  readonly onSubmit: () => void;
  readonly onAnswered: (audit: 'none' | 'pending' | 'passed' | 'failed', who: Signee | null) => void;
  readonly onFailed: () => void;
  readonly back: React.ReactNode;
}

function SignupForm({ roomId, notSignedUp, submitting, onSubmit, onAnswered, back }: SignupFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [config, setConfig] = useState<SignConfig | null | 'failed'>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.live.signConfig({ id: roomId }, { signal: controller.signal }).then(
      (data) => setConfig(readSignConfig(data) ?? 'failed'),
      () => {
        if (!controller.signal.aborted) setConfig('failed');
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt]);

  if (config === null) return <p role="status">{t('entry.loading')}</p>;
  if (config === 'failed') {
    return (
      <section className="entry-form">
        <p role="alert">{t('error.loadFailed')}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = checkSignAnswers(config.fields, answers);
    if (!checked.ok) {
      setProblems(checked.error);
      return;
    }
    setProblems({});
    setFailure(null);
    onSubmit();
    try {
      const data = await api.live.signUp({ webcastId: roomId, answers: checked.value });
      const audit = readAuditState(data) ?? 'pending';
      const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
      const who: Signee | null =
        typeof record.numString === 'string' && (record.type === 1 || record.type === 2) ? { numString: record.numString, type: record.type } : null;
      onAnswered(audit, who);
    } catch (error) {
      setFailure(errorText(error, t));
      onAnswered('none', null);
    }
  };

  const label = (key: string, fallback: string) => (KNOWN_FIELD_LABELS.includes(key) ? t(`entry.signup.field.${key}`) : fallback);
  return (
    <form className="entry-form" aria-label={t('entry.signup.formTitle')} noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="entry-form__title">{t('entry.signup.formTitle')}</h2>
      {notSignedUp && <p role="status">{t('entry.signup.notSignedUp')}</p>}
      {config.fields.map((field) => (
        <Field
          key={field.key}
          label={label(field.key, field.label)}
          name={field.key}
          type={field.kind === 'phone' ? 'tel' : field.kind === 'email' ? 'email' : 'text'}
          value={answers[field.key] ?? ''}
          onChange={(value) => setAnswers((all) => ({ ...all, [field.key]: value }))}
          problem={problems[field.key]}
          required={field.required}
        />
      ))}
      <Failure text={failure} />
      <SubmitButton busy={submitting} label={t('entry.signup.submit')} busyLabel={t('entry.signup.submitting')} />
      {back}
    </form>
  );
}
