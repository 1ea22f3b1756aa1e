/**
 * The room's groups tab (SPEC 2 "Groups or discussion groups"): the organisation sign-in
 * for a viewer who has not used it in this room, then the conversations, contacts and
 * groups of their account.
 */
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { directoryAccountOf } from './directoryAccount';
import { DirectorySignIn } from './DirectorySignIn';
import { GroupsHome } from './GroupsHome';
import type { GroupsActions } from './types';
import './groups.css';

export function GroupsPanel({ roomId, actions }: { readonly roomId: string; readonly actions: GroupsActions }) {
  // Read at each render: a new login (in this tab or, through the storage, another) renders anew.
  const { userId, currentRoomId } = useSnapshot(session);
  if (currentRoomId !== roomId) return null;
  const account = directoryAccountOf(roomId, userId);
  return (
    <div className="groups-panel">
      {account === null ? <DirectorySignIn roomId={roomId} /> : <GroupsHome key={account.userId} roomId={roomId} actions={actions} myUid={account.userId} myName={account.name} />}
    </div>
  );
}
