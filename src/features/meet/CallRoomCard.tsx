/**
 * The meeting room's call room, as the host side runs it (issue 16 item 4): the console
 * joins it once the room is joined (1605, again after a reconnect), then shows who is in the call and in what state, whether
 * requests are open, and what happened lately (joined, left, lost the network, invited,
 * answered, removed), all from the control pushes (6105 ... 6167) the worker acknowledged.
 * A member can be removed from the call with the reason the viewer is shown (1613,
 * reason 100 by default, SPEC 3).
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

export function CallRoomCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const callRoom = useRoomStateKey(roomId, 'callRoom');
  const [joined, setJoined] = useState<{ readonly members: readonly CallRoomMember[]; readonly open: boolean | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Joined to the room (again, after a reconnect): the host side joins the call room.
  const joinState = useRoomJoinState(roomId);
  useEffect(() => {
    if (joinState !== 'joined') return undefined;
    let active = true;
    void roomRequest(roomId, CALL_ROOM_JOIN, {}).then((outcome) => {
      if (!active) return;
      if (outcome.ok) setJoined({ members: readCallMembers(outcome.value.users), open: typeof outcome.value.open === 'boolean' ? outcome.value.open : null });
      else setFailure(realtimeFailureText(outcome, tMain));
    });
    return () => {
      active = false;
    };
  }, [roomId, joinState, tMain]);

  // The pushes are newer than the join's answer once there are any.
  const members = callRoom?.members ?? joined?.members ?? null;
  const open = callRoom?.open ?? joined?.open ?? null;
  // Everyone seen in the call is named, those who left too.
  const nameOf = (uid: string | null): string => (uid === null ? '' : (callRoom?.names[uid] ?? joined?.members.find((m) => m.uid === uid)?.name ?? uid));

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
