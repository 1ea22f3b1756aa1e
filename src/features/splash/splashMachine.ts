/**
 * The splash advert's flow as data: loading -> showing -> closed.
 *
 *   loading  --LOADED (enabled, an advert)--> showing
 *   loading  --LOADED (disabled, none) / FAILED--> closed
 *   loading  --SEEN (already shown in this tab)--> closed
 *   showing  --TICK (time up)--> closed (expired)
 *   showing  --SKIP (skippable)--> closed (skipped)
 *   showing  --CLICK--> closed (clicked: the advert opened in a new tab)
 *
 * Time comes in with the events (`now`), never from a clock read here, so the machine is a
 * pure function and the tests drive it with any clock. Events a state does not list are
 * ignored (a late TICK after a skip, a second SKIP).
 */
import type { SplashAdvert, SplashConfig } from './splashData';

export type SplashState =
  | { readonly phase: 'loading' }
  | {
      readonly phase: 'showing';
      readonly advert: SplashAdvert;
      readonly skippable: boolean;
      readonly endsAt: number;
      readonly remainingMs: number;
    }
  | { readonly phase: 'closed'; readonly reason: 'none' | 'seen' | 'failed' | 'expired' | 'skipped' | 'clicked' };

export type SplashEvent =
  | { readonly type: 'LOADED'; readonly config: SplashConfig | null; readonly adverts: readonly SplashAdvert[]; readonly now: number }
  | { readonly type: 'FAILED' }
  | { readonly type: 'SEEN' }
  | { readonly type: 'TICK'; readonly now: number }
  | { readonly type: 'SKIP' }
  | { readonly type: 'CLICK' };

export const INITIAL_SPLASH_STATE: SplashState = { phase: 'loading' };

type Phase = SplashState['phase'];
type StateOf<P extends Phase> = Extract<SplashState, { phase: P }>;
type EventOf<T extends SplashEvent['type']> = Extract<SplashEvent, { type: T }>;
type Transitions = {
  readonly [P in Phase]: { readonly [T in SplashEvent['type']]?: (state: StateOf<P>, event: EventOf<T>) => SplashState };
};

const closed = (reason: StateOf<'closed'>['reason']): SplashState => ({ phase: 'closed', reason });

const TRANSITIONS: Transitions = {
  loading: {
    LOADED: (_state, { config, adverts, now }) => {
      const advert = adverts[0];
      if (config === null || !config.enabled || advert === undefined) return closed('none');
      const durationMs = config.seconds * 1000;
      return { phase: 'showing', advert, skippable: config.skippable, endsAt: now + durationMs, remainingMs: durationMs };
    },
    FAILED: () => closed('failed'),
    SEEN: () => closed('seen'),
  },
  showing: {
    TICK: (state, { now }) => {
      const remainingMs = Math.max(0, state.endsAt - now);
      if (remainingMs === 0) return closed('expired');
      return remainingMs === state.remainingMs ? state : { ...state, remainingMs };
    },
    SKIP: (state) => (state.skippable ? closed('skipped') : state),
    CLICK: () => closed('clicked'),
  },
  closed: {},
};

export function splashReducer(state: SplashState, event: SplashEvent): SplashState {
  const handle = TRANSITIONS[state.phase][event.type] as ((s: SplashState, e: SplashEvent) => SplashState) | undefined;
  return handle === undefined ? state : handle(state, event);
}

/** Whole seconds left, as the countdown shows them (5, 4, ... 1). */
export const secondsLeft = (remainingMs: number): number => Math.ceil(remainingMs / 1000);
