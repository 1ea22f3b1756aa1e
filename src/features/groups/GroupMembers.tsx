/**
 * A group's members (1431) and what this viewer may do about the group: invite, rename it,
 * choose how its messages arrive (1425), ask to speak when silenced (1433), leave (1413);
 * and about each member, as the group rules allow: make or unmake admin (1417), hand the
 * group over (1421, asked first), silence or let speak (1429), remove (1411, asked first),
 * or message them directly. The list is read again after every change and every push about
 * the group, so it never shows what no longer holds.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mayEditGroup, mayExit, mayInvite, memberActions, readMembers, sortMembers, type GroupMember, type MemberAction } from '../../domain/groupRules';
import { GROUP_REQUEST, type GroupSummary } from '../../realtime/conversations';
import type { FrameBody } from '../../protocol/frame';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { groupFailureText } from './groupFailure';
import { MEMBER_ACTION_REQUEST } from './groupRequests';
import type { GroupsActions } from './types';

interface GroupMembersProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  readonly group: GroupSummary;
  readonly myUid: string;
  /** Changes when the group changes (a push about it): the list is read again. */
  readonly revision: string;
  readonly onBack: () => void;
  readonly onInvite: () => void;
  readonly onMessage: (member: GroupMember) => void;
  /** This viewer left the group (or handed it over and left). */
  readonly onLeft: () => void;
}

/** Actions asked about first: they cannot be undone by the one who takes them. */
const CONFIRMED: ReadonlySet<MemberAction> = new Set(['remove', 'transferHost']);

