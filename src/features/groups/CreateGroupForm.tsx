/**
 * Starting a group (1401) with SPEC's defaults (type 3, up to 500 members, joining by
 * approval) unless the viewer picks another size or way in. The new group opens once made.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_DEFAULTS } from '../../domain/constants';
import { codePointLength } from '../../domain/text';
import { GROUP_REQUEST } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { groupFailureText } from './groupFailure';
import type { GroupsActions } from './types';

/** The group service's limits (server/groups/handlers.ts). */
export const GROUP_NAME_MAX = 64;
export const GROUP_TOPIC_MAX = 256;
export const GROUP_SIZE_MIN = 2;
export const GROUP_SIZE_MAX = 5000;

interface CreateGroupFormProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  readonly onBack: () => void;
  readonly onCreated: (gid: string, name: string) => void;
}

export function CreateGroupForm({ roomId, actions, onBack, onCreated }: CreateGroupFormProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [auth, setAuth] = useState<number>(GROUP_DEFAULTS.auth);
  const [size, setSize] = useState(String(GROUP_DEFAULTS.maxnum));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') return setFailure(tMain('validation.required'));
    if (codePointLength(trimmed) > GROUP_NAME_MAX || codePointLength(topic) > GROUP_TOPIC_MAX) {
      return setFailure(t('groups.create.tooLong', { name: GROUP_NAME_MAX, topic: GROUP_TOPIC_MAX }));
    }
    const maxnum = Number(size);
    if (!/^\d+$/.test(size.trim()) || maxnum < GROUP_SIZE_MIN || maxnum > GROUP_SIZE_MAX) {
      return setFailure(t('groups.create.sizeRange', { min: GROUP_SIZE_MIN, max: GROUP_SIZE_MAX }));
    }
    setBusy(true);
    setFailure(null);
    const outcome = await actions.groupRequest(roomId, GROUP_REQUEST.create, {
      name: trimmed,
      // The service takes no empty topic: a group without one sends none.
      ...(topic.trim() === '' ? {} : { topic: topic.trim() }),
      type: GROUP_DEFAULTS.type,
      maxnum,
      auth,
    });
    if (!outcome.ok) {
      setBusy(false);
      return setFailure(groupFailureText(outcome, t, tMain));
    }
    const gid = typeof outcome.value.gid === 'string' ? outcome.value.gid : null;
    if (gid === null) {
      setBusy(false);
      return setFailure(t('groups.create.failed'));
    }
    // The list the worker reads after a creation holds the new group: waited for, so the
    // group opens as one the viewer is in (with its members), never as one they left.
    await actions.listConversations(roomId);
    setBusy(false);
    onCreated(gid, trimmed);
  };

  return (
    <section className="groups-create" aria-labelledby="groups-create-title">
      <header className="groups-bar">
        <button type="button" className="groups-bar__back" onClick={onBack} aria-label={t('groups.back')}>
          ‹
        </button>
        <h3 id="groups-create-title" className="groups-bar__title">
          {t('groups.create.title')}
        </h3>
      </header>
      <form className="groups-form" noValidate onSubmit={(event) => void submit(event)}>
        <label className="groups-form__label">
          {t('groups.create.name')}
          <input className="groups-form__input" value={name} onChange={(event) => setName(event.target.value)} required aria-required="true" />
        </label>
        <label className="groups-form__label">
          {t('groups.create.topic')}
          <input className="groups-form__input" value={topic} onChange={(event) => setTopic(event.target.value)} />
        </label>
        <fieldset className="groups-form__choice">
          <legend>{t('groups.create.auth')}</legend>
          {[1, 0, 2].map((value) => (
            <label key={value}>
              <input type="radio" name="auth" value={value} checked={auth === value} onChange={() => setAuth(value)} /> {t(`groups.auth.${value}`)}
            </label>
          ))}
        </fieldset>
        <label className="groups-form__label">
          {t('groups.create.size')}
          <input className="groups-form__input" inputMode="numeric" value={size} onChange={(event) => setSize(event.target.value)} />
        </label>
        {failure !== null && (
          <p className="groups-problem" role="alert">
            {failure}
          </p>
        )}
        <div className="groups-form__actions">
          <button type="button" className="button" onClick={onBack}>
            {t('groups.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('groups.create.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
