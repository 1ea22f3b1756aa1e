/**
 * An invite URL (`/live/login/<room>?inviterId=<code>`, issue 14 item 5) names who invited
 * the viewer; the invite is recorded (invite add) only once the viewer has entered the room,
 * on another page. The guide page keeps the code for the tab (sessionStorage) until then;
 * a recorded invite is remembered per browser, so it is recorded once.
 */
const pendingKey = (roomId: string) => `webcast.inviter.${roomId}`;
const doneKey = (roomId: string) => `webcast.invited.${roomId}`;
const CODE = /^[0-9A-Za-z_-]{1,64}$/;

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return globalThis[kind];
  } catch {
    return null;
  }
}

/** Keeps the inviter's code of the address (`search`: location.search), if any. */
export function captureInviter(roomId: string, search: string): void {
  const code = new URLSearchParams(search).get('inviterId');
  if (code === null || !CODE.test(code)) return;
  try {
    storage('sessionStorage')?.setItem(pendingKey(roomId), code);
  } catch {
    // no storage: the invite is not recorded, nothing else changes
  }
}

/** The code waiting to be recorded for this room, unless this browser recorded one already. */
export function pendingInviter(roomId: string): string | null {
  try {
    const local = storage('localStorage');
    if (local !== null && local.getItem(doneKey(roomId)) !== null) return null;
    const code = storage('sessionStorage')?.getItem(pendingKey(roomId)) ?? null;
    return code !== null && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** The invite is recorded (or refused for good): never again from this browser. */
export function inviteSettled(roomId: string, recorded: boolean): void {
  try {
    storage('sessionStorage')?.removeItem(pendingKey(roomId));
    if (recorded) storage('localStorage')?.setItem(doneKey(roomId), '1');
  } catch {
    // nothing to keep
  }
}
