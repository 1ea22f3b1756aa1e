/**
 * Runs the splash machine: loads the config (and the list only when the splash is on),
 * ticks the countdown while the advert shows, and remembers per tab that the room's advert
 * was shown, so a reload does not show it again. The clock, the calls and the memory are
 * passed in: node tests run the whole flow on a fake clock.
 */
import type { UiClock } from '../../ui/clock';
import { readSplashAdverts, readSplashConfig, type SplashAdvert } from './splashData';
import { INITIAL_SPLASH_STATE, splashReducer, type SplashEvent, type SplashState } from './splashMachine';

/** How often the countdown is brought up to date while the advert shows. */
export const TICK_MS = 200;

/** What the flow needs of the screens' clock (src/ui/clock.ts). */
export type SplashClock = Pick<UiClock, 'now' | 'setInterval' | 'clearInterval'>;

export interface SeenMemory {
  has(): boolean;
  mark(): void;
}

export interface SplashFlowDeps {
  fetchConfig(signal: AbortSignal): Promise<unknown>;
  fetchList(signal: AbortSignal): Promise<unknown>;
  /** Base for root-relative advert addresses (the page's origin). */
  readonly origin: string;
  readonly clock: SplashClock;
  readonly seen: SeenMemory;
  onChange(state: SplashState): void;
}

export interface SplashFlow {
  state(): SplashState;
  skip(): void;
  /** The viewer clicked the advert: the flow closes; answers the advert that was shown. */
  click(): SplashAdvert | null;
  /** Stops timers and loading (the page is left); no further onChange. */
  stop(): void;
}

export function startSplashFlow(deps: SplashFlowDeps): SplashFlow {
  let state: SplashState = INITIAL_SPLASH_STATE;
  let timer: unknown = null;
  let stopped = false;
  const controller = new AbortController();

  const send = (event: SplashEvent) => {
    if (stopped) return;
    const next = splashReducer(state, event);
    if (next === state) return;
    const wasShowing = state.phase === 'showing';
    state = next;
    if (next.phase === 'showing' && timer === null) timer = deps.clock.setInterval(() => send({ type: 'TICK', now: deps.clock.now() }), TICK_MS);
    if (next.phase !== 'showing' && timer !== null) {
      deps.clock.clearInterval(timer);
      timer = null;
    }
    if (wasShowing && next.phase === 'closed') deps.seen.mark();
    deps.onChange(next);
  };

  const load = async () => {
    const config = readSplashConfig(await deps.fetchConfig(controller.signal));
    if (config === null || !config.enabled) return { config, adverts: [] };
    return { config, adverts: readSplashAdverts(await deps.fetchList(controller.signal), deps.origin) };
  };

  if (deps.seen.has()) send({ type: 'SEEN' });
  else
    load().then(
      ({ config, adverts }) => send({ type: 'LOADED', config, adverts, now: deps.clock.now() }),
      () => send({ type: 'FAILED' }),
    );

  return {
    state: () => state,
    skip: () => send({ type: 'SKIP' }),
    click: () => {
      const advert = state.phase === 'showing' ? state.advert : null;
      send({ type: 'CLICK' });
      return advert;
    },
    stop: () => {
      if (timer !== null) deps.clock.clearInterval(timer);
      timer = null;
      stopped = true;
      controller.abort();
    },
  };
}

/** Per tab (sessionStorage) memory that room `roomId`'s advert was shown; storage may refuse. */
export function tabSeenMemory(roomId: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): SeenMemory {
  const key = `webcast.splash.seen.${roomId}`;
  return {
    has: () => {
      try {
        return storage?.getItem(key) === '1';
      } catch {
        return false;
      }
    },
    mark: () => {
      try {
        storage?.setItem(key, '1');
      } catch {
        // shown again after a reload: harmless
      }
    },
  };
}
