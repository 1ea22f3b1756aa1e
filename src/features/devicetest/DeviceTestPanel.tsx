/**
 * The device test's working part, mounted only while the dialog is open: it opens the
 * microphone as soon as it appears (the camera only when asked for), drives the machine of
 * deviceTestMachine.ts from the browser's answers, and releases the microphone, the camera
 * and the audio contexts when the machine leaves a phase that needs them, when the page is
 * hidden and when it unmounts. The devices chosen are remembered for connect-mic.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { chosenOption, deviceOptions } from './deviceOptions';
import { DeviceTestView } from './DeviceTestView';
import { openCameraStream } from '../../ui/microphoneStream';
import { INITIAL_DEVICE_TEST_STATE, cameraActive, cameraProblemEvent, deviceTestReducer, micActive, micProblemEvent } from './deviceTestMachine';
import { openMicrophone, type MicrophoneTest } from './microphone';
import { outputChoiceSupported, playTestTone, type TestTone } from './tone';
import { useMediaDevices } from './useMediaDevices';

/** The level of one microphone request: a level left from an earlier request is not shown. */
interface MeasuredLevel {
  readonly request: number;
  readonly level: number;
}

export function DeviceTestPanel() {
  const [state, dispatch] = useReducer(deviceTestReducer, INITIAL_DEVICE_TEST_STATE);
  const { microphoneDeviceId, cameraDeviceId } = useSnapshot(session);
  const [measured, setMeasured] = useState<MeasuredLevel>({ request: 0, level: 0 });
  const [outputId, setOutputId] = useState<string | null>(null);
  const microphone = useRef<MicrophoneTest | null>(null);

  const { phase: micPhase, request, wantedDeviceId, deviceId: micDeviceId } = state.mic;
  const micOpen = micActive(state.mic);
  const { phase: tonePhase, play } = state.tone;
  const { request: cameraRequest, wantedDeviceId: wantedCamera, deviceId: cameraInUse } = state.camera;
  const cameraOpen = cameraActive(state.camera);
  const cameraStream = useRef<MediaStream | null>(null);
  const previewElement = useRef<HTMLVideoElement | null>(null);
  const cameraPreview = useCallback((video: HTMLVideoElement | null) => {
    previewElement.current = video;
    if (video !== null) video.srcObject = cameraStream.current;
  }, []);

  useEffect(() => {
    if (!cameraOpen) return;
    let current = true;
    let opened: MediaStream | null = null;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const opening =
      media === undefined || typeof media.getUserMedia !== 'function'
        ? Promise.reject(new DOMException('The camera cannot be used on this page.', 'NotSupportedError'))
        : openCameraStream(media, wantedCamera);
    opening.then(
      (stream) => {
        // Stopped or replaced while the browser was asking: release what it gave at once.
        if (!current) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        opened = stream;
        cameraStream.current = stream;
        if (previewElement.current !== null) previewElement.current.srcObject = stream;
        const [track] = stream.getVideoTracks();
        track?.addEventListener('ended', () => {
          if (current) dispatch({ type: 'CAM_FAILED', request: cameraRequest, problem: 'noDevice' });
        });
        dispatch({ type: 'CAM_GRANTED', request: cameraRequest, deviceId: track?.getSettings().deviceId ?? null });
      },
      (error: unknown) => {
        if (current) dispatch(cameraProblemEvent(error, cameraRequest));
      },
    );
    return () => {
      current = false;
      for (const track of opened?.getTracks() ?? []) track.stop();
      if (cameraStream.current === opened) cameraStream.current = null;
      if (previewElement.current !== null) previewElement.current.srcObject = null;
    };
  }, [cameraOpen, cameraRequest, wantedCamera]);

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

  // Labels and ids are listed only once a permission is granted: read them again then.
  const devices = useMediaDevices(`${micPhase === 'measuring' ? request : 0}/${state.camera.phase === 'previewing' ? cameraRequest : 0}`);
  const inputs = useMemo(() => deviceOptions(devices, 'audioinput'), [devices]);
  const outputs = useMemo(() => (outputChoiceSupported() ? deviceOptions(devices, 'audiooutput') : null), [devices]);
  const cameras = useMemo(() => deviceOptions(devices, 'videoinput'), [devices]);
  const chooseCamera = useCallback((deviceId: string) => {
    session.cameraDeviceId = deviceId;
    dispatch({ type: 'CAM_REQUEST', deviceId });
  }, []);

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
        cameras={cameras}
        chosenCamera={chosenOption(cameras, cameraInUse ?? wantedCamera, cameraDeviceId)}
        onTestCamera={() => dispatch({ type: 'CAM_REQUEST', deviceId: session.cameraDeviceId })}
        onStopCamera={() => dispatch({ type: 'CAM_STOP' })}
        onChooseCamera={chooseCamera}
        cameraPreview={cameraPreview}
      />
    </div>
  );
}
