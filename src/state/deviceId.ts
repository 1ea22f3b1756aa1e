/**
 * The browser's device id: a random id kept in localStorage and sent with every call
 * (header `device-id`), so a host's kick keeps out this browser even when it comes back
 * as a new guest (SPEC 8 "removed from the room"; server/auth/loginOrigin.ts reads it).
 *
 * It identifies the browser, not the person: it is made once, never derived from anything
 * about the machine. Storage that is blocked or full gives an id for this page only.
 */
import { randomId32, type RandomBytes } from '../domain/randomId';

export const DEVICE_ID_KEY = 'webcast.device';
/** The server's form (server/auth/loginOrigin.ts); anything else in storage is replaced. */
const DEVICE_ID_FORM = /^[0-9A-Za-z_-]{16,64}$/;

export interface DeviceIdStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storedId(storage: DeviceIdStorage | null): string | null {
  try {
    const value = storage?.getItem(DEVICE_ID_KEY) ?? null;
    return value !== null && DEVICE_ID_FORM.test(value) ? value : null;
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

function browserStorage(): DeviceIdStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

let current: string | null = null;

/** This browser's device id, read once per page. */
export function deviceId(): string {
  current ??= loadDeviceId(browserStorage(), (bytes) => void globalThis.crypto.getRandomValues(bytes));
  return current;
}
