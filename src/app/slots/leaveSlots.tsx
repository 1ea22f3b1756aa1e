/**
 * Live screen slots for leaving the room (issue 19 items 4 and 5): the exit (logout) in
 * the toolbar, and the watch that sends a removed or logged-out viewer to the guide page.
 * The guide path is the live feature's; the leave feature is handed a callback, since
 * features do not import each other.
 *
 * Loaded with the video page only, like the other toolbar parts.
 */
import { lazy, Suspense } from 'react';
import { liveRoomPath, type LiveScreenSlots } from '../../features/live';
import { useSafeNavigate } from '../../ui/useSafeNavigate';

const ExitButton = lazy(() => import('../../features/leave').then((leave) => ({ default: leave.ExitButton })));
const LeaveWatch = lazy(() => import('../../features/leave').then((leave) => ({ default: leave.LeaveWatch })));

function useToGuide(roomId: string): () => void {
  const navigate = useSafeNavigate();
  return () => navigate(liveRoomPath('guide', roomId), { replace: true });
}

function Exit({ roomId }: { readonly roomId: string }) {
  const toGuide = useToGuide(roomId);
  return (
    <Suspense fallback={null}>
      <ExitButton roomId={roomId} onLeft={toGuide} />
    </Suspense>
  );
}

function Watch({ roomId }: { readonly roomId: string }) {
  const toGuide = useToGuide(roomId);
  return (
    <Suspense fallback={null}>
      <LeaveWatch key={roomId} roomId={roomId} onLeft={toGuide} />
    </Suspense>
  );
}

export const leaveSlots: LiveScreenSlots = {
  toolbar: (roomId) => <Exit roomId={roomId} />,
  layers: (roomId) => <Watch roomId={roomId} />,
};
