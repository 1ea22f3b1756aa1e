import { describe, expect, it } from 'vitest';
import en_us from '../../i18n/locales/en_us.json';
import enInteractions from '../../i18n/locales/interactions/en_us.json';
import zhInteractions from '../../i18n/locales/interactions/zh_cn.json';
import { renderStatic } from '../../ui/staticRender';
import { deviceOptions } from './deviceOptions';
import { INITIAL_DEVICE_TEST_STATE, MIC_PROBLEMS, deviceTestReducer, type DeviceTestEvent, type DeviceTestState } from './deviceTestMachine';
import { DeviceTestView, type DeviceTestViewProps } from './DeviceTestView';

const noop = () => undefined;
const state = (...events: DeviceTestEvent[]): DeviceTestState => events.reduce(deviceTestReducer, INITIAL_DEVICE_TEST_STATE);

function render(props: Partial<DeviceTestViewProps>, lng: 'en_us' | 'zh_cn' = 'en_us'): string {
  const full: DeviceTestViewProps = {
    state: INITIAL_DEVICE_TEST_STATE,
    level: 0,
    inputs: [],
    chosenInput: '',
    outputs: null,
    chosenOutput: '',
    onTestMicrophone: noop,
    onChooseInput: noop,
    onChooseOutput: noop,
    onPlayTone: noop,
    onAnswer: noop,
    cameras: [],
    chosenCamera: '',
    onTestCamera: noop,
    onStopCamera: noop,
    onChooseCamera: noop,
    cameraPreview: noop,
    ...props,
  };
  return renderStatic(<DeviceTestView {...full} />, { lng });
}

