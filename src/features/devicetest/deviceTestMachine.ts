/**
 * The device test's flow as explicit state machines: transition tables and one pure reducer.
 *
 * Microphone
 *   idle ──MIC_REQUEST──▶ requesting ──MIC_GRANTED──▶ measuring (the level meter runs)
 *                         requesting ──MIC_REFUSED──▶ refused  (permission refused)
 *                         requesting ──MIC_FAILED───▶ failed   (no device, busy, no API, ...)
 *   measuring ──MIC_FAILED──▶ failed (the track ended: device unplugged or taken)
 *   measuring | refused | failed ──MIC_REQUEST──▶ requesting (another device, or test again)
 *   any ──MIC_STOP──▶ idle (dialog closed, page hidden)
 *
 * Speaker
 *   idle ──TONE_PLAY──▶ playing ──TONE_ENDED──▶ asked ("did you hear it?") ──TONE_ANSWER──▶ idle
 *   playing ──TONE_FAILED──▶ failed;  asked | failed ──TONE_PLAY──▶ playing
 *   any ──TONE_STOP──▶ idle
 *
 * Camera (video connect-mic takes the camera chosen here; opened only when asked for)
 *   idle ──CAM_REQUEST──▶ requesting ──CAM_GRANTED──▶ previewing (the picture shows)
 *                         requesting ──CAM_REFUSED──▶ refused;  requesting ──CAM_FAILED──▶ failed
 *   previewing ──CAM_FAILED──▶ failed (the track ended)
 *   previewing | refused | failed ──CAM_REQUEST──▶ requesting (another camera, or again)
 *   any ──CAM_STOP──▶ idle
 *
 * HIDE stops all three. Results of the browser's asynchronous calls carry the number of the
 * request (or play) they answer: an answer to one that was stopped or replaced since is
 * ignored, so a slow permission prompt cannot bring a closed test back to life.
 */

export const MIC_PHASES = ['idle', 'requesting', 'measuring', 'refused', 'failed'] as const;
export type MicPhase = (typeof MIC_PHASES)[number];

export const TONE_PHASES = ['idle', 'playing', 'asked', 'failed'] as const;
export type TonePhase = (typeof TONE_PHASES)[number];

/** Why the microphone cannot be tested; each has its own hint under the common message. */
export const MIC_PROBLEMS = ['denied', 'noDevice', 'busy', 'unsupported', 'unknown'] as const;
export type MicProblem = (typeof MIC_PROBLEMS)[number];

export const CAMERA_PHASES = ['idle', 'requesting', 'previewing', 'refused', 'failed'] as const;
export type CameraPhase = (typeof CAMERA_PHASES)[number];

export type DeviceTestEvent =
  | { readonly type: 'MIC_REQUEST'; readonly deviceId: string | null }
  | { readonly type: 'MIC_GRANTED'; readonly request: number; readonly deviceId: string | null }
  | { readonly type: 'MIC_REFUSED'; readonly request: number }
  | { readonly type: 'MIC_FAILED'; readonly request: number; readonly problem: MicProblem }
  | { readonly type: 'MIC_STOP' }
  | { readonly type: 'CAM_REQUEST'; readonly deviceId: string | null }
  | { readonly type: 'CAM_GRANTED'; readonly request: number; readonly deviceId: string | null }
  | { readonly type: 'CAM_REFUSED'; readonly request: number }
  | { readonly type: 'CAM_FAILED'; readonly request: number; readonly problem: MicProblem }
  | { readonly type: 'CAM_STOP' }
  | { readonly type: 'TONE_PLAY' }
  | { readonly type: 'TONE_ENDED'; readonly play: number }
  | { readonly type: 'TONE_FAILED'; readonly play: number }
  | { readonly type: 'TONE_ANSWER'; readonly heard: boolean }
  | { readonly type: 'TONE_STOP' }
  | { readonly type: 'HIDE' };
export type DeviceTestEventType = DeviceTestEvent['type'];

type MicEventType = Extract<DeviceTestEventType, `MIC_${string}`>;
type ToneEventType = Extract<DeviceTestEventType, `TONE_${string}`>;
type CameraEventType = Extract<DeviceTestEventType, `CAM_${string}`>;

export interface MicState {
  readonly phase: MicPhase;
  /** Grows at every request; the view opens the microphone again when it changes. */
  readonly request: number;
  /** The device asked for; null is the browser's default. */
  readonly wantedDeviceId: string | null;
  /** The device the browser actually opened (it may pick another than the one asked for). */
  readonly deviceId: string | null;
  readonly problem: MicProblem | null;
}

