/**
 * The tabs of one room open in this browser, and whether each is in view: every tab says so
 * on a BroadcastChannel of the room (on start, on every change, and every few seconds), and
 * answers a newcomer's question. The player uses it to play in one tab only
 * (src/domain/playbackYield.ts). Where BroadcastChannel is missing, a tab knows only itself:
 * it never yields, which is what it did before.
 */
import { livePresences, readPresence, TAB_PRESENCE_ANNOUNCE_MS, type TabPresence } from '../domain/playbackYield';

export interface ChannelLike {
  postMessage(data: unknown): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  close(): void;
}

export interface RoomTabsDeps {
  readonly tabId: string;
  readonly channel: ChannelLike | null;
  readonly now: () => number;
  readonly every: (fn: () => void, ms: number) => () => void;
  readonly visible: boolean;
}

export interface RoomTabs {
  me(): TabPresence;
  /** The other tabs of the room heard of lately. */
  peers(): TabPresence[];
  setVisible(visible: boolean): void;
  /** Called on any change of this tab or the others (and on every announcement round). */
  subscribe(listener: () => void): () => void;
  close(): void;
}

export function createRoomTabs(deps: RoomTabsDeps): RoomTabs {
  const { tabId, channel, now } = deps;
  let me: TabPresence = { tabId, visible: deps.visible, lastVisibleAt: deps.visible ? now() : 0 };
  const heard = new Map<string, { presence: TabPresence; at: number }>();
  const listeners = new Set<() => void>();
  let closed = false;

  const notify = (): void => {
    for (const listener of listeners) listener();
  };
  const post = (kind: 'presence' | 'leaving' | 'ask'): void => {
    try {
      channel?.postMessage({ kind, ...me });
    } catch {
      // a closed or broken channel: this tab is then alone, as without one
    }
  };

  if (channel !== null) {
    channel.onmessage = (event) => {
      const message = readPresence(event.data);
      if (message === null || message.presence.tabId === tabId || closed) return;
      if (message.kind === 'leaving') heard.delete(message.presence.tabId);
      else heard.set(message.presence.tabId, { presence: message.presence, at: now() });
      if (message.kind === 'ask') post('presence');
      notify();
    };
  }
  const stop = deps.every(() => {
    post('presence');
    notify();
  }, TAB_PRESENCE_ANNOUNCE_MS);
  post('ask');

  return {
    me: () => me,
    peers: () => livePresences(heard, now()),
    setVisible(visible) {
      if (closed || visible === me.visible) return;
      // Hidden now: it was in view until this moment.
      me = { tabId, visible, lastVisibleAt: now() };
      post('presence');
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (closed) return;
      post('leaving');
      closed = true;
      stop();
      listeners.clear();
      if (channel !== null) {
        channel.onmessage = null;
        channel.close();
      }
    },
  };
}

/** The room's channel in this browser, or null where BroadcastChannel is missing. */
export function browserRoomChannel(roomId: string): ChannelLike | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(`webcast.room-tabs.${roomId}`) as unknown as ChannelLike;
  } catch {
    return null;
  }
}
