/**
 * Per-tab delta coalescing (ARCHITECTURE 1: "never one postMessage per message"). The room
 * hub reports a change per room message; a tab must get at most one small update per
 * animation frame while visible, and one per 250 ms while hidden, whatever the rate. The
 * coalescer collects changes between two ticks and emits one delta carrying only what the
 * tab's filter shows: appended entries, withdrawn ids, or a full replacement (after a
 * filter change, a hub replacement, or more appended entries than a tab keeps).
 *
 * Ticks come from an injected schedule (requestAnimationFrame and a 250 ms timer in the
 * worker's host, fakes in tests): no timers in pure code.
 */
import { CHAT_ENTRIES_KEPT } from '../domain/constants';
import type { ChatEntry } from './chatEntry';
import { filterEntries, showsEntry, type ChatFilter, type ChatVisibility } from './filters';
import type { HubChange } from './roomHub';
import type { RoomState } from './roomState';

/** Cadence of deltas to a hidden tab (the visible one follows animation frames). */
export const HIDDEN_DELTA_INTERVAL_MS = 250;
/** Most entries in one delta: a tab keeps no more (SPEC 5), so older ones would be dropped there anyway. */
export const DELTA_ENTRIES_MAX = CHAT_ENTRIES_KEPT;

export interface ChatDelta {
  /** Entries to add at the end of the tab's list, oldest first. */
  readonly append: ChatEntry[];
  /** msgIds to remove from the tab's list. */
  readonly withdraw: string[];
  /** When present, the tab's whole list (append and withdraw are then empty). */
  readonly replace?: ChatEntry[];
  readonly state?: Partial<RoomState>;
}

export interface DeltaSchedule {
  /** Runs `fn` at the next animation frame; returns a cancel function. */
  visible(fn: () => void): () => void;
  /** Runs `fn` after HIDDEN_DELTA_INTERVAL_MS; returns a cancel function. */
  hidden(fn: () => void): () => void;
}

export interface DeltaCoalescerOptions {
  readonly filter: ChatFilter;
  readonly schedule: DeltaSchedule;
  readonly visible: boolean;
  /** `arrived`: the entries the tab's filter let through since the last delta, however many the delta carries. */
  emit(delta: ChatDelta, arrived: number): void;
  /** The chat mode at subscription; later ones come with the hub's changes. */
  readonly chatState?: ChatVisibility;
}

export interface DeltaCoalescer {
  push(change: HubChange): void;
  /** Switches the filter; the next tick replaces the tab's list with what it shows of `currentEntries`. */
  setFilter(filter: ChatFilter, currentEntries: readonly ChatEntry[]): void;
  setVisible(visible: boolean): void;
  /** For a new subscriber: emits the current buffer (filtered) and state at once, dropping anything pending. */
  snapshot(entries: readonly ChatEntry[], state: RoomState): void;
  /** Cancels a pending tick; nothing is emitted afterwards. */
  dispose(): void;
}

/** The last DELTA_ENTRIES_MAX entries; the array itself when already short enough. */
function latest(entries: ChatEntry[]): ChatEntry[] {
  return entries.length > DELTA_ENTRIES_MAX ? entries.slice(entries.length - DELTA_ENTRIES_MAX) : entries;
}

function removeById(list: ChatEntry[], msgId: string): boolean {
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i]?.msgId === msgId) {
      list.splice(i, 1);
      return true;
    }
  }
  return false;
}

/** The delta that gives a tab everything at once: its filter's view of the buffer, and the whole room state. */
export function snapshotDelta(filter: ChatFilter, entries: readonly ChatEntry[], roomState: RoomState): ChatDelta {
  return { append: [], withdraw: [], replace: latest(filterEntries(filter, entries, roomState.chat)), state: roomState };
}

export function createDeltaCoalescer(options: DeltaCoalescerOptions): DeltaCoalescer {
  const { schedule, emit } = options;
  let filter = options.filter;
  let visible = options.visible;
  let chatState: ChatVisibility = options.chatState ?? { staffOnly: false };
  let cancelTick: (() => void) | null = null;
  let disposed = false;

  // What the next delta carries.
  let append: ChatEntry[] = [];
  let withdraw: string[] = [];
  let replace: ChatEntry[] | null = null;
  let state: Partial<RoomState> = {};
  let hasState = false;
  let arrived = 0;

  function clearPending(): void {
    arrived = 0;
    append = [];
    withdraw = [];
    replace = null;
    state = {};
    hasState = false;
  }

  function hasPending(): boolean {
    return replace !== null || append.length > 0 || withdraw.length > 0 || hasState;
  }

  function tick(): void {
    cancelTick = null;
    if (disposed || !hasPending()) return;
    let delta: ChatDelta;
    if (replace !== null || append.length > DELTA_ENTRIES_MAX) {
      // More than a tab keeps: the newest entries are the tab's whole list.
      delta = { append: [], withdraw: [], replace: latest(replace ?? append) };
    } else {
      delta = { append, withdraw };
    }
    if (hasState) delta = { ...delta, state };
    const count = arrived;
    clearPending();
    emit(delta, count);
  }

  function ensureTick(): void {
    if (cancelTick !== null || disposed || !hasPending()) return;
    cancelTick = visible ? schedule.visible(tick) : schedule.hidden(tick);
  }

  function cancel(): void {
    if (cancelTick !== null) cancelTick();
    cancelTick = null;
  }

  /** Keeps a pending list from growing without bound in a burst: only the latest can be sent. */
  function bound(list: ChatEntry[]): ChatEntry[] {
    return list.length > 2 * DELTA_ENTRIES_MAX ? list.slice(list.length - DELTA_ENTRIES_MAX) : list;
  }

  return {
    push(change) {
      if (disposed) return;
      const chat = change.state.chat;
      if (chat !== undefined) chatState = chat;
      if (change.replaced !== null) {
        // A replacement supersedes everything pending before it.
        replace = filterEntries(filter, change.replaced, chatState);
        append = [];
        withdraw = [];
      }
      for (const entry of change.appended) {
        if (!showsEntry(filter, entry, chatState)) continue;
        arrived++;
        if (replace !== null) {
          replace.push(entry);
          replace = bound(replace);
        } else {
          append.push(entry);
          append = bound(append);
        }
      }
      for (const entry of change.withdrawn) {
        if (!showsEntry(filter, entry, chatState)) continue; // the tab never had it
        const pending = replace ?? append;
        // Not sent yet: just forget it. A pending replacement is the whole list, so no id is needed.
        if (removeById(pending, entry.msgId) || replace !== null) continue;
        withdraw.push(entry.msgId);
      }
      for (const _key in change.state) {
        state = { ...state, ...change.state };
        hasState = true;
        break;
      }
      ensureTick();
    },
    setFilter(next, currentEntries) {
      if (disposed || next === filter) return;
      filter = next;
      replace = latest(filterEntries(filter, currentEntries, chatState));
      append = [];
      withdraw = [];
      ensureTick();
    },
    setVisible(next) {
      if (next === visible) return;
      visible = next;
      // Move a pending tick to the new cadence.
      cancel();
      ensureTick();
    },
    snapshot(entries, roomState) {
      if (disposed) return;
      cancel();
      clearPending();
      chatState = roomState.chat;
      emit(snapshotDelta(filter, entries, roomState), 0);
    },
    dispose() {
      disposed = true;
      cancel();
      clearPending();
    },
  };
}
