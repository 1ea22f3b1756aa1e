/**
 * The browser's device id: a random id kept in localStorage and sent with every call
 * (header `device-id`), so a host's kick keeps out this browser even when it comes back
 * as a new guest (SPEC 8 "removed from the room"; server/auth/loginOrigin.ts reads it).
 *
 * It identifies the browser, not the person: it is made once, never derived from anything
 * about the machine. Storage that is blocked or full gives an id for this page only.
 */
import { isDeviceId } from '../domain/deviceId';
import { randomId32, type RandomBytes } from '../domain/randomId';
import { browserLocalStorage, type StorageLike } from './loginStorage';

export const DEVICE_ID_KEY = 'webcast.device';

export type DeviceIdStorage = Pick<StorageLike, 'getItem' | 'setItem'>;

function storedId(storage: DeviceIdStorage | null): string | null {
  try {
    // Anything not of the server's form is replaced.
    const value = storage?.getItem(DEVICE_ID_KEY) ?? null;
    return isDeviceId(value) ? value : null;
  } catch {
    return null;
  }
}

/** The stored id, or a new one stored for the next page (kept for this page if it cannot be). */
export function loadDeviceId(storage: DeviceIdStorage | null, random: RandomBytes): string {
  const existing = storedId(storage);
  if (existing !== null) return existing;
  const made = randomId32(random);
  try {
    storage?.setItem(DEVICE_ID_KEY, made);
  } catch {
    // Not kept: the next page makes another, which only weakens the kick for this browser.
  }
  return made;
}

let current: string | null = null;

/** This browser's device id, read once per page. */
export function deviceId(): string {
  current ??= loadDeviceId(browserLocalStorage(), (bytes) => void globalThis.crypto.getRandomValues(bytes));
  return current;
}
