/**
 * Like clicks, batched: a viewer hammering the button sends one `praise {webcastId, count}`
 * per window instead of one call per click, while the total shown moves at every click.
 *
 * - The first click after a quiet spell opens a window; when it closes, everything clicked
 *   in it goes out as one call. So a viewer sends at most one call per window (plus a final
 *   flush), however fast they click.
 * - A window takes at most `maxPerCall` clicks (the server's limit per call); clicks past it
 *   are not counted, so nothing is shown that was never sent.
 * - `flush()` sends what is pending at once (the page is hidden or the room left); the
 *   batcher stays usable (a page back from the back/forward cache, React's remounts).
 *
 * The shown total reconciles three sources without counting the viewer's own clicks twice:
 * totals the server reports (the count call, each call's answer, the 7109 pushes) and the
 * clicks not yet confirmed. A push may or may not already include a batch in flight, so a
 * batch in flight is not added on top of the latest total; instead the total is kept at
 * least at "the total when it was sent, plus it" (`floor`). Totals only grow, so the
 * largest one seen is the current one (a replayed old push cannot lower it).
 *
 * No React, no DOM, no real timers: the clock is injected, so tests drive time.
 */
import type { UiClock } from '../../ui/clock';

/** What the batcher needs of the screens' clock (src/ui/clock.ts). */
export type BatchClock = Pick<UiClock, 'setTimeout' | 'clearTimeout'>;

/** How long clicks are collected before they are sent as one call. */
export const PRAISE_WINDOW_MS = 1500;
/** The server takes 1 to 100 per call (server/live/countsRoutes.ts PRAISE_MAX_PER_CALL). */
export const PRAISE_MAX_PER_CALL = 100;

export interface PraiseSendOptions {
  /** The page is going away: the call must outlive it (fetch keepalive). */
  readonly final: boolean;
}

export interface PraiseBatcherOptions {
  /** Sends one batch; resolves with the room's new total when the server tells it, else null. */
  readonly send: (count: number, options: PraiseSendOptions) => Promise<number | null>;
  readonly clock: BatchClock;
  /** A batch failed: its clicks are taken back from the total shown. */
  readonly onFailure?: (error: unknown, count: number) => void;
  readonly windowMs?: number;
  readonly maxPerCall?: number;
}

export interface PraiseView {
  /** The total to show; null while nothing is known (no total read, nothing clicked). */
  readonly total: number | null;
  /** Clicks of this viewer not yet sent. */
  readonly unsent: number;
  /** Batches sent and not yet answered. */
  readonly inFlight: number;
}

export interface PraiseBatcher {
  /** One click; false when the window is full (the click is not counted). */
  click(): boolean;
  /** A total the server reported (count call, 7109 push, a batch's answer). */
  observe(total: number): void;
  /** Sends the pending clicks now. */
  flush(options?: PraiseSendOptions): void;
  view(): PraiseView;
  /** Calls `listener` after every change of view(); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const isTotal = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

export function createPraiseBatcher(options: PraiseBatcherOptions): PraiseBatcher {
  const windowMs = options.windowMs ?? PRAISE_WINDOW_MS;
  const maxPerCall = options.maxPerCall ?? PRAISE_MAX_PER_CALL;
  const listeners = new Set<() => void>();

  let known: number | null = null;
  let unsent = 0;
  let inFlight = 0;
  /** Lower bound of the true total given the batches in flight; null when none is. */
  let floor: number | null = null;
  let timer: unknown = null;
  let current: PraiseView = { total: null, unsent: 0, inFlight: 0 };

  const changed = () => {
    const base = Math.max(known ?? 0, floor ?? 0);
    const total = known === null && floor === null && unsent === 0 ? null : base + unsent;
    current = { total, unsent, inFlight };
    for (const listener of [...listeners]) listener();
  };

  const settle = (count: number, reported: number | null, failed: boolean) => {
    inFlight -= 1;
    if (failed && floor !== null) floor -= count;
    if (inFlight === 0) floor = null;
    if (reported !== null && isTotal(reported)) known = Math.max(known ?? 0, reported);
    changed();
  };

  const send = (sendOptions: PraiseSendOptions) => {
    if (timer !== null) {
      options.clock.clearTimeout(timer);
      timer = null;
    }
    const count = unsent;
    if (count === 0) return;
    unsent = 0;
    inFlight += 1;
    floor = Math.max(floor ?? 0, known ?? 0) + count;
    changed();
    let sent: Promise<number | null>;
    try {
      sent = options.send(count, sendOptions);
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent.then(
      (reported) => settle(count, reported, false),
      (error: unknown) => {
        settle(count, null, true);
        options.onFailure?.(error, count);
      },
    );
  };

  return {
    click() {
      if (unsent >= maxPerCall) return false;
      unsent += 1;
      if (timer === null) timer = options.clock.setTimeout(() => send({ final: false }), windowMs);
      changed();
      return true;
    },
    observe(total) {
      if (!isTotal(total) || (known !== null && total <= known)) return;
      known = total;
      changed();
    },
    flush(sendOptions = { final: false }) {
      send(sendOptions);
    },
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
