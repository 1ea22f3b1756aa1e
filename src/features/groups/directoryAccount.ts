/**
 * Which room login is an organisation account, and its name: kept by this feature in the
 * browser's storage (per room), beside the room's login, which stays the session's own.
 * It holds only for the login it was made with (the user id): a later login of the room as
 * someone else (a guest again) is not the account. Written before the login itself, so the
 * room's other tabs find it when the new login reaches them. Kept out of the session so the
 * guide page's script does not carry it (issue 5's budget).
 */
export interface DirectoryAccount {
  readonly userId: string;
  readonly name: string;
}

const keyOf = (roomId: string): string => `webcast.directory.${roomId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberDirectoryAccount(roomId: string, account: DirectoryAccount): void {
  try {
    storage()?.setItem(keyOf(roomId), JSON.stringify(account));
  } catch {
    // Not kept (storage full or refused): this tab still knows the account until a reload.
  }
}

/** The account signed in for the room, when it is the login `userId` holds. */
export function directoryAccountOf(roomId: string, userId: string | null): DirectoryAccount | null {
  if (userId === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(keyOf(roomId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { userId: owner, name } = value as Record<string, unknown>;
  return owner === userId && typeof name === 'string' && name !== '' ? { userId, name } : null;
}
