/**
 * What the viewer already saw, per browser (localStorage), so a reload does not ask again:
 * the room notice they closed (until it changes) and the version of the room's viewing
 * terms they accepted (until a new version). Blocked storage just asks again.
 */

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const noticeKey = (roomId: string) => `webcast.notice.dismissed.${roomId}`;
const contractKey = (roomId: string) => `webcast.contract.accepted.${roomId}`;

export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not remembered: the viewer is asked again after a reload.
  }
}

/** A notice is known by when it was changed and what it says. */
const noticeStamp = (notice: { readonly content: string; readonly updatedAt: number }) => `${notice.updatedAt}:${notice.content.length}`;

export function noticeDismissed(storage: KeyValueStorage | null, roomId: string, notice: { readonly content: string; readonly updatedAt: number }): boolean {
  return read(storage, noticeKey(roomId)) === noticeStamp(notice);
}

export function dismissNotice(storage: KeyValueStorage | null, roomId: string, notice: { readonly content: string; readonly updatedAt: number }): void {
  write(storage, noticeKey(roomId), noticeStamp(notice));
}

export function contractAccepted(storage: KeyValueStorage | null, roomId: string, version: number): boolean {
  return read(storage, contractKey(roomId)) === String(version);
}

export function acceptContract(storage: KeyValueStorage | null, roomId: string, version: number): void {
  write(storage, contractKey(roomId), String(version));
}

const hostNoticeKey = (roomId: string) => `webcast.notice.host.${roomId}`;

/**
 * Host notices are known by their room offset, which only grows: one closed is not shown
 * again when the room log is replayed after a reload, nor is any older one.
 */
export function hostNoticeDismissed(storage: KeyValueStorage | null, roomId: string, offset: number): boolean {
  const stored = Number(read(storage, hostNoticeKey(roomId)) ?? NaN);
  return Number.isFinite(stored) && offset <= stored;
}

export function dismissHostNotice(storage: KeyValueStorage | null, roomId: string, offset: number): void {
  write(storage, hostNoticeKey(roomId), String(offset));
}
