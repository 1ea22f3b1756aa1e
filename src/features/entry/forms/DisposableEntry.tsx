/** A one-time login link (`/live/login/{id}?disposable=<token>`): one click enters once. */
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/apiContext';
import { Failure, useLoginRunner, type EntryFormProps } from '../entryKit';

export default function DisposableEntry({ roomId, onEntered, consent, token }: EntryFormProps & { readonly token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const enter = () => {
    const agreed = consent.check();
    if (agreed === null) return;
    void runner.run((signal) => api.live.disposableLogin({ webcastId: roomId, token, ...agreed }, { signal }));
  };
  return (
    <section className="entry-form" aria-label={t('entry.disposable.title')}>
      <h2 className="entry-form__title">{t('entry.disposable.title')}</h2>
      <p className="entry-form__hint">{t('entry.disposable.hint')}</p>
      <Failure text={runner.failure} />
      <button type="button" className="button button--primary" disabled={runner.busy} onClick={enter}>
        {t('entry.disposable.enter')}
      </button>
    </section>
  );
}
