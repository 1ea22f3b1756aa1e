/**
 * An invite URL (`/live/login/<room>?inviterId=<code>`, issue 14 item 5) names who invited
 * the viewer; the invite is recorded (invite add) only once the viewer has entered the room,
 * on another page. The guide page keeps the code for the tab (sessionStorage) until then;
 * features/poster records it. Small on purpose: it is in the guide page's script.
 */

/** Where the code waits for the tab (sessionStorage). */
export const pendingInviterKey = (roomId: string) => `webcast.inviter.${roomId}`;

/** Keeps the inviter's code of the address (`search`: location.search), if any. */
export function captureInviter(roomId: string, search: string): void {
  const code = new URLSearchParams(search).get('inviterId');
  try {
    if (code !== null) sessionStorage.setItem(pendingInviterKey(roomId), code);
  } catch {
    // no storage: the invite is not recorded, nothing else changes
  }
}