export function GroupMembers({ roomId, actions, group, myUid, revision, onBack, onInvite, onMessage, onLeft }: GroupMembersProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const [members, setMembers] = useState<readonly GroupMember[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ readonly action: MemberAction; readonly member: GroupMember } | null>(null);
  const [confirmExit, setConfirmExit] = useState(false);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(group.name);
  const [topic, setTopic] = useState(group.topic);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let active = true;
    void actions.groupRequest(roomId, GROUP_REQUEST.memberInfo, { gid: group.gid }).then((outcome) => {
      if (!active) return;
      if (outcome.ok) setMembers(sortMembers(readMembers(outcome.value)));
      else setFailure(groupFailureText(outcome, t, tMain));
    });
    return () => {
      active = false;
    };
  }, [actions, roomId, group.gid, revision, reload, t, tMain]);

  const run = useCallback(
    async (code: number, body: FrameBody, doneText: string): Promise<boolean> => {
      if (busy) return false;
      setBusy(true);
      setFailure(null);
      setDone(null);
      const outcome = await actions.groupRequest(roomId, code, body);
      setBusy(false);
      if (!outcome.ok) {
        setFailure(groupFailureText(outcome, t, tMain));
        return false;
      }
      setDone(doneText);
      setReload((n) => n + 1);
      return true;
    },
    [actions, busy, roomId, t, tMain],
  );

  const take = async (action: MemberAction, member: GroupMember) => {
    if (CONFIRMED.has(action) && confirm?.action !== action) {
      setConfirm({ action, member });
      return;
    }
    setConfirm(null);
    const [code, body] = MEMBER_ACTION_REQUEST[action](group.gid, member.uid);
    await run(code, body, t(`groups.members.done.${action}`, { name: member.name }));
  };

  const saveGroup = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setFailure(tMain('validation.required'));
      return;
    }
    if (await run(GROUP_REQUEST.setAttributes, { gid: group.gid, name: name.trim(), topic: topic.trim() }, t('groups.members.saved'))) setEditing(false);
  };

  const leave = async () => {
    setConfirmExit(false);
    if (await run(GROUP_REQUEST.exit, { gid: group.gid }, t('groups.members.left'))) onLeft();
  };

  const me = group.role;
  return (
    <section className="groups-members" aria-label={t('groups.members.title', { name: group.name })}>
      <header className="groups-bar">
        <button type="button" className="groups-bar__back" onClick={onBack} aria-label={t('groups.back')}>
          ‹
        </button>
        <h3 className="groups-bar__title">{t('groups.members.title', { name: group.name })}</h3>
        {mayInvite(me, group.auth) && (
          <button type="button" className="button button--primary groups-bar__action" onClick={onInvite}>
            {t('groups.members.invite')}
          </button>
        )}
      </header>
      <div className="groups-members__body">
        <p className="groups-members__facts">
          {t('groups.members.facts', { n: group.count, max: group.maxnum })} · {t(`groups.auth.${group.auth}`)}
          {group.topic !== '' && <span className="groups-members__topic">{group.topic}</span>}
        </p>
        {editing ? (
          <form className="groups-form" noValidate onSubmit={(event) => void saveGroup(event)}>
            <label className="groups-form__label">
              {t('groups.create.name')}
              <input className="groups-form__input" value={name} maxLength={64} onChange={(event) => setName(event.target.value)} />
            </label>
            <label className="groups-form__label">
              {t('groups.create.topic')}
              <input className="groups-form__input" value={topic} maxLength={256} onChange={(event) => setTopic(event.target.value)} />
            </label>
            <div className="groups-form__actions">
              <button type="button" className="button" onClick={() => setEditing(false)}>
                {t('groups.cancel')}
              </button>
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('groups.members.save')}
              </button>
            </div>
          </form>
        ) : (
          <div className="groups-members__tools">
            {mayEditGroup(me) && (
              <button type="button" className="button" onClick={() => setEditing(true)}>
                {t('groups.members.edit')}
              </button>
            )}
            <label className="groups-members__setting">
              {t('groups.members.receive')}
              <select
                value={group.setting}
                disabled={busy}
                onChange={(event) => void run(GROUP_REQUEST.receiveSetting, { gid: group.gid, setting: Number(event.target.value) }, t('groups.members.saved'))}
              >
                {[0, 1, 2].map((setting) => (
                  <option key={setting} value={setting}>
                    {t(`groups.receive.${setting}`)}
                  </option>
                ))}
              </select>
            </label>
            {group.power === 0 && (
              <button type="button" className="button" disabled={busy} onClick={() => void run(GROUP_REQUEST.applyForPower, { gid: group.gid }, t('groups.members.powerAsked'))}>
                {t('groups.members.askPower')}
              </button>
            )}
            {mayExit(me) ? (
              confirmExit ? (
                <span className="groups-confirm" role="alertdialog" aria-label={t('groups.members.exitConfirm', { name: group.name })}>
                  {t('groups.members.exitConfirm', { name: group.name })}
                  <button type="button" className="button" onClick={() => setConfirmExit(false)}>
                    {t('groups.cancel')}
                  </button>
                  <button type="button" className="button button--primary" disabled={busy} onClick={() => void leave()}>
                    {t('groups.confirm')}
                  </button>
                </span>
              ) : (
                <button type="button" className="button groups-danger" disabled={busy} onClick={() => setConfirmExit(true)}>
                  {t('groups.members.exit')}
                </button>
              )
            ) : (
              <span className="groups-members__hint">{t('groups.members.hostCannotExit')}</span>
            )}
          </div>
        )}
        {failure !== null && (
          <p className="groups-problem" role="alert">
            {failure}
          </p>
        )}
        {done !== null && (
          <p className="groups-done" role="status">
            {done}
          </p>
        )}
        {members === null ? (
          failure === null && <p className="groups-empty">{t('groups.loading')}</p>
        ) : (
          <ul className="groups-member-list">
            {members.map((member) => {
              const allowed = memberActions(me, myUid, member);
              return (
                <li key={member.uid} className="groups-member" data-uid={member.uid}>
                  <span className="groups-avatar" aria-hidden="true">
                    {Array.from(member.name)[0] ?? '?'}
                  </span>
                  <span className="groups-member__name">
                    {member.name}
                    {member.uid === myUid && <span className="groups-tag">{t('groups.me')}</span>}
                    {member.role !== 'member' && <span className="groups-tag groups-tag--role">{t(`groups.role.${member.role}`)}</span>}
                    {member.power === 0 && <span className="groups-tag groups-tag--muted">{t('groups.members.silenced')}</span>}
                  </span>
                  <span className="groups-member__actions">
                    {member.uid !== myUid && (
                      <button type="button" className="link-button" onClick={() => onMessage(member)}>
                        {t('groups.members.message')}
                      </button>
                    )}
                    {allowed.map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={`link-button${action === 'remove' ? ' groups-danger' : ''}`}
                        disabled={busy}
                        onClick={() => void take(action, member)}
                      >
                        {t(`groups.members.action.${action}`)}
                      </button>
                    ))}
                  </span>
                  {confirm !== null && confirm.member.uid === member.uid && (
                    <span className="groups-confirm" role="alertdialog" aria-label={t(`groups.members.confirm.${confirm.action}`, { name: member.name })}>
                      {t(`groups.members.confirm.${confirm.action}`, { name: member.name })}
                      <button type="button" className="button" onClick={() => setConfirm(null)}>
                        {t('groups.cancel')}
                      </button>
                      <button type="button" className="button button--primary" onClick={() => void take(confirm.action, member)}>
                        {t('groups.confirm')}
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
