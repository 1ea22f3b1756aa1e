/**
 * What the device test dialog shows for a state of the test: the microphone part (device
 * picker, level meter or the reason it cannot be tested), the speaker part (output
 * picker, tone, "did you hear it?") and the camera part (picker, a preview once asked for:
 * video connect-mic takes this camera). No effects here: DeviceTestPanel owns the devices.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { TFunction } from 'i18next';
import { CLIENT_MESSAGE_KEYS } from '../../domain/errorCatalogue';
import type { DeviceOption } from './deviceOptions';
import { cameraActive, micActive, type DeviceTestState, type MicProblem } from './deviceTestMachine';

export interface DeviceTestViewProps {
  readonly state: DeviceTestState;
  /** The meter's level 0..100 while measuring. */
  readonly level: number;
  readonly inputs: readonly DeviceOption[];
  readonly chosenInput: string;
  /** Null when the browser cannot send audio to a chosen output (no setSinkId). */
  readonly outputs: readonly DeviceOption[] | null;
  readonly chosenOutput: string;
  readonly onTestMicrophone: () => void;
  readonly onChooseInput: (deviceId: string) => void;
  readonly onChooseOutput: (deviceId: string) => void;
  readonly onPlayTone: () => void;
  readonly onAnswer: (heard: boolean) => void;
  readonly cameras: readonly DeviceOption[];
  readonly chosenCamera: string;
  readonly onTestCamera: () => void;
  readonly onStopCamera: () => void;
  readonly onChooseCamera: (deviceId: string) => void;
  /** Where the panel shows the camera's picture (a ref callback for the preview's video element). */
  readonly cameraPreview: (video: HTMLVideoElement | null) => void;
}

function problemHint(t: TFunction, problem: MicProblem, device: 'problem' | 'cameraProblem' = 'problem'): string {
  switch (problem) {
    case 'denied':
      return t(`deviceTest.${device}.denied`);
    case 'noDevice':
      return t(`deviceTest.${device}.noDevice`);
    case 'busy':
      return t(`deviceTest.${device}.busy`);
    case 'unsupported':
      return t(`deviceTest.${device}.unsupported`);
    case 'unknown':
      return t(`deviceTest.${device}.unknown`);
  }
}

interface DevicePickerProps {
  readonly label: string;
  readonly options: readonly DeviceOption[];
  readonly value: string;
  readonly unnamed: (number: number) => string;
  readonly onChoose: (deviceId: string) => void;
}

function DevicePicker({ label, options, value, unnamed, onChoose }: DevicePickerProps) {
  return (
    <label className="device-test__picker">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChoose(event.target.value)}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label ?? unnamed(option.number)}
          </option>
        ))}
      </select>
    </label>
  );
}

