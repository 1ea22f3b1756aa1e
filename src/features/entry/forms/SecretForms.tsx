/**
 * Watch password (with an optional nickname) and member code: one secret typed by the
 * viewer. Wrong ones are refused by the server (4103, 4102; too many tries 4203). The
 * password is checked on its own first (SPEC 7.1 clv/sign/password/check), so a wrong one is
 * said under the password field, where the viewer types again, and a nickname or room
 * refusal after it under the nickname or the form.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/apiContext';
import { Failure, Field, loginThrough, SubmitButton, useLoginRunner, type EntryFormProps } from '../entryKit';
import { memberCodeLoginInput, passwordLoginInput, type FieldProblems } from '../loginInputs';

/** SPEC 8: the watch password is wrong. */
const WRONG_PASSWORD = 4103;

export function PasswordForm({ roomId, onEntered, consent, series }: EntryFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = passwordLoginInput(roomId, password, nickname);
    const agreed = consent.check();
    setProblems(input.ok ? {} : input.error);
    if (!input.ok || agreed === null) return;
    void runner.run(
      async (signal) => {
        await api.live.checkWatchPassword({ webcastId: roomId, password: input.value.password ?? '' }, { signal });
        return loginThrough(api, series, { ...input.value, ...agreed }, signal);
      },
      (error) => {
        if (error.code !== WRONG_PASSWORD) return false;
        setProblems({ password: { key: error.messageKey } });
        return true;
      },
    );
  };

  return (
    <form className="entry-form" aria-label={t('entry.password.title')} noValidate onSubmit={submit}>
      <h2 className="entry-form__title">{t('entry.password.title')}</h2>
      <Field
        label={t('entry.password.label')}
        name="password"
        type="password"
        autoComplete="off"
        value={password}
        onChange={setPassword}
        problem={problems.password}
        required
      />
      <Field
        label={t('entry.guest.nicknameLabel')}
        name="nickname"
        autoComplete="nickname"
        placeholder={t('entry.guest.nicknamePlaceholder')}
        value={nickname}
        onChange={setNickname}
        problem={problems.name}
      />
      <Failure text={runner.failure} />
      <SubmitButton busy={runner.busy} label={t('entry.submit')} busyLabel={t('entry.guest.entering')} />
    </form>
  );
}

export function MemberCodeForm({ roomId, onEntered, consent }: EntryFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const [memberCode, setMemberCode] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = memberCodeLoginInput(roomId, memberCode);
    const agreed = consent.check();
    setProblems(input.ok ? {} : input.error);
    if (!input.ok || agreed === null) return;
    void runner.run((signal) => api.live.login({ ...input.value, ...agreed }, { signal }));
  };

  return (
    <form className="entry-form" aria-label={t('entry.memberCode.title')} noValidate onSubmit={submit}>
      <h2 className="entry-form__title">{t('entry.memberCode.title')}</h2>
      <Field
        label={t('entry.memberCode.label')}
        name="memberCode"
        autoComplete="off"
        value={memberCode}
        onChange={setMemberCode}
        problem={problems.memberCode}
        required
      />
      <Failure text={runner.failure} />
      <SubmitButton busy={runner.busy} label={t('entry.submit')} busyLabel={t('entry.guest.entering')} />
    </form>
  );
}
