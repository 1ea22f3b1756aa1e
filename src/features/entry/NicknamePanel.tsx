/**
 * The nickname setting (SPEC 5): at most 20 characters; Chinese characters, letters,
 * digits and underscore only; not only spaces. Saved with update_name (needs a login).
 * NicknamePrompt shows the panel as a dialog while requireNickname() waits for it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { validateNickname } from '../../domain/nickname';
import type { Problem } from '../../domain/result';
import { useApi } from '../../state/apiContext';
import { session } from '../../state/session';
import { errorText, Failure, Field, SubmitButton } from './entryKit';
import { knownName, nicknameStore, rememberName, settleNicknamePrompt } from './nicknameStore';

export interface NicknamePanelProps {
  /** Called after the nickname was saved, with the saved name. */
  readonly onSaved?: (name: string) => void;
  /** Shown as a "cancel" button when given (the prompt). */
  readonly onCancel?: () => void;
}

export function NicknamePanel({ onSaved, onCancel }: NicknamePanelProps) {
  const { t } = useTranslation();
  const api = useApi();
  const snap = useSnapshot(session);
  useSnapshot(nicknameStore);
  const known = knownName(snap.userId);
  const [name, setName] = useState(known?.changed === true ? known.name : '');
  const [problem, setProblem] = useState<Problem | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (snap.liveToken === null) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateNickname(name);
    setProblem(checked.ok ? undefined : checked.error);
    setFailure(null);
    setSaved(null);
    if (!checked.ok) return;
    setBusy(true);
    try {
      const data = await api.live.updateName({ name: checked.value });
      const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
      const savedName = typeof record.name === 'string' ? record.name : checked.value;
      const userId = typeof record.userId === 'string' ? record.userId : (session.userId ?? '');
      rememberName(userId, savedName, true);
      setName(savedName);
      setSaved(savedName);
      onSaved?.(savedName);
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="entry-form entry-nickname" aria-label={t('entry.nickname.title')} noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="entry-form__title">{t('entry.nickname.title')}</h2>
      {known !== null && <p className="entry-form__hint">{t('entry.nickname.current', { name: known.name })}</p>}
      <Field
        label={t('entry.nickname.label')}
        name="nickname"
        autoComplete="nickname"
        placeholder={t('entry.nickname.rules')}
        value={name}
        onChange={setName}
        problem={problem}
        required
      />
      <Failure text={failure} />
      {saved !== null && <p role="status">{t('entry.nickname.saved', { name: saved })}</p>}
      <div className="entry-form__actions">
        <SubmitButton busy={busy} label={t('entry.nickname.save')} busyLabel={t('entry.nickname.saving')} />
        {onCancel !== undefined && (
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * Host of the "set your nickname first" dialog: render it once on the video page; it shows
 * NicknamePanel while requireNickname() waits, and settles the wait when the viewer saves
 * (true) or cancels (false).
 */
export function NicknamePrompt() {
  const { t } = useTranslation();
  const snap = useSnapshot(nicknameStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = snap.prompt !== null;

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal?.();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="entry-nickname-dialog" aria-labelledby={titleId} onCancel={() => settleNicknamePrompt(false)}>
      {open && (
        <>
          <p id={titleId} role="alert">
            {t('validation.nickname.mustChange')}
          </p>
          <NicknamePanel onSaved={() => settleNicknamePrompt(true)} onCancel={() => settleNicknamePrompt(false)} />
        </>
      )}
    </dialog>
  );
}
