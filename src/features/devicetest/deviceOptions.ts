/**
 * The device pickers' options from navigator.mediaDevices.enumerateDevices(). Before the
 * microphone permission the browser hides ids and labels; such entries cannot be chosen,
 * so they are left out. A device without a label gets a numbered name in the view.
 */

/** The parts of MediaDeviceInfo the pickers read (a plain shape, so node tests can build it). */
export interface DeviceInfoLike {
  readonly deviceId: string;
  readonly kind: string;
  readonly label: string;
}

export interface DeviceOption {
  readonly id: string;
  /** The browser's name for it; null when it gives none (the view shows "Microphone 2"). */
  readonly label: string | null;
  /** 1-based position among the options, for the numbered name. */
  readonly number: number;
}

/** Choosable devices of one kind, in the browser's order, each id once. */
export function deviceOptions(devices: readonly DeviceInfoLike[], kind: 'audioinput' | 'audiooutput' | 'videoinput'): DeviceOption[] {
  const seen = new Set<string>();
  const options: DeviceOption[] = [];
  for (const device of devices) {
    if (device.kind !== kind || device.deviceId === '' || seen.has(device.deviceId)) continue;
    seen.add(device.deviceId);
    const label = device.label.trim();
    options.push({ id: device.deviceId, label: label === '' ? null : label, number: options.length + 1 });
  }
  return options;
}

/**
 * The option the picker shows as chosen: the device in use, else the one remembered, else
 * the first. A remembered device that is gone (unplugged) is not shown as chosen.
 */
export function chosenOption(options: readonly DeviceOption[], inUse: string | null, remembered: string | null): string {
  for (const id of [inUse, remembered]) if (id !== null && options.some((option) => option.id === id)) return id;
  return options[0]?.id ?? '';
}
