/**
 * The host's latest `notice` to this viewer (push 7127 action notice, already filtered to
 * this user by the worker: src/realtime/roomState.ts `control`). The room state keeps only
 * the latest control of any action, so a mute after a notice would hide the notice: this
 * watch remembers the latest notice itself. Two equal texts are two notices (their room
 * offsets differ); the same one delivered again (a fresh snapshot of the room state after a
 * reconnect) is the same notice.
 */
import { subscribe } from 'valtio';
import type { ControlForMe } from '../../realtime/roomState';
import type { RealtimeStore } from '../../state/roomFeed';

export interface HostNotice {
  readonly text: string;
  readonly offset: number;
}

/** An external store for useSyncExternalStore. */
export interface HostNoticeWatch {
  get(): HostNotice | null;
  subscribe(listener: () => void): () => void;
}

export function watchHostNotice(store: RealtimeStore, roomId: string): HostNoticeWatch {
  let latest: HostNotice | null = null;
  const take = (control: ControlForMe | null | undefined) => {
    if (control?.action !== 'notice' || control.text.trim() === '' || control.offset === latest?.offset) return;
    latest = { text: control.text.trim(), offset: control.offset };
  };
  return {
    get() {
      take(store.rooms[roomId]?.room.control);
      return latest;
    },
    subscribe: (listener) => subscribe(store, listener),
  };
}