const measuring = state({ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_GRANTED', request: 1, deviceId: 'b' });

describe('DeviceTestView: microphone', () => {
  it('while asking: a status, no meter, no retry button', () => {
    const html = render({ state: state({ type: 'MIC_REQUEST', deviceId: null }) });
    expect(html).toContain('data-state="requesting"');
    expect(html).toContain('Asking for access to the microphone');
    expect(html).not.toContain('role="meter"');
    expect(html).not.toContain('Test again');
  });

  it('while measuring: a meter with the level, and the device picker on the device in use', () => {
    const inputs = deviceOptions(
      [
        { kind: 'audioinput', deviceId: 'a', label: 'Headset' },
        { kind: 'audioinput', deviceId: 'b', label: '' },
      ],
      'audioinput',
    );
    const html = render({ state: measuring, level: 42, inputs, chosenInput: 'b' });
    expect(html).toMatch(/role="meter" aria-label="Microphone level" aria-valuemin="0" aria-valuemax="100" aria-valuenow="42"/);
    expect(html).toContain('scaleX(0.42)');
    expect(html).toContain('<option value="a">Headset</option>');
    // An unnamed device gets a numbered name; the one in use is selected.
    expect(html).toContain('<option value="b" selected="">Microphone 2</option>');
  });

  it.each(MIC_PROBLEMS.map((problem) => [problem]))('problem %s: the SPEC 8 message, its own hint and "test again"', (problem) => {
    const failed =
      problem === 'denied'
        ? state({ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_REFUSED', request: 1 })
        : state({ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_FAILED', request: 1, problem });
    const html = render({ state: failed });
    expect(html).toContain('role="alert"');
    expect(html).toContain(en_us.error.microphoneAbnormal);
    expect(html).toContain(enInteractions.deviceTest.problem[problem].replaceAll("'", '&#x27;'));
    expect(html).toContain('Test again');
    expect(html).not.toContain('role="meter"');
  });

  it('each problem has a hint of its own', () => {
    expect(new Set(MIC_PROBLEMS.map((problem) => enInteractions.deviceTest.problem[problem])).size).toBe(MIC_PROBLEMS.length);
  });

  it('the message follows the language', () => {
    const html = render({ state: state({ type: 'MIC_REQUEST', deviceId: null }, { type: 'MIC_REFUSED', request: 1 }) }, 'zh_cn');
    expect(html).toContain('麦克风已禁用或异常');
    expect(html).toContain(zhInteractions.deviceTest.problem.denied);
  });

  it('stopped (page hidden): says so and offers to test', () => {
    const html = render({ state: deviceTestReducer(measuring, { type: 'HIDE' }) });
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('The microphone test is paused.');
    expect(html).toContain('>Test microphone</button>');
  });
});

describe('DeviceTestView: speaker', () => {
  it('offers the tone; no output picker where outputs cannot be chosen', () => {
    const html = render({ outputs: null });
    expect(html).toContain('>Play test tone</button>');
    expect(html).not.toContain('Output device');
  });

  it('shows the output picker where they can', () => {
    const outputs = deviceOptions([{ kind: 'audiooutput', deviceId: 'default', label: 'Default' }], 'audiooutput');
    expect(render({ outputs, chosenOutput: 'default' })).toContain('Output device');
  });

  it('while playing: the play button is disabled', () => {
    const html = render({ state: state({ type: 'TONE_PLAY' }) });
    expect(html).toContain('data-state="playing"');
    expect(html).toMatch(/<button type="button" class="button" disabled="">Play again<\/button>/);
  });

  it('after the tone: asks whether it was heard', () => {
    const html = render({ state: state({ type: 'TONE_PLAY' }, { type: 'TONE_ENDED', play: 1 }) });
    expect(html).toContain('data-state="asked"');
    expect(html).toContain('Did you hear the tone?');
    expect(html).toContain('>Yes</button>');
    expect(html).toContain('>No</button>');
  });

  it('shows the answer: works, or what to check', () => {
    const asked = [{ type: 'TONE_PLAY' }, { type: 'TONE_ENDED', play: 1 }] as const;
    expect(render({ state: state(...asked, { type: 'TONE_ANSWER', heard: true }) })).toContain('Your speaker works.');
    expect(render({ state: state(...asked, { type: 'TONE_ANSWER', heard: false }) })).toContain('Check the volume');
  });

  it('a tone that could not play says so', () => {
    const html = render({ state: state({ type: 'TONE_PLAY' }, { type: 'TONE_FAILED', play: 1 }) });
    expect(html).toContain('The test tone could not be played on this device.');
  });
});

describe('DeviceTestView: camera', () => {
  it('not opened until asked for: says what it is for and offers the test', () => {
    const html = render({});
    expect(html).toContain('data-testid="device-test-camera" data-state="idle"');
    expect(html).toContain('Video connect-mic uses the camera chosen here.');
    expect(html).toContain('Test the camera');
    expect(html).not.toContain('<video');
  });

  it('while asking and previewing: the preview, a way to turn it off, the camera picker on the device in use', () => {
    expect(render({ state: state({ type: 'CAM_REQUEST', deviceId: null }) })).toContain('Asking to use the camera');
    const cameras = deviceOptions(
      [
        { deviceId: 'c1', kind: 'videoinput', label: 'Front' },
        { deviceId: 'c2', kind: 'videoinput', label: '' },
        { deviceId: 'm1', kind: 'audioinput', label: 'Mic' },
      ],
      'videoinput',
    );
    const html = render({ state: state({ type: 'CAM_REQUEST', deviceId: 'c2' }, { type: 'CAM_GRANTED', request: 1, deviceId: 'c2' }), cameras, chosenCamera: 'c2' });
    expect(html).toContain('<video');
    expect(html).toContain('aria-label="Camera picture"');
    expect(html).toContain('Turn the camera off');
    expect(html).toContain('<option value="c2" selected="">Camera 2</option>');
    expect(html).not.toContain('>Mic<');
  });

  it('a refused camera says so, with its own hint, and offers to test again', () => {
    const html = render({ state: state({ type: 'CAM_REQUEST', deviceId: null }, { type: 'CAM_REFUSED', request: 1 }) }, 'zh_cn');
    expect(html).toContain('摄像头被禁用或异常');
    expect(html).toContain('摄像头权限被拒绝');
    expect(html).toContain('重新检测');
    expect(html).not.toContain('<video');
  });
});

