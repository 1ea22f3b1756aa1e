/**
 * The room's groups tab (SPEC 2 "Groups or discussion groups"): the organisation sign-in
 * for a viewer who has not used it in this room, then the conversations, contacts and
 * groups of their account.
 */
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { DirectorySignIn } from './DirectorySignIn';
import { GroupsHome } from './GroupsHome';
import type { GroupsActions } from './types';
import './groups.css';

export function GroupsPanel({ roomId, actions }: { readonly roomId: string; readonly actions: GroupsActions }) {
  const { directoryName, userId, currentRoomId } = useSnapshot(session);
  if (currentRoomId !== roomId) return null;
  return (
    <div className="groups-panel">
      {directoryName === null || userId === null ? (
        <DirectorySignIn roomId={roomId} />
      ) : (
        <GroupsHome key={userId} roomId={roomId} actions={actions} myUid={userId} myName={directoryName} />
      )}
    </div>
  );
}