function MicrophonePart({ state, level, inputs, chosenInput, onTestMicrophone, onChooseInput }: DeviceTestViewProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const headingId = useId();
  const { mic } = state;
  return (
    <section className="device-test__part" aria-labelledby={headingId} data-testid="device-test-microphone" data-state={mic.phase}>
      <h3 id={headingId}>{t('deviceTest.microphone')}</h3>
      {inputs.length > 0 && (
        <DevicePicker
          label={t('deviceTest.microphoneDevice')}
          options={inputs}
          value={chosenInput}
          unnamed={(number) => t('deviceTest.unnamedMicrophone', { number })}
          onChoose={onChooseInput}
        />
      )}
      {mic.phase === 'requesting' && <p role="status">{t('deviceTest.requesting')}</p>}
      {mic.phase === 'measuring' && (
        <>
          <div
            className="device-test__meter"
            role="meter"
            aria-label={t('deviceTest.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            data-level={level}
          >
            <div className="device-test__meter-bar" style={{ transform: `scaleX(${level / 100})` }} />
          </div>
          <p className="device-test__hint">{t('deviceTest.speakHint')}</p>
        </>
      )}
      {mic.problem !== null && (
        <div className="device-test__problem" role="alert">
          <p className="device-test__problem-message">{t(CLIENT_MESSAGE_KEYS.microphoneAbnormal)}</p>
          <p className="device-test__hint">{problemHint(t, mic.problem)}</p>
        </div>
      )}
      {mic.phase === 'idle' && <p className="device-test__hint">{t('deviceTest.stopped')}</p>}
      {!micActive(mic) && (
        <button type="button" className="button" onClick={onTestMicrophone}>
          {mic.phase === 'idle' ? t('deviceTest.start') : t('deviceTest.retry')}
        </button>
      )}
    </section>
  );
}

function SpeakerPart({ state, outputs, chosenOutput, onChooseOutput, onPlayTone, onAnswer }: DeviceTestViewProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const headingId = useId();
  const questionId = useId();
  const { tone } = state;
  return (
    <section className="device-test__part" aria-labelledby={headingId} data-testid="device-test-speaker" data-state={tone.phase}>
      <h3 id={headingId}>{t('deviceTest.speaker')}</h3>
      {outputs !== null && outputs.length > 0 && (
        <DevicePicker
          label={t('deviceTest.outputDevice')}
          options={outputs}
          value={chosenOutput}
          unnamed={(number) => t('deviceTest.unnamedSpeaker', { number })}
          onChoose={onChooseOutput}
        />
      )}
      {tone.phase === 'playing' && <p role="status">{t('deviceTest.playing')}</p>}
      {tone.phase === 'asked' && (
        <div className="device-test__question" role="group" aria-labelledby={questionId}>
          <p id={questionId}>{t('deviceTest.question')}</p>
          <button type="button" className="button button--primary" onClick={() => onAnswer(true)}>
            {t('deviceTest.yes')}
          </button>
          <button type="button" className="button" onClick={() => onAnswer(false)}>
            {t('deviceTest.no')}
          </button>
        </div>
      )}
      {tone.phase === 'idle' && tone.heard !== null && (
        <p role="status" className={tone.heard ? 'device-test__ok' : 'device-test__hint'}>
          {tone.heard ? t('deviceTest.heard') : t('deviceTest.notHeard')}
        </p>
      )}
      {tone.phase === 'failed' && (
        <p role="alert" className="device-test__problem-message">
          {t('deviceTest.toneFailed')}
        </p>
      )}
      <button type="button" className="button" onClick={onPlayTone} disabled={tone.phase === 'playing'}>
        {tone.play === 0 ? t('deviceTest.play') : t('deviceTest.playAgain')}
      </button>
    </section>
  );
}

function CameraPart({ state, cameras, chosenCamera, onTestCamera, onStopCamera, onChooseCamera, cameraPreview }: DeviceTestViewProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const headingId = useId();
  const { camera } = state;
  return (
    <section className="device-test__part" aria-labelledby={headingId} data-testid="device-test-camera" data-state={camera.phase}>
      <h3 id={headingId}>{t('deviceTest.camera')}</h3>
      {cameras.length > 0 && (
        <DevicePicker label={t('deviceTest.cameraDevice')} options={cameras} value={chosenCamera} unnamed={(number) => t('deviceTest.unnamedCamera', { number })} onChoose={onChooseCamera} />
      )}
      {camera.phase === 'requesting' && <p role="status">{t('deviceTest.cameraRequesting')}</p>}
      {cameraActive(camera) && <video ref={cameraPreview} className="device-test__preview" aria-label={t('deviceTest.cameraPreview')} muted playsInline autoPlay />}
      {camera.problem !== null && (
        <div className="device-test__problem" role="alert">
          <p className="device-test__problem-message">{t('deviceTest.cameraAbnormal')}</p>
          <p className="device-test__hint">{problemHint(t, camera.problem, 'cameraProblem')}</p>
        </div>
      )}
      {camera.phase === 'idle' && <p className="device-test__hint">{t('deviceTest.cameraHint')}</p>}
      {cameraActive(camera) ? (
        <button type="button" className="button" onClick={onStopCamera}>
          {t('deviceTest.cameraStop')}
        </button>
      ) : (
        <button type="button" className="button" onClick={onTestCamera}>
          {camera.phase === 'idle' ? t('deviceTest.cameraStart') : t('deviceTest.retry')}
        </button>
      )}
    </section>
  );
}

export function DeviceTestView(props: DeviceTestViewProps) {
  return (
    <div className="device-test__parts">
      <MicrophonePart {...props} />
      <SpeakerPart {...props} />
      <CameraPart {...props} />
    </div>
  );
}
