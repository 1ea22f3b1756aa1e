/** Guest entry (PROTOCOL 1.3): an optional nickname (SPEC 5 rules), then "Enter as guest". */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateNickname } from '../../../domain/nickname';
import type { Problem } from '../../../domain/result';
import { useApi } from '../../../state/apiContext';
import { Failure, Field, loginThrough, SubmitButton, useLoginRunner, type EntryFormProps } from '../entryKit';

export function GuestForm({ roomId, onEntered, consent, series }: EntryFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const [nickname, setNickname] = useState('');
  const [problem, setProblem] = useState<Problem | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = nickname === '' ? null : validateNickname(nickname);
    const agreed = consent.check();
    setProblem(checked !== null && !checked.ok ? checked.error : undefined);
    if ((checked !== null && !checked.ok) || agreed === null) return;
    const name = checked === null ? {} : { name: checked.value };
    void runner.run((signal) => loginThrough(api, series, { webcastId: roomId, type: 'guest', ...name, ...agreed }, signal));
  };

  return (
    <form className="entry-form" aria-label={t('entry.guest.title')} noValidate onSubmit={submit}>
      <h2 className="entry-form__title">{t('entry.guest.title')}</h2>
      <Field
        label={t('entry.guest.nicknameLabel')}
        name="nickname"
        autoComplete="nickname"
        placeholder={t('entry.guest.nicknamePlaceholder')}
        value={nickname}
        onChange={setNickname}
        problem={problem}
      />
      <Failure text={runner.failure} />
      <SubmitButton busy={runner.busy} label={t('entry.guest.submit')} busyLabel={t('entry.guest.entering')} />
    </form>
  );
}
