/**
 * The device test's working part, mounted only while the dialog is open: it opens the
 * microphone as soon as it appears, drives the machine of deviceTestMachine.ts from the
 * browser's answers, and releases the microphone and the audio contexts when the machine
 * leaves a phase that needs them, when the page is hidden and when it unmounts.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { chosenOption, deviceOptions } from './deviceOptions';
import { DeviceTestView } from './DeviceTestView';
import { INITIAL_DEVICE_TEST_STATE, deviceTestReducer, micActive, micProblemEvent } from './deviceTestMachine';
import { openMicrophone, type MicrophoneTest } from './microphone';
import { outputChoiceSupported, playTestTone, type TestTone } from './tone';
import { useAudioDevices } from './useAudioDevices';

/** The level of one microphone request: a level left from an earlier request is not shown. */
interface MeasuredLevel {
  readonly request: number;
  readonly level: number;
}

export function DeviceTestPanel() {
  const [state, dispatch] = useReducer(deviceTestReducer, INITIAL_DEVICE_TEST_STATE);
  const { microphoneDeviceId } = useSnapshot(session);
  const [measured, setMeasured] = useState<MeasuredLevel>({ request: 0, level: 0 });
  const [outputId, setOutputId] = useState<string | null>(null);
  const microphone = useRef<MicrophoneTest | null>(null);

  const { phase: micPhase, request, wantedDeviceId, deviceId: micDeviceId } = state.mic;
  const micOpen = micActive(state.mic);
  const { phase: tonePhase, play } = state.tone;

  // Opening the dialog is the viewer asking for the test: start with the remembered device.
  useEffect(() => {
    dispatch({ type: 'MIC_REQUEST', deviceId: session.microphoneDeviceId });
  }, []);

  useEffect(() => {
    if (!micOpen) return;
    let current = true;
    let opened: MicrophoneTest | null = null;
    openMicrophone(wantedDeviceId, {
      onLevel: (level) => {
        if (current) setMeasured({ request, level });
      },
      onEnded: () => {
        if (current) dispatch({ type: 'MIC_FAILED', request, problem: 'noDevice' });
      },
    }).then(
      (test) => {
        // Stopped or replaced while the browser was asking: release what it gave at once.
        if (!current) {
          test.stop();
          return;
        }
        opened = test;
        microphone.current = test;
        dispatch({ type: 'MIC_GRANTED', request, deviceId: test.deviceId });
      },
      (error: unknown) => {
        if (current) dispatch(micProblemEvent(error, request));
      },
    );
    return () => {
      current = false;
      opened?.stop();
      if (microphone.current === opened) microphone.current = null;
    };
  }, [micOpen, request, wantedDeviceId]);

  useEffect(() => {
    if (tonePhase !== 'playing') return;
    let current = true;
    let tone: TestTone | null = null;
    playTestTone(outputId, () => {
      if (current) dispatch({ type: 'TONE_ENDED', play });
    }).then(
      (started) => {
        if (current) tone = started;
        else started.stop();
      },
      () => {
        if (current) dispatch({ type: 'TONE_FAILED', play });
      },
    );
    return () => {
      current = false;
      tone?.stop();
    };
  }, [tonePhase, play, outputId]);

  // A hidden page must not keep the microphone (its indicator stays on) or a tone running.
  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) dispatch({ type: 'HIDE' });
    };
    const onPageHide = () => dispatch({ type: 'HIDE' });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  // Labels and ids are listed only once the permission is granted: read them again then.
  const devices = useAudioDevices(micPhase === 'measuring' ? request : 0);
  const inputs = useMemo(() => deviceOptions(devices, 'audioinput'), [devices]);
  const outputs = useMemo(() => (outputChoiceSupported() ? deviceOptions(devices, 'audiooutput') : null), [devices]);

  const chooseInput = useCallback((deviceId: string) => {
    session.microphoneDeviceId = deviceId;
    dispatch({ type: 'MIC_REQUEST', deviceId });
  }, []);

  return (
    <div
      className="device-test__body"
      // Browsers that hold audio back until a gesture get one here.
      onPointerDown={() => microphone.current?.resume()}
    >
      <DeviceTestView
        state={state}
        level={measured.request === request ? measured.level : 0}
        inputs={inputs}
        chosenInput={chosenOption(inputs, micDeviceId ?? wantedDeviceId, microphoneDeviceId)}
        outputs={outputs}
        chosenOutput={outputs === null ? '' : chosenOption(outputs, outputId, null)}
        onTestMicrophone={() => dispatch({ type: 'MIC_REQUEST', deviceId: session.microphoneDeviceId })}
        onChooseInput={chooseInput}
        onChooseOutput={setOutputId}
        onPlayTone={() => dispatch({ type: 'TONE_PLAY' })}
        onAnswer={(heard) => dispatch({ type: 'TONE_ANSWER', heard })}
      />
    </div>
  );
}
