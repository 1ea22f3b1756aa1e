/**
 * The online count from its three sources. Each figure is stamped with when it was known to
 * be current, and the newest wins:
 * - the `webcast/total` answer, as of when its request left (the server may have counted
 *   before this viewer's socket joined: an answer arriving after the join reply is older);
 * - the join reply 7000 `online`, as of its arrival (again after every reconnect);
 * - the 7109 counts pushes, as of their arrival, but only once the room is joined: before
 *   the join reply, the pushes that arrive are the room log replayed to this socket, whose
 *   online figures may be hours old (their praise figures do no harm: a total only grows,
 *   see praiseBatcher).
 */

export type OnlineEvent =
  | { readonly kind: 'fetched'; readonly online: number | null; readonly asOf: number }
  | { readonly kind: 'joined'; readonly online: number; readonly asOf: number }
  | { readonly kind: 'pushed'; readonly online: number; readonly joined: boolean; readonly asOf: number };

export interface OnlineFigure {
  readonly online: number | null;
  /** When `online` was known to be current; -Infinity for none. */
  readonly asOf: number;
}

export const NO_FIGURE: OnlineFigure = { online: null, asOf: Number.NEGATIVE_INFINITY };

export function nextOnline(current: OnlineFigure, event: OnlineEvent): OnlineFigure {
  if (event.online === null || !Number.isSafeInteger(event.online) || event.online < 0) return current;
  if (event.kind === 'pushed' && !event.joined) return current;
  if (event.asOf < current.asOf) return current;
  return { online: event.online, asOf: event.asOf };
}

/** The count as a tiny external store (for useSyncExternalStore): events in, the count out. */
export interface OnlineTracker {
  apply(event: OnlineEvent): void;
  get(): number | null;
  subscribe(listener: () => void): () => void;
}

export function createOnlineTracker(): OnlineTracker {
  let figure = NO_FIGURE;
  const listeners = new Set<() => void>();
  return {
    apply(event) {
      const next = nextOnline(figure, event);
      const changed = next.online !== figure.online;
      figure = next;
      if (changed) for (const listener of [...listeners]) listener();
    },
    get: () => figure.online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
