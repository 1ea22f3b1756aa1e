/**
 * The meeting room's call room, as the host side runs it (issue 16 item 4): the console
 * joins it once the room is joined (1605, again after a reconnect), then shows who is in the call and in what state, whether
 * requests are open, and what happened lately (joined, left, lost the network, invited,
 * answered, removed), all from the control pushes (6105 ... 6167) the worker acknowledged.
 * A member can be removed from the call with the reason the viewer is shown (1613,
 * reason 100 by default, SPEC 3); the call opened or closed to requests (1617); and every
 * member's state read anew (1623).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KICK_DEFAULT_REASON } from '../../domain/constants';
import type { CallRoomEvent, CallRoomMember } from '../../realtime/callRoomState';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { roomRequest } from '../../state/realtimeConnection';
import { realtimeFailureText, useRoomJoinState, useRoomStateKey } from '../../state/roomFeed';
import { ConsoleProblem } from './ConsoleProblem';

export const CALL_ROOM_JOIN = 1605;
export const CALL_ROOM_KICK = 1613;
export const CALL_ROOM_ATTRIBUTES = 1617;
export const CALL_ROOM_USER_ATTRIBUTES = 1623;

/** The 1623 answer: each user's mic state by uid; malformed entries are dropped. */
export function readUserStates(value: unknown): ReadonlyMap<string, string> {
  const states = new Map<string, string>();
  if (!Array.isArray(value)) return states;
  for (const u of value) {
    if (typeof u !== 'object' || u === null) continue;
    const r = u as Record<string, unknown>;
    const attr = r.attr as Record<string, unknown> | undefined;
    if (typeof r.uid === 'string' && typeof attr?.state === 'string') states.set(r.uid, attr.state);
  }
  return states;
}

/** The 1605 reply's members; malformed entries are dropped. */
export function readCallMembers(value: unknown): CallRoomMember[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m): CallRoomMember[] => {
    if (typeof m !== 'object' || m === null) return [];
    const r = m as Record<string, unknown>;
    if (typeof r.uid !== 'string' || r.uid === '') return [];
    return [{ uid: r.uid, name: typeof r.name === 'string' && r.name !== '' ? r.name : r.uid, state: typeof r.state === 'string' ? r.state : '' }];
  });
}

/** What this card read itself (1605, 1617, 1623), and how many pushes the room had had then. */
interface OwnRead {
  readonly members: readonly CallRoomMember[] | null;
  readonly open: boolean | null;
  readonly pushSeq: number;
}

