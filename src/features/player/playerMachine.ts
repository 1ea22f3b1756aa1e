/**
 * The player's flow as an explicit state machine: a transition table and a pure reducer.
 *
 *   idle ──WAIT──▶ waiting (not started / preparing: cover, countdown)
 *   idle | waiting ──LOAD──▶ loading ──PLAYING──▶ playing ◀──PLAYING── stalled
 *   playing ──STALLED──▶ stalled (`seeking`: the playhead was moved and its data is loading)
 *   loading | playing | stalled ──ERROR──▶ retrying (backoff) ──RETRY_DUE──▶ loading
 *                                   └─ after retryLimit(kind): failed ("load failed, retry")
 *   an `offline` ERROR (no answer at all: the network is gone) retries every second for as
 *   long as it lasts and never fails: the first retry after the network is back loads the
 *   live at its edge, with no reload of the page and no button to press.
 *   failed ──USER_RETRY──▶ loading
 *   any ──UNSUPPORTED──▶ unsupported ("browser does not support no-delay play")
 *   any ──ENDED──▶ ended (the live ended without a replay, or the replay reached its end)
 *
 * `loadId` grows at every (re)load: the view re-creates the playback engine when it changes.
 * A LOAD of the source already loaded is ignored, so the view may send LOAD whenever the
 * room state is read again.
 */
import type { UiClock } from '../../ui/clock';

export const PLAYER_PHASES = ['idle', 'waiting', 'loading', 'playing', 'stalled', 'retrying', 'failed', 'unsupported', 'ended'] as const;
export type PlayerPhase = (typeof PLAYER_PHASES)[number];

/**
 * What went wrong: `offline`, no answer at all (the network is gone or timed out); `network`,
 * the server answered and refused (a line that died, 404); `media`, the bytes came and do
 * not play (a codec the browser lacks).
 */
export type ErrorKind = 'offline' | 'network' | 'media';

/** MediaError.MEDIA_ERR_NETWORK (named here: the machine runs in node tests, which have no MediaError). */
const MEDIA_ERR_NETWORK = 2;

/**
 * The element's own HLS says only a code: a network error while the browser is offline is
 * the network gone (retried until it is back); otherwise a refusal, which the ladder answers
 * with the next line, as it does for hls.js's HTTP errors. Anything else is the media.
 */
export function nativeErrorKind(error: { readonly code: number } | null, online: boolean): ErrorKind {
  if (error?.code !== MEDIA_ERR_NETWORK) return 'media';
  return online ? 'network' : 'offline';
}

/** What a load plays: which engine, which address, with which delay mode. */
export interface PlaySource {
  readonly engine: 'hlsjs' | 'mpegts' | 'native';
  readonly type: 'hls' | 'flv';
  readonly url: string;
  readonly live: boolean;
  readonly delay: 'noDelay' | 'lowDelay' | 'fluent';
  readonly lineId: string | null;
  readonly quality: string | null;
  /** The line's audio-only track. */
  readonly audio: boolean;
}

export function sameSource(a: PlaySource | null, b: PlaySource | null): boolean {
  if (a === null || b === null) return a === b;
  return a.engine === b.engine && a.type === b.type && a.url === b.url && a.live === b.live && a.delay === b.delay && a.lineId === b.lineId && a.quality === b.quality && a.audio === b.audio;
}

export type PlayerEvent =
  | { readonly type: 'WAIT' }
  | { readonly type: 'LOAD'; readonly source: PlaySource }
  | { readonly type: 'PLAYING' }
  /** The element waits for data; `seeking`: because the playhead moved (video.seeking), not because the network fell behind. */
  | { readonly type: 'STALLED'; readonly seeking: boolean }
  | { readonly type: 'ERROR'; readonly kind: ErrorKind }
  | { readonly type: 'RETRY_DUE' }
  | { readonly type: 'USER_RETRY' }
  | { readonly type: 'UNSUPPORTED' }
  | { readonly type: 'ENDED' }
  | { readonly type: 'STOP' };
export type PlayerEventType = PlayerEvent['type'];

export interface PlayerMachineState {
  readonly phase: PlayerPhase;
  /** Automatic retries since the last time playback ran. */
  readonly attempt: number;
  readonly error: ErrorKind | null;
  /** Grows at every load and reload of the source. */
  readonly loadId: number;
  /** The source of the current load; null while nothing is to play. */
  readonly source: PlaySource | null;
  /**
   * Stalled because the playhead moved (a rewind, "back to live", the chaser's jump): the
   * seek's own loading, which is neither a stall of the network (streamLadder) nor a live
   * to reload at its edge (that would undo the viewer's rewind).
   */
  readonly seekStall: boolean;
}

/** Automatic retries of a stream that does not play (media) before "load failed, retry" asks the viewer. */
export const MAX_RETRIES = 3;
/**
 * Automatic retries of a source the server refused (an HTTP error) or that never started:
 * one, since a line that answers 404 is seldom back seconds later, and the weak-network
 * ladder has the next line or player waiting (streamLadder FAILED).
 */
export const MAX_REFUSED_RETRIES = 1;

/** How many automatic retries an error of this kind gets (offline: as many as it takes). */
export const retryLimit = (kind: ErrorKind | null): number => (kind === 'network' ? MAX_REFUSED_RETRIES : MAX_RETRIES);

export const INITIAL_PLAYER_STATE: PlayerMachineState = { phase: 'idle', attempt: 0, error: null, loadId: 0, source: null, seekStall: false };

/** Phases in which a LOAD of the source already loaded changes nothing (no reload, no reset). */
const LOADED_PHASES: ReadonlySet<PlayerPhase> = new Set(['loading', 'playing', 'stalled', 'retrying', 'failed']);

