import { describe, expect, it } from 'vitest';
import { chosenOption, deviceOptions, type DeviceInfoLike } from './deviceOptions';

const device = (kind: string, deviceId: string, label = ''): DeviceInfoLike => ({ kind, deviceId, label });

describe('deviceOptions', () => {
  const devices = [
    device('audioinput', 'default', 'Default - Headset'),
    device('videoinput', 'cam-1', 'Camera'),
    device('audioinput', 'mic-1', '  Headset  '),
    device('audiooutput', 'default', 'Default - Speakers'),
    device('audioinput', 'mic-2'),
    device('audioinput', 'mic-1', 'Headset again'),
    device('audiooutput', 'spk-1', 'Speakers'),
  ];

  it('keeps one kind, in order, each id once, numbering them', () => {
    expect(deviceOptions(devices, 'audioinput')).toEqual([
      { id: 'default', label: 'Default - Headset', number: 1 },
      { id: 'mic-1', label: 'Headset', number: 2 },
      { id: 'mic-2', label: null, number: 3 },
    ]);
    expect(deviceOptions(devices, 'audiooutput').map((option) => option.id)).toEqual(['default', 'spk-1']);
  });

  it('leaves out the anonymous entries a browser lists before permission', () => {
    expect(deviceOptions([device('audioinput', ''), device('audioinput', '')], 'audioinput')).toEqual([]);
  });
});

describe('chosenOption', () => {
  const options = deviceOptions([device('audioinput', 'a', 'A'), device('audioinput', 'b', 'B')], 'audioinput');

  it('prefers the device in use, then the remembered one, then the first', () => {
    expect(chosenOption(options, 'b', 'a')).toBe('b');
    expect(chosenOption(options, null, 'b')).toBe('b');
    expect(chosenOption(options, null, null)).toBe('a');
  });

  it('does not show a device that is gone as chosen', () => {
    expect(chosenOption(options, 'gone', 'also-gone')).toBe('a');
    expect(chosenOption([], 'a', 'b')).toBe('');
  });
});