export function CallRoomCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const callRoom = useRoomStateKey(roomId, 'callRoom');
  const pushSeq = callRoom?.seq ?? 0;
  const [own, setOwn] = useState<OwnRead | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // A push after the card's own read is newer than it; else the read is.
  const ownIsNewer = own !== null && own.pushSeq === pushSeq;
  const members = (ownIsNewer ? own.members : callRoom?.members) ?? own?.members ?? null;
  const open = (ownIsNewer ? own.open : callRoom?.open) ?? own?.open ?? null;
  // Everyone seen in the call is named, those who left too.
  const nameOf = (uid: string | null): string => (uid === null ? '' : (callRoom?.names[uid] ?? own?.members?.find((m) => m.uid === uid)?.name ?? uid));

  // Joined to the room (again, after a reconnect): the host side joins the call room.
  const joinState = useRoomJoinState(roomId);
  useEffect(() => {
    if (joinState !== 'joined') return undefined;
    let active = true;
    void roomRequest(roomId, CALL_ROOM_JOIN, {}).then((outcome) => {
      if (!active) return;
      if (!outcome.ok) return setFailure(realtimeFailureText(outcome, tMain));
      const value = outcome.value;
      setOwn({ members: readCallMembers(value.users), open: typeof value.open === 'boolean' ? value.open : null, pushSeq });
    });
    return () => {
      active = false;
    };
    // The join is made once per join of the room, not again for every push.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId, joinState, tMain]);

  /** Opens or closes the call to requests (1617's attr), as the mic desk's switch does. */
  const setOpen = async (next: boolean) => {
    setBusy('open');
    setFailure(null);
    const outcome = await roomRequest(roomId, CALL_ROOM_ATTRIBUTES, { attr: { open: next } });
    setBusy(null);
    if (!outcome.ok) return setFailure(realtimeFailureText(outcome, tMain));
    const attr = outcome.value.attr as { open?: unknown } | undefined;
    if (typeof attr?.open === 'boolean') setOwn({ members, open: attr.open, pushSeq });
  };

  /** Reads every member's state anew (1623), for a console that doubts what it shows. */
  const refresh = async () => {
    setBusy('refresh');
    setFailure(null);
    const outcome = await roomRequest(roomId, CALL_ROOM_USER_ATTRIBUTES, { users: (members ?? []).map((m) => m.uid) });
    setBusy(null);
    if (!outcome.ok) return setFailure(realtimeFailureText(outcome, tMain));
    const states = readUserStates(outcome.value.users);
    const present = (members ?? []).filter((m) => states.get(m.uid) !== 'idle').map((m) => ({ ...m, state: states.get(m.uid) ?? m.state }));
    setOwn({ members: present, open, pushSeq });
  };

  const remove = async (member: CallRoomMember) => {
    setBusy(member.uid);
    setFailure(null);
    const outcome = await roomRequest(roomId, CALL_ROOM_KICK, { users: [member.uid], kick_reason: KICK_DEFAULT_REASON });
    setBusy(null);
    if (!outcome.ok) setFailure(realtimeFailureText(outcome, tMain));
  };

  const eventKey = (event: CallRoomEvent): string =>
    event.kind === 'answered' ? `console.callRoom.event.answered${event.detail === 'accepted' ? 'Yes' : 'No'}` : `console.callRoom.event.${event.kind}`;
  const eventText = (event: CallRoomEvent): string =>
    t(eventKey(event), { name: nameOf(event.uid), detail: event.detail ?? '', by: t(`console.callRoom.by.${event.detail === 'host' ? 'host' : 'viewer'}`) });

  return (
    <section className="console-card call-room" aria-labelledby="call-room-title">
      <header className="console-card__head">
        <h2 id="call-room-title" className="console-card__title">
          {t('console.callRoom.title')}
        </h2>
      </header>
      <p className="console-card__note" role="status">
        {open === null ? t('console.loading') : open ? t('console.callRoom.open') : t('console.callRoom.closed')}
      </p>
      {open !== null && (
        <div className="call-room__tools">
          <button type="button" className="button" disabled={busy !== null} onClick={() => void setOpen(!open)}>
            {open ? t('console.callRoom.close') : t('console.callRoom.openIt')}
          </button>
          <button type="button" className="button" disabled={busy !== null || members === null || members.length === 0} onClick={() => void refresh()}>
            {t('console.callRoom.refresh')}
          </button>
        </div>
      )}
      <ConsoleProblem text={failure} />
      <h3 className="console-card__subtitle">{t('console.callRoom.members', { n: members?.length ?? 0 })}</h3>
      {members === null || members.length === 0 ? (
        <p className="console-card__empty">{members === null ? t('console.loading') : t('console.callRoom.empty')}</p>
      ) : (
        <ul className="console-list" aria-label={t('console.callRoom.membersLabel')}>
          {members.map((member) => (
            <li key={member.uid} className="console-list__row" data-uid={member.uid}>
              <span className="console-list__who">
                <bdi className="console-list__name">{member.name}</bdi>
                <span className="console-list__state">{member.state === 'connected' ? t('console.mic.connected') : t('console.mic.connecting')}</span>
              </span>
              <span className="console-list__actions">
                <button type="button" className="button console-button--danger" disabled={busy !== null} aria-busy={busy === member.uid} onClick={() => void remove(member)}>
                  {t('console.callRoom.remove')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {callRoom !== null && callRoom.events.length > 0 && (
        <>
          <h3 className="console-card__subtitle">{t('console.callRoom.recent')}</h3>
          <ol className="call-room__events" aria-label={t('console.callRoom.recent')}>
            {[...callRoom.events].reverse().map((event) => (
              <li key={event.seq}>{eventText(event)}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
