/**
 * The invite waiting to be recorded (kept by the guide page: state/inviteCapture.ts), and
 * whether this browser recorded one for the room already: an invite counts once.
 */
import { pendingInviterKey } from '../../state/inviteCapture';

const doneKey = (roomId: string) => `webcast.invited.${roomId}`;
const CODE = /^[0-9A-Za-z_-]{1,64}$/;

/** The code waiting to be recorded for this room, unless this browser recorded one already. */
export function pendingInviter(roomId: string): string | null {
  try {
    if (localStorage.getItem(doneKey(roomId)) !== null) return null;
    const code = sessionStorage.getItem(pendingInviterKey(roomId));
    return code !== null && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** The invite is recorded (or refused for good): not again from this browser. */
export function inviteSettled(roomId: string, recorded: boolean): void {
  try {
    sessionStorage.removeItem(pendingInviterKey(roomId));
    if (recorded) localStorage.setItem(doneKey(roomId), '1');
  } catch {
    // nothing to keep
  }
}

/** This page's invite records still unanswered, by room. */
const inFlight = new Map<string, Promise<void>>();

/** Keeps the record call while it is unanswered (inviteAnswered waits for it). */
export function recordingInvite(roomId: string, call: Promise<unknown>): void {
  const settled = call.then(
    () => undefined,
    () => undefined,
  );
  inFlight.set(roomId, settled);
  void settled.then(() => {
    if (inFlight.get(roomId) === settled) inFlight.delete(roomId);
  });
}

/**
 * Resolves once this page's own invite record for the room is answered (at once when none
 * is under way): a ranking read before it would miss the invite the viewer just made by coming.
 */
export function inviteAnswered(roomId: string): Promise<void> {
  return inFlight.get(roomId) ?? Promise.resolve();
}
