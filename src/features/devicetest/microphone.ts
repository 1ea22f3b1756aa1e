/**
 * Opens a microphone and measures it: getUserMedia, then an AnalyserNode read once per
 * animation frame (never faster than the screen can show it). The analyser is not wired to
 * the speakers, so the test cannot feed back. stop() releases everything the test took:
 * the frame loop, the audio graph, every track (the browser's "in use" indicator goes off)
 * and the AudioContext.
 */
import { openMicrophoneStream } from '../../ui/microphoneStream';
import { levelFromSamples, smoothLevel } from './level';

export interface MicrophoneTest {
  /** The device the browser opened; null when it does not say. */
  readonly deviceId: string | null;
  /** Starts the audio graph if the browser held it back (autoplay policy); call from a gesture. */
  resume(): void;
  stop(): void;
}

export interface MicrophoneHandlers {
  /** The meter's level 0..100, at most once per animation frame and only when it changed. */
  readonly onLevel: (level: number) => void;
  /** The track ended without stop(): the device was unplugged or taken by the system. */
  readonly onEnded: () => void;
}

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** The error a missing API gives, named as the browser would name it (classifyMicError reads names). */
const notSupported = () => new DOMException('The microphone cannot be used on this page.', 'NotSupportedError');

/**
 * Rejects with the browser's error (NotAllowedError, NotFoundError, ...) or NotSupportedError
 * when the page has no microphone API (insecure address, old browser).
 */
export async function openMicrophone(wantedDeviceId: string | null, handlers: MicrophoneHandlers): Promise<MicrophoneTest> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  const Context = audioContextClass();
  if (media === undefined || typeof media.getUserMedia !== 'function' || Context === undefined) throw notSupported();

  const stream = await openMicrophoneStream(media, wantedDeviceId);
  const tracks = stream.getAudioTracks();
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  if (tracks.length === 0) {
    stopTracks();
    throw new DOMException('No audio track was given.', 'NotFoundError');
  }

  let context: AudioContext;
  try {
    context = new Context();
  } catch (error) {
    stopTracks();
    throw error;
  }
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);

  let stopped = false;
  let frame = 0;
  let level = 0;
  const measure = () => {
    if (stopped) return;
    analyser.getFloatTimeDomainData(samples);
    const next = smoothLevel(level, levelFromSamples(samples));
    if (next !== level) {
      level = next;
      handlers.onLevel(level);
    }
    frame = requestAnimationFrame(measure);
  };
  frame = requestAnimationFrame(measure);

  const resume = () => {
    if (!stopped && context.state === 'suspended') context.resume().catch(() => undefined);
  };
  resume();

  const track = tracks[0];
  const onTrackEnded = () => {
    if (!stopped) handlers.onEnded();
  };
  track?.addEventListener('ended', onTrackEnded);

  return {
    deviceId: track?.getSettings().deviceId ?? null,
    resume,
    stop() {
      if (stopped) return;
      stopped = true;
      cancelAnimationFrame(frame);
      track?.removeEventListener('ended', onTrackEnded);
      source.disconnect();
      stopTracks();
      context.close().catch(() => undefined);
    },
  };
}
