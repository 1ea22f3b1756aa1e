/**
 * The consultation form beside the Q&A (SPEC 1: "Q&A includes a consultation form"; consult
 * add): a question for the organisers with a phone number to be called back on. Content
 * and phone are required and the phone is checked (SPEC 5); the name may be left for the
 * nickname. Folded away until the viewer asks for it.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { validatePhone, validateRequired } from '../../domain/contact';
import type { Problem } from '../../domain/result';
import { useApi } from '../../state/apiContext';
import { failureText } from '../../ui/failureText';
import { Field } from '../../ui/FormField';
import { useSubmitGuard } from '../../ui/useSubmitGuard';

const CONTENT_MAX = 500;

export function ConsultForm({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<{ readonly phone?: Problem; readonly content?: Problem }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  if (!open) {
    return (
      <div className="qa-consult qa-consult--folded">
        {sent && (
          <p className="qa-ask__sent" role="status">
            {t('qa.consult.sent')}
          </p>
        )}
        <button type="button" className="interaction-link" onClick={() => setOpen(true)}>
          {t('qa.consult.open')}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = { phone: validatePhone(phone), content: validateRequired(content) };
    setProblems({ ...(checked.phone.ok ? {} : { phone: checked.phone.error }), ...(checked.content.ok ? {} : { content: checked.content.error }) });
    setFailure(null);
    if (!checked.phone.ok || !checked.content.ok || !guard.pass()) return;
    setBusy(true);
    const trimmedName = name.trim();
    api.commerce.consultAdd({ liveId: roomId, phone: checked.phone.value, content: checked.content.value.trim(), ...(trimmedName === '' ? {} : { name: trimmedName }) }).then(
      () => {
        setBusy(false);
        setSent(true);
        setOpen(false);
        setContent('');
      },
      (error: unknown) => {
        guard.reset();
        setBusy(false);
        setFailure(failureText(error, t));
      },
    );
  };

  return (
    <form className="qa-consult" aria-label={t('qa.consult.title')} noValidate onSubmit={submit}>
      <h3 className="qa-consult__title">{t('qa.consult.title')}</h3>
      <Field label={t('qa.consult.name')} name="name" autoComplete="name" value={name} onChange={setName} placeholder={t('qa.consult.namePlaceholder')} />
      <Field label={t('qa.consult.phone')} name="phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={setPhone} problem={problems.phone} required />
      <label className="form-field">
        <span className="form-field__label">
          {t('qa.consult.content')}
          <span aria-hidden="true"> *</span>
        </span>
        <textarea className="form-field__input qa-consult__content" rows={3} maxLength={CONTENT_MAX} value={content} aria-required aria-invalid={problems.content !== undefined} onChange={(event) => setContent(event.target.value)} />
      </label>
      {problems.content !== undefined && (
        <p className="form-field__problem" role="alert">
          {t(problems.content.key, problems.content.params)}
        </p>
      )}
      {failure !== null && (
        <p className="form-field__problem" role="alert">
          {failure}
        </p>
      )}
      <div className="qa-ask__bar">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t('qa.consult.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t('qa.sending') : t('qa.consult.send')}
        </button>
      </div>
    </form>
  );
}
