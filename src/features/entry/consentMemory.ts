/**
 * The privacy consent ticked before leaving for an outside authorisation page, remembered
 * for the way back (this tab only: session storage), so the viewer does not tick it twice.
 */
const key = (roomId: string) => `webcast.entry.consent.${roomId}`;

export function rememberConsent(roomId: string, accepted: boolean): void {
  try {
    if (accepted) sessionStorage.setItem(key(roomId), '1');
    else sessionStorage.removeItem(key(roomId));
  } catch {
    // Blocked storage: the viewer ticks again on the way back.
  }
}

export function consentRemembered(roomId: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(key(roomId)) === '1';
  } catch {
    return false;
  }
}
