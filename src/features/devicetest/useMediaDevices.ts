/**
 * The media devices the browser lists (microphones, outputs, cameras), read again whenever
 * `refresh` changes (a permission was just granted, so labels and ids become visible) and
 * when a device is plugged in or out. An empty list where the page has no device API.
 */
import { useEffect, useState } from 'react';
import type { DeviceInfoLike } from './deviceOptions';

export function useMediaDevices(refresh: string): readonly DeviceInfoLike[] {
  const [devices, setDevices] = useState<readonly DeviceInfoLike[]>([]);

  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (media === undefined || typeof media.enumerateDevices !== 'function') return;
    let current = true;
    const read = () => {
      media.enumerateDevices().then(
        (list) => {
          if (current) setDevices(list.map(({ deviceId, kind, label }) => ({ deviceId, kind, label })));
        },
        // Without a list the pickers stay hidden; the test itself still runs on the default device.
        () => undefined,
      );
    };
    read();
    media.addEventListener('devicechange', read);
    return () => {
      current = false;
      media.removeEventListener('devicechange', read);
    };
  }, [refresh]);

  return devices;
}
