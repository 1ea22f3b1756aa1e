/**
 * The realtime service's ports in a browser worker: the real WebSocket, timers, crypto and
 * console, and tab liveness through Web Locks. Each tab holds an exclusive lock named for it
 * as long as it lives; asking for the same lock here is granted only once the tab is gone
 * (closed, navigated away or crashed), which no message from a dead tab could tell us.
 */
import type { RandomBytes } from '../realtime/ports';
import type { RealtimeServicePorts } from '../realtime/realtimeService';
import { indexedDbArchive } from './conversationArchive';
import { fetchHeartbeat } from './heartbeat';

export const browserRandom: RandomBytes = (bytes) => void globalThis.crypto.getRandomValues(bytes);

/** The part of the Web Locks API used here (present in windows and workers of current browsers). */
interface LockManagerLike {
  request(name: string, callback: () => unknown): Promise<unknown>;
}

export function lockManager(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export function browserPorts(): RealtimeServicePorts {
  const locks = lockManager();
  return {
    socketFactory: (url) => new WebSocket(url),
    clock: {
      now: () => Date.now(),
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
    },
    random: browserRandom,
    logger: console,
    archive: indexedDbArchive(),
    heartbeat: fetchHeartbeat(),
    watchTab: (lockName, onGone) => {
      if (locks === null) return;
      locks.request(lockName, () => onGone()).catch((error: unknown) => console.warn(`realtime: watching ${lockName} failed`, error));
    },
  };
}
