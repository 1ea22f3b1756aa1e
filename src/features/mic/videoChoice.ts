/**
 * Whether the viewer goes on the mic with the camera too, remembered by the browser
 * (localStorage): the choice holds for the next application and after a reload.
 */
const KEY = 'webcast.mic.video';

export function readVideoChoice(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberVideoChoice(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, on ? '1' : '0');
  } catch {
    // Storage blocked: the choice holds for this page.
  }
}