export interface ToneState {
  readonly phase: TonePhase;
  /** Grows at every play; the view starts a new tone when it changes. */
  readonly play: number;
  /** The viewer's answer to "did you hear it?" for the last tone; null until answered. */
  readonly heard: boolean | null;
}

/** The camera's test: as the microphone's, with a picture instead of a level. */
export interface CameraState {
  readonly phase: CameraPhase;
  readonly request: number;
  readonly wantedDeviceId: string | null;
  readonly deviceId: string | null;
  readonly problem: MicProblem | null;
}

export interface DeviceTestState {
  readonly mic: MicState;
  readonly tone: ToneState;
  readonly camera: CameraState;
}

export const INITIAL_DEVICE_TEST_STATE: DeviceTestState = {
  mic: { phase: 'idle', request: 0, wantedDeviceId: null, deviceId: null, problem: null },
  tone: { phase: 'idle', play: 0, heard: null },
  camera: { phase: 'idle', request: 0, wantedDeviceId: null, deviceId: null, problem: null },
};

type Table<P extends string, E extends string> = { readonly [K in P]: Partial<Readonly<Record<E, P>>> };

/** Events a phase does not list are ignored (the state stays the same object). */
export const MIC_TRANSITIONS: Table<MicPhase, MicEventType> = {
  idle: { MIC_REQUEST: 'requesting' },
  requesting: { MIC_REQUEST: 'requesting', MIC_GRANTED: 'measuring', MIC_REFUSED: 'refused', MIC_FAILED: 'failed', MIC_STOP: 'idle' },
  measuring: { MIC_REQUEST: 'requesting', MIC_FAILED: 'failed', MIC_STOP: 'idle' },
  refused: { MIC_REQUEST: 'requesting', MIC_STOP: 'idle' },
  failed: { MIC_REQUEST: 'requesting', MIC_STOP: 'idle' },
};

export const TONE_TRANSITIONS: Table<TonePhase, ToneEventType> = {
  idle: { TONE_PLAY: 'playing' },
  playing: { TONE_ENDED: 'asked', TONE_FAILED: 'failed', TONE_STOP: 'idle' },
  asked: { TONE_PLAY: 'playing', TONE_ANSWER: 'idle', TONE_STOP: 'idle' },
  failed: { TONE_PLAY: 'playing', TONE_STOP: 'idle' },
};

export const CAMERA_TRANSITIONS: Table<CameraPhase, CameraEventType> = {
  idle: { CAM_REQUEST: 'requesting' },
  requesting: { CAM_REQUEST: 'requesting', CAM_GRANTED: 'previewing', CAM_REFUSED: 'refused', CAM_FAILED: 'failed', CAM_STOP: 'idle' },
  previewing: { CAM_REQUEST: 'requesting', CAM_FAILED: 'failed', CAM_STOP: 'idle' },
  refused: { CAM_REQUEST: 'requesting', CAM_STOP: 'idle' },
  failed: { CAM_REQUEST: 'requesting', CAM_STOP: 'idle' },
};

type MicEvent = Extract<DeviceTestEvent, { type: MicEventType }>;
type CameraEvent = Extract<DeviceTestEvent, { type: CameraEventType }>;
type ToneEvent = Extract<DeviceTestEvent, { type: ToneEventType }>;

/** One device asked for and answered (the microphone's and the camera's test alike); `target` is the table's next phase. */
function deviceRequestStep<P extends string, S extends { readonly phase: P; readonly request: number; readonly wantedDeviceId: string | null; readonly deviceId: string | null; readonly problem: MicProblem | null }>(
  state: S,
  target: P | undefined,
  event: MicEvent | CameraEvent,
): S {
  if (target === undefined) return state;
  switch (event.type) {
    case 'MIC_REQUEST':
    case 'CAM_REQUEST':
      return { ...state, phase: target, request: state.request + 1, wantedDeviceId: event.deviceId, deviceId: null, problem: null };
    case 'MIC_GRANTED':
    case 'CAM_GRANTED':
      return event.request === state.request ? { ...state, phase: target, deviceId: event.deviceId, problem: null } : state;
    case 'MIC_REFUSED':
    case 'CAM_REFUSED':
      return event.request === state.request ? { ...state, phase: target, deviceId: null, problem: 'denied' } : state;
    case 'MIC_FAILED':
    case 'CAM_FAILED':
      return event.request === state.request ? { ...state, phase: target, deviceId: null, problem: event.problem } : state;
    case 'MIC_STOP':
    case 'CAM_STOP':
      return { ...state, phase: target, deviceId: null, problem: null };
  }
}

