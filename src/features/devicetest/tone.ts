/**
 * The speaker test tone: a short 1 kHz sine with gentle ramps in and out (a hard start or
 * stop clicks in the speaker and startles the listener). On browsers that can route an
 * AudioContext to a chosen output (AudioContext.setSinkId), it plays on that device.
 */

export const TONE_FREQUENCY_HZ = 1000;
export const TONE_SECONDS = 1.5;
/** Well below full scale: the viewer may have the volume up for a quiet stream. */
export const TONE_PEAK_GAIN = 0.2;
export const TONE_RAMP_SECONDS = 0.08;

export interface GainPoint {
  readonly time: number;
  readonly gain: number;
}

/** The tone's loudness over time from `start` (context seconds): silent, ramp up, hold, ramp down. */
export function toneEnvelope(start: number): readonly GainPoint[] {
  return [
    { time: start, gain: 0 },
    { time: start + TONE_RAMP_SECONDS, gain: TONE_PEAK_GAIN },
    { time: start + TONE_SECONDS - TONE_RAMP_SECONDS, gain: TONE_PEAK_GAIN },
    { time: start + TONE_SECONDS, gain: 0 },
  ];
}

type SinkableAudioContext = AudioContext & { setSinkId?: (sinkId: string) => Promise<void> };
type AudioContextClass = new () => SinkableAudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** Whether the tone can be sent to a chosen output device rather than the system default. */
export function outputChoiceSupported(): boolean {
  const Context = audioContextClass();
  return Context !== undefined && typeof (Context.prototype as SinkableAudioContext).setSinkId === 'function';
}

export interface TestTone {
  stop(): void;
}

/**
 * Starts the tone; `onEnded` runs once it has played out (not after stop()). Rejects when
 * the page cannot play audio or the chosen output cannot be used.
 */
export async function playTestTone(sinkId: string | null, onEnded: () => void): Promise<TestTone> {
  const Context = audioContextClass();
  if (Context === undefined) throw new DOMException('Web Audio is not available.', 'NotSupportedError');
  const context = new Context();
  let stopped = false;
  const close = () => {
    if (context.state !== 'closed') context.close().catch(() => undefined);
  };
  try {
    if (sinkId !== null && sinkId !== '' && typeof context.setSinkId === 'function') await context.setSinkId(sinkId);
    if (context.state === 'suspended') await context.resume();
  } catch (error) {
    close();
    throw error;
  }

  const oscillator = context.createOscillator();
  oscillator.type = 'sine';
  oscillator.frequency.value = TONE_FREQUENCY_HZ;
  const gain = context.createGain();
  const [first, ...ramps] = toneEnvelope(context.currentTime);
  if (first !== undefined) gain.gain.setValueAtTime(first.gain, first.time);
  for (const point of ramps) gain.gain.linearRampToValueAtTime(point.gain, point.time);
  oscillator.connect(gain).connect(context.destination);
  oscillator.addEventListener('ended', () => {
    close();
    if (!stopped) onEnded();
  });
  oscillator.start(first?.time ?? context.currentTime);
  oscillator.stop((first?.time ?? context.currentTime) + TONE_SECONDS);

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      close();
    },
  };
}
