/**
 * The error reporting self-test (issue 39 item 2): a page opened with `?reportSelfTest=1`
 * fails on purpose once in each place a report comes from (an uncaught error in the page,
 * one in the realtime worker, a render error in a region of its own, shown at the foot of
 * the page), so an operator can see that their endpoint receives and counts them (README,
 * docs/protocol.md 5.11). Loaded only when asked for (src/app/bootstrap.tsx).
 */
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio';
import { session } from '../state/session';
import { workerReportSelfTest } from '../state/realtimeConnection';
import { ErrorBoundary } from '../ui/ErrorBoundary';

export const SELF_TEST_PARAM = 'reportSelfTest';
const ROOM_WAIT_MS = 3000;

/** Throws at every render (React renders a failed part once more before it gives up on it); the report is one, its repeats counted. */
function RenderCrash(): null {
  throw new Error('Report self-test: a render error');
}

export function runReportSelfTest(): void {
  window.setTimeout(() => {
    throw new Error('Report self-test: an uncaught error in the page');
  }, 0);
  void workerReportSelfTest();
  // A report names the page's room once its login is restored: the render error waits for
  // it (3 s at most), as a real one in a room's page comes after the page has its room.
  whenRoomKnown(() => {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <ErrorBoundary region="self-test">
        <RenderCrash />
      </ErrorBoundary>,
    );
  });
}

function whenRoomKnown(then: () => void): void {
  if (session.currentRoomId !== null) return then();
  const stop = subscribe(session, () => {
    if (session.currentRoomId === null) return;
    stop();
    window.clearTimeout(timer);
    then();
  });
  const timer = window.setTimeout(() => {
    stop();
    then();
  }, ROOM_WAIT_MS);
}
