import { describe, expect, it } from 'vitest';
import {
  INITIAL_DEVICE_TEST_STATE,
  MIC_PHASES,
  MIC_TRANSITIONS,
  TONE_PHASES,
  TONE_TRANSITIONS,
  cameraActive,
  cameraProblemEvent,
  classifyMicError,
  deviceTestReducer,
  micActive,
  micProblemEvent,
  type DeviceTestEvent,
  type DeviceTestState,
} from './deviceTestMachine';

const run = (events: readonly DeviceTestEvent[], from: DeviceTestState = INITIAL_DEVICE_TEST_STATE) => events.reduce(deviceTestReducer, from);
const domError = (name: string) => Object.assign(new Error(name), { name });

describe('device test machine: tables', () => {
  it('has a row for every phase and only targets known phases', () => {
    expect(Object.keys(MIC_TRANSITIONS).sort()).toEqual([...MIC_PHASES].sort());
    for (const row of Object.values(MIC_TRANSITIONS)) for (const target of Object.values(row)) expect(MIC_PHASES).toContain(target);
    expect(Object.keys(TONE_TRANSITIONS).sort()).toEqual([...TONE_PHASES].sort());
    for (const row of Object.values(TONE_TRANSITIONS)) for (const target of Object.values(row)) expect(TONE_PHASES).toContain(target);
  });

  it('every phase can be left: stop returns the microphone and the tone to idle', () => {
    for (const phase of MIC_PHASES) if (phase !== 'idle') expect(MIC_TRANSITIONS[phase].MIC_STOP).toBe('idle');
    for (const phase of TONE_PHASES) if (phase !== 'idle') expect(TONE_TRANSITIONS[phase].TONE_STOP).toBe('idle');
  });
});

