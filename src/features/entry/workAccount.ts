/**
 * The enterprise-messaging account a viewer entered a room with (workwx/user/info on the way
 * back from its authorisation), remembered for this tab (session storage) so the room's
 * start reminder can go to that account: the messaging app addresses a person by their
 * open id (SPEC 7.1 work-messaging open id), asked when the reminder is set.
 */
export interface WorkAccountRef {
  readonly workWxUserId: string;
  readonly name: string;
}

const key = (roomId: string) => `webcast.entry.workAccount.${roomId}`;

export function rememberWorkAccount(roomId: string, account: WorkAccountRef): void {
  try {
    sessionStorage.setItem(key(roomId), JSON.stringify(account));
  } catch {
    // Blocked storage: the reminder goes to the viewer's own account instead.
  }
}

export function recallWorkAccount(roomId: string): WorkAccountRef | null {
  try {
    const raw: unknown = JSON.parse(globalThis.sessionStorage?.getItem(key(roomId)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const { workWxUserId, name } = raw as Record<string, unknown>;
    return typeof workWxUserId === 'string' && /^[\w.:-]{1,64}$/.test(workWxUserId) ? { workWxUserId, name: typeof name === 'string' ? name.slice(0, 64) : '' } : null;
  } catch {
    return null;
  }
}

/** The open id of the workwx/openid answer; null when it has none usable as a reminder account. */
export function readOpenId(data: unknown): string | null {
  const openId = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).openId : null;
  return typeof openId === 'string' && /^[A-Za-z0-9_:-]{1,128}$/.test(openId) ? openId : null;
}
