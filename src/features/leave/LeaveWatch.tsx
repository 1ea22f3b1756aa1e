/**
 * Sends the viewer out of the video page when their login for the room is over: the host
 * removed them (7127 kick, then 4003), or the session was logged out (1100 status 4013
 * from this browser's exit in any tab, or the login removed by another tab). The reason is
 * recorded for the guide page, which says it; the login is cleared, because the server
 * ended it. A login ended elsewhere is only recorded: its banner offers the way back.
 *
 * It reads the realtime store through an external store that renders only when the answer
 * changes, so a busy chat does not render it.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { leavesVideoPage } from '../../realtime/sessionEnd';
import { realtimeStore } from '../../state/roomFeed';
import { recordSessionEnd, recordSessionEndUnlessKnown, sessionEndSource } from '../../state/sessionEnd';
import { clearSession, session } from '../../state/session';

export interface LeaveWatchProps {
  readonly roomId: string;
  /** Moves to the room's guide page (the app knows its path). */
  readonly onLeft: () => void;
}

export function LeaveWatch({ roomId, onLeft }: LeaveWatchProps) {
  const source = useMemo(() => sessionEndSource(realtimeStore, roomId), [roomId]);
  const reason = useSyncExternalStore(source.subscribe, source.get);
  const { liveToken, currentRoomId } = useSnapshot(session);
  const hadLogin = useRef(false);
  const left = useRef(false);

  const leave = useRef(onLeft);
  useEffect(() => {
    leave.current = onLeft;
  });
  const leaveOnce = () => {
    if (left.current) return;
    left.current = true;
    leave.current();
  };

  useEffect(() => {
    if (reason === null) return;
    recordSessionEnd(roomId, reason);
    if (!leavesVideoPage(reason)) return;
    clearSession();
    leaveOnce();
  }, [reason, roomId]);

  useEffect(() => {
    if (currentRoomId !== roomId) return;
    if (liveToken !== null) {
      hadLogin.current = true;
      return;
    }
    // The login went while this page was shown: another tab logged out (or its login
    // expired there). This page cannot go on without it.
    if (!hadLogin.current) return;
    recordSessionEndUnlessKnown(roomId, 'loggedOut');
    leaveOnce();
  }, [liveToken, currentRoomId, roomId]);

  return null;
}