describe('device test machine: microphone', () => {
  it('requests, then measures on the device the browser opened', () => {
    const requesting = run([{ type: 'MIC_REQUEST', deviceId: 'mic-2' }]);
    expect(requesting.mic).toEqual({ phase: 'requesting', request: 1, wantedDeviceId: 'mic-2', deviceId: null, problem: null });
    expect(micActive(requesting.mic)).toBe(true);
    const measuring = deviceTestReducer(requesting, { type: 'MIC_GRANTED', request: 1, deviceId: 'mic-2' });
    expect(measuring.mic).toMatchObject({ phase: 'measuring', deviceId: 'mic-2' });
    expect(micActive(measuring.mic)).toBe(true);
    // The tone is untouched by microphone events.
    expect(measuring.tone).toBe(INITIAL_DEVICE_TEST_STATE.tone);
  });

  it('a refusal is its own phase with the "denied" problem; other problems fail', () => {
    const refused = run([{ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_REFUSED', request: 1 }]);
    expect(refused.mic).toMatchObject({ phase: 'refused', problem: 'denied' });
    expect(micActive(refused.mic)).toBe(false);
    for (const problem of ['noDevice', 'busy', 'unsupported', 'unknown'] as const) {
      const failed = run([{ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_FAILED', request: 1, problem }]);
      expect(failed.mic).toMatchObject({ phase: 'failed', problem });
    }
  });

  it('testing again (or another device) makes a new request and clears the problem', () => {
    const refused = run([{ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_REFUSED', request: 1 }]);
    const again = deviceTestReducer(refused, { type: 'MIC_REQUEST', deviceId: null });
    expect(again.mic).toMatchObject({ phase: 'requesting', request: 2, problem: null });
    const measuring = deviceTestReducer(again, { type: 'MIC_GRANTED', request: 2, deviceId: 'default' });
    const switched = deviceTestReducer(measuring, { type: 'MIC_REQUEST', deviceId: 'mic-3' });
    expect(switched.mic).toMatchObject({ phase: 'requesting', request: 3, wantedDeviceId: 'mic-3', deviceId: null });
  });

  it('ignores the answer to a request that was replaced or stopped', () => {
    const replaced = run([
      { type: 'MIC_REQUEST', deviceId: 'a' },
      { type: 'MIC_REQUEST', deviceId: 'b' },
    ]);
    expect(deviceTestReducer(replaced, { type: 'MIC_GRANTED', request: 1, deviceId: 'a' })).toBe(replaced);
    expect(deviceTestReducer(replaced, { type: 'MIC_REFUSED', request: 1 })).toBe(replaced);
    expect(deviceTestReducer(replaced, { type: 'MIC_FAILED', request: 1, problem: 'busy' })).toBe(replaced);

    const stopped = deviceTestReducer(replaced, { type: 'MIC_STOP' });
    expect(stopped.mic.phase).toBe('idle');
    expect(deviceTestReducer(stopped, { type: 'MIC_GRANTED', request: 2, deviceId: 'b' })).toBe(stopped);
  });

  it('a track that ends while measuring fails the test', () => {
    const measuring = run([{ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_GRANTED', request: 1, deviceId: 'default' }]);
    const failed = deviceTestReducer(measuring, { type: 'MIC_FAILED', request: 1, problem: 'noDevice' });
    expect(failed.mic).toMatchObject({ phase: 'failed', problem: 'noDevice', deviceId: null });
  });

  it('ignores events a phase does not list (same object)', () => {
    expect(deviceTestReducer(INITIAL_DEVICE_TEST_STATE, { type: 'MIC_STOP' })).toBe(INITIAL_DEVICE_TEST_STATE);
    expect(deviceTestReducer(INITIAL_DEVICE_TEST_STATE, { type: 'MIC_GRANTED', request: 0, deviceId: null })).toBe(INITIAL_DEVICE_TEST_STATE);
    const measuring = run([{ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_GRANTED', request: 1, deviceId: null }]);
    expect(deviceTestReducer(measuring, { type: 'MIC_REFUSED', request: 1 })).toBe(measuring);
  });
});

describe('device test machine: speaker tone', () => {
  it('plays, asks, and records the answer', () => {
    const playing = run([{ type: 'TONE_PLAY' }]);
    expect(playing.tone).toEqual({ phase: 'playing', play: 1, heard: null });
    const asked = deviceTestReducer(playing, { type: 'TONE_ENDED', play: 1 });
    expect(asked.tone.phase).toBe('asked');
    const heard = deviceTestReducer(asked, { type: 'TONE_ANSWER', heard: true });
    expect(heard.tone).toEqual({ phase: 'idle', play: 1, heard: true });
    expect(heard.mic).toBe(INITIAL_DEVICE_TEST_STATE.mic);
  });

  it('playing again forgets the last answer; "no" can be followed by another try', () => {
    const notHeard = run([{ type: 'TONE_PLAY' }, { type: 'TONE_ENDED', play: 1 }, { type: 'TONE_ANSWER', heard: false }]);
    expect(notHeard.tone.heard).toBe(false);
    const again = deviceTestReducer(notHeard, { type: 'TONE_PLAY' });
    expect(again.tone).toEqual({ phase: 'playing', play: 2, heard: null });
    const replayed = run([{ type: 'TONE_PLAY' }, { type: 'TONE_ENDED', play: 1 }, { type: 'TONE_PLAY' }]);
    expect(replayed.tone).toMatchObject({ phase: 'playing', play: 2 });
  });

  it('an answer only counts when asked; a failed tone can be played again', () => {
    const playing = run([{ type: 'TONE_PLAY' }]);
    expect(deviceTestReducer(playing, { type: 'TONE_ANSWER', heard: true })).toBe(playing);
    const failed = deviceTestReducer(playing, { type: 'TONE_FAILED', play: 1 });
    expect(failed.tone.phase).toBe('failed');
    expect(deviceTestReducer(failed, { type: 'TONE_PLAY' }).tone.phase).toBe('playing');
  });

  it('ignores the end of a tone that was stopped or replaced', () => {
    const stopped = run([{ type: 'TONE_PLAY' }, { type: 'TONE_STOP' }]);
    expect(stopped.tone.phase).toBe('idle');
    expect(deviceTestReducer(stopped, { type: 'TONE_ENDED', play: 1 })).toBe(stopped);
    const replayed = run([{ type: 'TONE_PLAY' }, { type: 'TONE_STOP' }, { type: 'TONE_PLAY' }]);
    expect(deviceTestReducer(replayed, { type: 'TONE_ENDED', play: 1 })).toBe(replayed);
    expect(deviceTestReducer(replayed, { type: 'TONE_FAILED', play: 1 })).toBe(replayed);
  });
});

describe('device test machine: camera', () => {
  it('opens only when asked, previews, fails or is refused, and is asked again', () => {
    expect(INITIAL_DEVICE_TEST_STATE.camera.phase).toBe('idle');
    const previewing = run([{ type: 'CAM_REQUEST', deviceId: 'c1' }, { type: 'CAM_GRANTED', request: 1, deviceId: 'c1' }]);
    expect(previewing.camera).toEqual({ phase: 'previewing', request: 1, wantedDeviceId: 'c1', deviceId: 'c1', problem: null });
    expect(cameraActive(previewing.camera)).toBe(true);
    // Unplugged while previewing.
    const failed = deviceTestReducer(previewing, { type: 'CAM_FAILED', request: 1, problem: 'noDevice' });
    expect(failed.camera).toMatchObject({ phase: 'failed', problem: 'noDevice', deviceId: null });
    const refused = run([{ type: 'CAM_REQUEST', deviceId: null }, { type: 'CAM_REFUSED', request: 1 }]);
    expect(refused.camera).toMatchObject({ phase: 'refused', problem: 'denied' });
    expect(deviceTestReducer(refused, { type: 'CAM_REQUEST', deviceId: 'c2' }).camera).toMatchObject({ phase: 'requesting', request: 2, wantedDeviceId: 'c2', problem: null });
    // The microphone's state is its own.
    expect(previewing.mic).toBe(INITIAL_DEVICE_TEST_STATE.mic);
  });

  it('ignores an answer to a request that was stopped or replaced', () => {
    const stopped = run([{ type: 'CAM_REQUEST', deviceId: null }, { type: 'CAM_STOP' }]);
    expect(stopped.camera.phase).toBe('idle');
    expect(deviceTestReducer(stopped, { type: 'CAM_GRANTED', request: 1, deviceId: 'c1' })).toBe(stopped);
    const replaced = run([{ type: 'CAM_REQUEST', deviceId: 'c1' }, { type: 'CAM_REQUEST', deviceId: 'c2' }]);
    expect(deviceTestReducer(replaced, { type: 'CAM_GRANTED', request: 1, deviceId: 'c1' })).toBe(replaced);
    expect(cameraProblemEvent(domError('NotAllowedError'), 3)).toEqual({ type: 'CAM_REFUSED', request: 3 });
    expect(cameraProblemEvent(domError('NotFoundError'), 3)).toEqual({ type: 'CAM_FAILED', request: 3, problem: 'noDevice' });
  });
});

describe('device test machine: hiding', () => {
  it('stops the microphone, the tone and the camera together', () => {
    const busy = run([{ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_GRANTED', request: 1, deviceId: 'x' }, { type: 'TONE_PLAY' }, { type: 'CAM_REQUEST', deviceId: null }]);
    const hidden = deviceTestReducer(busy, { type: 'HIDE' });
    expect(hidden.mic).toMatchObject({ phase: 'idle', deviceId: null, request: 1 });
    expect(hidden.tone).toMatchObject({ phase: 'idle', play: 1 });
    expect(hidden.camera).toMatchObject({ phase: 'idle', request: 1 });
    expect(deviceTestReducer(hidden, { type: 'HIDE' })).toBe(hidden);
  });
});

describe('microphone errors', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['NotFoundError', 'noDevice'],
    ['DevicesNotFoundError', 'noDevice'],
    ['OverconstrainedError', 'noDevice'],
    ['NotReadableError', 'busy'],
    ['TrackStartError', 'busy'],
    ['AbortError', 'busy'],
    ['NotSupportedError', 'unsupported'],
    ['TypeError', 'unknown'],
    ['toString', 'unknown'],
  ])('%s is %s', (name, problem) => {
    expect(classifyMicError(domError(name))).toBe(problem);
  });

  it('anything without a name is unknown', () => {
    for (const value of [undefined, null, 'NotAllowedError', 42, {}, { name: 7 }]) expect(classifyMicError(value)).toBe('unknown');
  });

  it('gives the result event for the request', () => {
    expect(micProblemEvent(domError('NotAllowedError'), 4)).toEqual({ type: 'MIC_REFUSED', request: 4 });
    expect(micProblemEvent(domError('NotReadableError'), 5)).toEqual({ type: 'MIC_FAILED', request: 5, problem: 'busy' });
  });
});