type Table = { readonly [P in PlayerPhase]: Partial<Readonly<Record<PlayerEventType, PlayerPhase>>> };

/** Events a phase does not list are ignored (the state stays the same object). */
const COMMON = { WAIT: 'waiting', LOAD: 'loading', UNSUPPORTED: 'unsupported', ENDED: 'ended', STOP: 'idle' } as const;

export const PLAYER_TRANSITIONS: Table = {
  idle: { ...COMMON },
  waiting: { ...COMMON },
  loading: { ...COMMON, PLAYING: 'playing', ERROR: 'retrying' },
  playing: { ...COMMON, STALLED: 'stalled', ERROR: 'retrying' },
  stalled: { ...COMMON, PLAYING: 'playing', STALLED: 'stalled', ERROR: 'retrying' },
  retrying: { ...COMMON, RETRY_DUE: 'loading', USER_RETRY: 'loading' },
  failed: { ...COMMON, USER_RETRY: 'loading' },
  unsupported: { ...COMMON },
  ended: { ...COMMON },
};

/** Whether `event` moves a machine in `phase` at all: a dispatch that cannot is not worth a render. */
export const movesOn = (phase: PlayerPhase, event: PlayerEventType): boolean => PLAYER_TRANSITIONS[phase][event] !== undefined;

/** Back-off before automatic retry number `attempt` (1-based): 1 s, 2 s, 4 s, at most 8 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 8000);
}

/** While the network is gone, a retry every second: a failed request costs nothing, and the video is back within a second of the network. */
export const OFFLINE_RETRY_MS = 1000;

export function playerReducer(state: PlayerMachineState, event: PlayerEvent): PlayerMachineState {
  const next = transition(state, event);
  // Only a stall has a cause; every other phase starts without one.
  return next.seekStall && next.phase !== 'stalled' ? { ...next, seekStall: false } : next;
}

function transition(state: PlayerMachineState, event: PlayerEvent): PlayerMachineState {
  const target = PLAYER_TRANSITIONS[state.phase][event.type];
  if (target === undefined) return state;
  switch (event.type) {
    case 'ERROR': {
      if (event.kind === 'offline') return { ...state, phase: target, attempt: Math.min(state.attempt + 1, MAX_RETRIES), error: 'offline' };
      const attempt = state.attempt + 1;
      if (attempt > retryLimit(event.kind)) return { ...state, phase: 'failed', error: event.kind };
      return { ...state, phase: target, attempt, error: event.kind };
    }
    case 'PLAYING':
      return state.phase === 'playing' ? state : { ...state, phase: target, attempt: 0, error: null };
    case 'LOAD':
      if (LOADED_PHASES.has(state.phase) && sameSource(state.source, event.source)) return state;
      return { phase: target, attempt: 0, error: null, loadId: state.loadId + 1, source: event.source, seekStall: false };
    case 'USER_RETRY':
      if (state.source === null) return state;
      return { ...state, phase: target, attempt: 0, error: null, loadId: state.loadId + 1 };
    case 'RETRY_DUE':
      return state.source === null ? state : { ...state, phase: target, loadId: state.loadId + 1 };
    case 'STALLED':
      return state.phase === target && state.seekStall === event.seeking ? state : { ...state, phase: target, seekStall: event.seeking };
    case 'WAIT':
    case 'UNSUPPORTED':
    case 'ENDED':
    case 'STOP':
      return state.phase === target ? state : { ...state, phase: target, attempt: 0, error: null, source: null };
  }
}

/** Whether the video element should be on screen (a source is loaded or playing). */
export const showsVideo = (phase: PlayerPhase): boolean => phase === 'loading' || phase === 'playing' || phase === 'stalled' || phase === 'retrying';

/** A source that loads this long without playing counts as a network error. */
export const STALL_TIMEOUT_MS = 12_000;
/**
 * A live that stalls this long is loaded afresh (at its edge, where a weak network's
 * segments may come quicker than the one it waits for); a replay waits as long as a load.
 */
export const LIVE_STALL_RETRY_MS = 6_000;

/**
 * The machine's own timer in a phase: the retry back-off, or the stall watchdog (which
 * rests while the viewer has paused, since a paused element loads nothing). Null: none.
 */
export function machineTimer(
  { phase, attempt, error, source, seekStall }: Pick<PlayerMachineState, 'phase' | 'attempt' | 'error' | 'source' | 'seekStall'>,
  userPaused: boolean,
): { readonly ms: number; readonly event: PlayerEvent } | null {
  if (phase === 'retrying') return { ms: error === 'offline' ? OFFLINE_RETRY_MS : retryDelayMs(attempt), event: { type: 'RETRY_DUE' } };
  if (phase === 'stalled' && source?.live === true && !seekStall && !userPaused) return { ms: LIVE_STALL_RETRY_MS, event: { type: 'ERROR', kind: 'offline' } };
  if ((phase === 'loading' || phase === 'stalled') && !userPaused) return { ms: STALL_TIMEOUT_MS, event: { type: 'ERROR', kind: 'network' } };
  return null;
}

/** Sets the timer the machine's phase asks for (machineTimer); returns what cancels it. */
export function scheduleMachineTimer(
  clock: Pick<UiClock, 'setTimeout' | 'clearTimeout'>,
  machine: Pick<PlayerMachineState, 'phase' | 'attempt' | 'error' | 'source' | 'seekStall'>,
  userPaused: boolean,
  dispatch: (event: PlayerEvent) => void,
): (() => void) | undefined {
  const due = machineTimer(machine, userPaused);
  if (due === null) return undefined;
  const timer = clock.setTimeout(() => dispatch(due.event), due.ms);
  return () => clock.clearTimeout(timer);
}
