/**
 * The groups tab of a viewer signed in with the organisation's account: the conversations,
 * the contacts and the notices, and from there a conversation, a group's members, a new
 * group or the invitation of colleagues. Everything moves through the realtime worker's one
 * socket; the book is the same in every tab of the account.
 */
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWERABLE_NOTICES, GROUP_REQUEST, groupKey, peerKey } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useConversations } from '../../state/conversationFeed';
import { ContactsView, type ContactPick } from './ContactsView';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import { CreateGroupForm } from './CreateGroupForm';
import { GroupMembers } from './GroupMembers';
import { groupFailureText } from './groupFailure';
import { groupsView, HOME, type HomeSection } from './groupsView';
import { NoticeList } from './NoticeList';
import type { GroupsActions } from './types';
import { useOrgDirectory } from './useOrgDirectory';

const SECTIONS: readonly HomeSection[] = ['messages', 'contacts', 'notices'];

/** The contacts, loaded only once a view needs them. */
function Contacts(props: { readonly myUid: string; readonly pickLabel: string; readonly onPick: (person: ContactPick) => void; readonly unpickable?: ReadonlySet<string> }) {
  const view = useOrgDirectory();
  return <ContactsView view={view} {...props} />;
}

interface GroupsHomeProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  readonly myUid: string;
  readonly myName: string;
}

export function GroupsHome({ roomId, actions, myUid, myName }: GroupsHomeProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const book = useConversations(roomId);
  const [view, dispatch] = useReducer(groupsView, HOME);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [invited, setInvited] = useState<{ readonly ok: boolean; readonly text: string } | null>(null);

  useEffect(() => {
    let active = true;
    void actions.listConversations(roomId).then((outcome) => {
      if (!active) return;
      // Not connected yet: the worker reads the list when the socket is online.
      if (outcome.ok || outcome.reason === 'not-connected' || outcome.reason === 'connection-closed') setListFailure(null);
      else setListFailure(groupFailureText(outcome, t, tMain));
    });
    return () => {
      active = false;
    };
  }, [actions, roomId, attempt, t, tMain]);

  // A group this viewer is no longer in (left, removed) takes every view about it away.
  const shownGid = view.name === 'members' || view.name === 'invite' ? view.gid : null;
  useEffect(() => {
    if (shownGid !== null && book.listed && book.groups[shownGid] === undefined) dispatch({ type: 'leftGroup', gid: shownGid });
  }, [book, shownGid]);

  const unread = Object.values(book.conversations).reduce((n, c) => n + c.unread, 0);
  const pending = book.notices.filter((n) => n.pending && ANSWERABLE_NOTICES.has(n.kind)).length;
  const counts: Readonly<Record<HomeSection, number>> = { messages: unread, contacts: 0, notices: pending };

  const openPeer = (person: ContactPick) => dispatch({ type: 'open', key: peerKey(person.id), kind: 'peer', id: person.id, title: person.name });

  let body;
  switch (view.name) {
    case 'conversation': {
      const group = view.kind === 'group' ? book.groups[view.id] : undefined;
      const gone = view.kind === 'group' && book.listed && group === undefined;
      body = (
        <ConversationView
          key={view.key}
          roomId={roomId}
          actions={actions}
          kind={view.kind}
          id={view.id}
          title={group?.name ?? book.conversations[view.key]?.title ?? view.title}
          conversation={book.conversations[view.key]}
          silenced={group?.power === 0}
          closed={gone}
          onBack={() => dispatch({ type: 'back' })}
          onMembers={view.kind === 'group' && group !== undefined ? () => dispatch({ type: 'members', gid: view.id }) : null}
        />
      );
      break;
    }
    case 'members': {
      const group = book.groups[view.gid];
      const revision = `${group?.count}|${group?.host}|${group?.role}|${book.notices.filter((n) => n.gid === view.gid).length}`;
      body =
        group === undefined ? (
          <p className="groups-empty">{t('groups.loading')}</p>
        ) : (
          <GroupMembers
            roomId={roomId}
            actions={actions}
            group={group}
            myUid={myUid}
            revision={revision}
            onBack={() => dispatch({ type: 'back' })}
            onInvite={() => {
              setInvited(null);
              dispatch({ type: 'invite', gid: view.gid });
            }}
            onMessage={(member) => openPeer({ id: member.uid, name: member.name })}
            onLeft={() => dispatch({ type: 'leftGroup', gid: view.gid })}
          />
        );
      break;
    }
    case 'invite': {
      const group = book.groups[view.gid];
      const gid = view.gid;
      body = (
        <section className="groups-invite" aria-label={t('groups.invite.title', { name: group?.name ?? '' })}>
          <header className="groups-bar">
            <button type="button" className="groups-bar__back" onClick={() => dispatch({ type: 'back' })} aria-label={t('groups.back')}>
              ‹
            </button>
            <h3 className="groups-bar__title">{t('groups.invite.title', { name: group?.name ?? '' })}</h3>
          </header>
          {invited !== null && (
            <p className={invited.ok ? 'groups-done' : 'groups-problem'} role={invited.ok ? 'status' : 'alert'}>
              {invited.text}
            </p>
          )}
          <Contacts
            myUid={myUid}
            pickLabel={t('groups.invite.pick')}
            onPick={(person) => {
              void actions.groupRequest(roomId, GROUP_REQUEST.invite, { gid, invitee: person.id }).then((outcome) => {
                setInvited(outcome.ok ? { ok: true, text: t('groups.invite.sent', { name: person.name }) } : { ok: false, text: groupFailureText(outcome, t, tMain) });
              });
            }}
          />
        </section>
      );
      break;
    }
    case 'create':
      body = (
        <CreateGroupForm
          roomId={roomId}
          actions={actions}
          onBack={() => dispatch({ type: 'back' })}
          onCreated={(gid, name) => dispatch({ type: 'open', key: groupKey(gid), kind: 'group', id: gid, title: name })}
        />
      );
      break;
    case 'home':
      body = (
        <>
          <div className="groups-sections" role="tablist" aria-label={t('groups.title')}>
            {SECTIONS.map((section) => (
              <button
                key={section}
                type="button"
                role="tab"
                className="groups-sections__tab"
                aria-selected={view.section === section}
                data-section={section}
                onClick={() => dispatch({ type: 'section', section })}
              >
                {t(`groups.tabs.${section}`)}
                {counts[section] > 0 && (
                  <span className="groups-badge" aria-label={t('groups.unread', { n: counts[section] })}>
                    {counts[section] > 99 ? '99+' : counts[section]}
                  </span>
                )}
              </button>
            ))}
          </div>
          {listFailure !== null && (
            <p className="groups-problem" role="alert">
              {listFailure}{' '}
              <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
                {t('groups.retry')}
              </button>
            </p>
          )}
          <div role="tabpanel" className="groups-section">
            {view.section === 'messages' && (
              <ConversationList
                roomId={roomId}
                actions={actions}
                book={book}
                onOpen={(c) => dispatch({ type: 'open', key: c.key, kind: c.kind, id: c.id, title: c.title })}
                onCreate={() => dispatch({ type: 'create' })}
              />
            )}
            {view.section === 'contacts' && <Contacts myUid={myUid} pickLabel={t('groups.contacts.message')} onPick={openPeer} />}
            {view.section === 'notices' && <NoticeList roomId={roomId} actions={actions} book={book} />}
          </div>
        </>
      );
      break;
  }

  return (
    <div className="groups-home">
      <p className="groups-account">{t('groups.signedInAs', { name: myName })}</p>
      {body}
    </div>
  );
}
