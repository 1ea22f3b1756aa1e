/**
 * The online count from its three sources, the latest that can be trusted winning:
 * - the `webcast/total` answer (current when it was answered);
 * - the join reply 7000 `online` (current at the join; again after every reconnect);
 * - the 7109 counts pushes, but only once the room is joined: before the join reply, the
 *   pushes that arrive are the room log replayed to this socket, whose online figures may be
 *   hours old (their praise figures do no harm: a total only grows, see praiseBatcher).
 */

export type OnlineEvent =
  | { readonly kind: 'fetched'; readonly online: number | null }
  | { readonly kind: 'joined'; readonly online: number }
  | { readonly kind: 'pushed'; readonly online: number; readonly joined: boolean };

export function nextOnline(current: number | null, event: OnlineEvent): number | null {
  if (event.online === null || !Number.isSafeInteger(event.online) || event.online < 0) return current;
  if (event.kind === 'pushed' && !event.joined) return current;
  return event.online;
}

/** The count as a tiny external store (for useSyncExternalStore): events in, the count out. */
export interface OnlineTracker {
  apply(event: OnlineEvent): void;
  get(): number | null;
  subscribe(listener: () => void): () => void;
}

export function createOnlineTracker(): OnlineTracker {
  let online: number | null = null;
  const listeners = new Set<() => void>();
  return {
    apply(event) {
      const next = nextOnline(online, event);
      if (next === online) return;
      online = next;
      for (const listener of [...listeners]) listener();
    },
    get: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
