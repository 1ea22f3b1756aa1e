/**
 * Opens the viewer's microphone for the device test and for connect-mic alike: the wanted
 * device by `exact` id (Chromium opens the default microphone for an `ideal` one); a
 * remembered device that is gone (unplugged, ids reset) falls back to the default.
 * Rejects with the browser's error (NotAllowedError, NotFoundError, ...).
 */

/** The errors that mean "no such device" (the default one is tried instead). */
const NO_DEVICE = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError', 'ConstraintNotSatisfiedError']);

const errorName = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'name' in error ? (error as { name: unknown }).name : null);

export async function openMicrophoneStream(media: MediaDevices, wantedDeviceId: string | null): Promise<MediaStream> {
  if (wantedDeviceId === null) return media.getUserMedia({ audio: true, video: false });
  try {
    return await media.getUserMedia({ audio: { deviceId: { exact: wantedDeviceId } }, video: false });
  } catch (error) {
    const name = errorName(error);
    if (typeof name !== 'string' || !NO_DEVICE.has(name)) throw error;
    return media.getUserMedia({ audio: true, video: false });
  }
}
