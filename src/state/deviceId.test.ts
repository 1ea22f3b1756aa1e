import { describe, expect, it } from 'vitest';
import { DEVICE_ID_KEY, loadDeviceId, type DeviceIdStorage } from './deviceId';

const counter = () => {
  let n = 0;
  return (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (n++ * 7) % 62;
  };
};

const memory = (initial: Record<string, string> = {}): DeviceIdStorage & { data: Record<string, string> } => {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
};

describe('loadDeviceId', () => {
  it('makes an id once and keeps it for the next page', () => {
    const storage = memory();
    const first = loadDeviceId(storage, counter());
    expect(first).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(storage.data[DEVICE_ID_KEY]).toBe(first);
    expect(loadDeviceId(storage, () => { throw new Error('no new id wanted'); })).toBe(first);
  });

  it('replaces a stored value that is not of the server\'s form', () => {
    const storage = memory({ [DEVICE_ID_KEY]: 'short' });
    const id = loadDeviceId(storage, counter());
    expect(id).not.toBe('short');
    expect(storage.data[DEVICE_ID_KEY]).toBe(id);
  });

  it('still gives an id when storage throws', () => {
    const blocked: DeviceIdStorage = {
      getItem: () => { throw new Error('blocked'); },
      setItem: () => { throw new Error('blocked'); },
    };
    expect(loadDeviceId(blocked, counter())).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(loadDeviceId(null, counter())).toMatch(/^[0-9A-Za-z]{32}$/);
  });
});
