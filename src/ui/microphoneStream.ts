/**
 * Opens the viewer's microphone (and, for connect-mic with video, the camera) for the device
 * test and for connect-mic alike: the wanted device by `exact` id (Chromium opens the default
 * microphone for an `ideal` one); a remembered device that is gone (unplugged, ids reset)
 * falls back to the default. Rejects with the browser's error (NotAllowedError, ...).
 */

/** The errors that mean "no such device" (the default one is tried instead). */
const NO_DEVICE = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError', 'ConstraintNotSatisfiedError']);

const errorName = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'name' in error ? (error as { name: unknown }).name : null);

export async function openMicrophoneStream(media: MediaDevices, wantedDeviceId: string | null): Promise<MediaStream> {
  return openStream(media, { microphone: wantedDeviceId, camera: false });
}

export interface WantedDevices {
  /** The microphone's device id; null for the browser's default. */
  readonly microphone: string | null;
  /** false: no camera; null: the default camera; else its device id. */
  readonly camera: string | null | false;
}

const wanted = (id: string | null): MediaTrackConstraints | boolean => (id === null ? true : { deviceId: { exact: id } });

/** The microphone and, when wanted, the camera, in one stream (one permission prompt). */
export async function openStream(media: MediaDevices, devices: WantedDevices): Promise<MediaStream> {
  const video = devices.camera === false ? false : wanted(devices.camera);
  try {
    return await media.getUserMedia({ audio: wanted(devices.microphone), video });
  } catch (error) {
    const name = errorName(error);
    if (typeof name !== 'string' || !NO_DEVICE.has(name) || (devices.microphone === null && (devices.camera === false || devices.camera === null))) throw error;
    return media.getUserMedia({ audio: true, video: devices.camera === false ? false : true });
  }
}

/** The camera alone (the device test's preview), the wanted one by `exact` id, else the default. */
export async function openCameraStream(media: MediaDevices, wantedDeviceId: string | null): Promise<MediaStream> {
  try {
    return await media.getUserMedia({ audio: false, video: wanted(wantedDeviceId) });
  } catch (error) {
    const name = errorName(error);
    if (typeof name !== 'string' || !NO_DEVICE.has(name) || wantedDeviceId === null) throw error;
    return media.getUserMedia({ audio: false, video: true });
  }
}