const micReducer = (state: MicState, event: MicEvent): MicState => deviceRequestStep(state, MIC_TRANSITIONS[state.phase][event.type], event);
const cameraReducer = (state: CameraState, event: CameraEvent): CameraState => deviceRequestStep(state, CAMERA_TRANSITIONS[state.phase][event.type], event);

function toneReducer(state: ToneState, event: ToneEvent): ToneState {
  const target = TONE_TRANSITIONS[state.phase][event.type];
  if (target === undefined) return state;
  switch (event.type) {
    case 'TONE_PLAY':
      return { phase: target, play: state.play + 1, heard: null };
    case 'TONE_ENDED':
    case 'TONE_FAILED':
      return event.play === state.play ? { ...state, phase: target } : state;
    case 'TONE_ANSWER':
      return { ...state, phase: target, heard: event.heard };
    case 'TONE_STOP':
      return { ...state, phase: target };
  }
}

const isMicEvent = (event: DeviceTestEvent): event is MicEvent => event.type.startsWith('MIC_');
const isToneEvent = (event: DeviceTestEvent): event is ToneEvent => event.type.startsWith('TONE_');
const isCameraEvent = (event: DeviceTestEvent): event is CameraEvent => event.type.startsWith('CAM_');

export function deviceTestReducer(state: DeviceTestState, event: DeviceTestEvent): DeviceTestState {
  if (event.type === 'HIDE') {
    const mic = micReducer(state.mic, { type: 'MIC_STOP' });
    const tone = toneReducer(state.tone, { type: 'TONE_STOP' });
    const camera = cameraReducer(state.camera, { type: 'CAM_STOP' });
    return mic === state.mic && tone === state.tone && camera === state.camera ? state : { mic, tone, camera };
  }
  if (isCameraEvent(event)) {
    const camera = cameraReducer(state.camera, event);
    return camera === state.camera ? state : { ...state, camera };
  }
  if (isMicEvent(event)) {
    const mic = micReducer(state.mic, event);
    return mic === state.mic ? state : { ...state, mic };
  }
  if (isToneEvent(event)) {
    const tone = toneReducer(state.tone, event);
    return tone === state.tone ? state : { ...state, tone };
  }
  return state;
}

/** The microphone is open or being opened: the view holds (or is getting) a stream. */
export const micActive = (mic: MicState): boolean => mic.phase === 'requesting' || mic.phase === 'measuring';

/** The camera is open or being opened. */
export const cameraActive = (camera: CameraState): boolean => camera.phase === 'requesting' || camera.phase === 'previewing';

/** As micProblemEvent, for the camera. */
export function cameraProblemEvent(error: unknown, request: number): Extract<DeviceTestEvent, { type: 'CAM_REFUSED' | 'CAM_FAILED' }> {
  const problem = classifyMicError(error);
  return problem === 'denied' ? { type: 'CAM_REFUSED', request } : { type: 'CAM_FAILED', request, problem };
}

/**
 * The result event for a failed getUserMedia (or a missing API), from the error's name as
 * the Media Capture spec and older browsers give it. Refusal is its own phase: the viewer
 * can undo it in the browser, the other problems need a device.
 */
export function micProblemEvent(error: unknown, request: number): Extract<DeviceTestEvent, { type: 'MIC_REFUSED' | 'MIC_FAILED' }> {
  const problem = classifyMicError(error);
  return problem === 'denied' ? { type: 'MIC_REFUSED', request } : { type: 'MIC_FAILED', request, problem };
}

const PROBLEM_BY_NAME: Readonly<Record<string, MicProblem>> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  PermissionDeniedError: 'denied',
  PermissionDismissedError: 'denied',
  NotFoundError: 'noDevice',
  DevicesNotFoundError: 'noDevice',
  OverconstrainedError: 'noDevice',
  ConstraintNotSatisfiedError: 'noDevice',
  NotReadableError: 'busy',
  TrackStartError: 'busy',
  AbortError: 'busy',
  NotSupportedError: 'unsupported',
};

export function classifyMicError(error: unknown): MicProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? (error as { name: unknown }).name : null;
  return typeof name === 'string' && Object.hasOwn(PROBLEM_BY_NAME, name) ? (PROBLEM_BY_NAME[name] ?? 'unknown') : 'unknown';
}
