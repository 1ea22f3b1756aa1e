/**
 * Per-tab delta coalescing (ARCHITECTURE 1: "never one postMessage per message"). The room
 * hub reports a change per room message; a tab must get at most one small update per
 * animation frame while visible, and one per 250 ms while hidden, whatever the rate. The
 * coalescer collects changes between two ticks and emits one delta carrying only what the
 * tab's filter shows: appended entries, withdrawn ids, or a full replacement (after a
 * filter change or a hub replacement). More appended entries than a tab keeps are a flood:
 * the newest screen of them goes, after a mark for the rest (FLOOD_SCREEN_ENTRIES).
 *
 * A hidden tab shows no rows, so it gets no chat while hidden: the room state and the gap
 * counters still reach it (every 250 ms), and when it is shown again its list is replaced
 * by the newest entries at once. A busy room then costs a hidden tab next to nothing.
 *
 * Ticks come from an injected schedule (requestAnimationFrame and a 250 ms timer in the
 * worker's host, fakes in tests): no timers in pure code.
 */
import { CHAT_ENTRIES_KEPT } from '../domain/constants';
import { isStaff } from '../domain/roles';
import type { ChatEntry } from './chatEntry';
import { createChatSampler, type ChatSample, type ChatSampler, type ChatSpeed } from './chatSpeed';
import { filterEntries, showsEntry, type ChatFilter, type ChatVisibility } from './filters';
import { plainEntries, plainlyOthers } from './lazyChatEntry';
import type { HubChange, RoomSync } from './roomHub';
import type { RoomState } from './roomState';

/** Cadence of deltas to a hidden tab (the visible one follows animation frames). */
export const HIDDEN_DELTA_INTERVAL_MS = 250;
/**
 * For this long after a tab is shown again, its deltas come as after a quiet spell (the next
 * frame once it took the last one in), not at the room's pace. The list it gets when shown is
 * the room's as far as the worker has it; the rows the server sent since reach the worker a
 * hop later (30 to 40 ms at 20,000/s, the server's batches), and a flood's pace would hold
 * them up to a second: they follow at once, so the tab is current within 250 ms of being
 * shown (issue 34 item 1). Then the room's pace resumes.
 */
export const SHOWN_AGAIN_CATCH_UP_MS = 250;
/** Most entries in one delta: a tab keeps no more (SPEC 5), so older ones would be dropped there anyway. */
export const DELTA_ENTRIES_MAX = CHAT_ENTRIES_KEPT;
/**
 * When a pending list is cut to the newest, this many of the viewer's own, mentioning,
 * staff and highlighted entries among the cut ones are kept at most (in place of the oldest
 * of the rest): in a flood they are what a viewer looks for, and the server never leaves
 * them out of a thinned stream either (src/protocol/thinning.ts).
 */
export const PRIORITY_ENTRIES_KEPT = 50;
/**
 * More entries arrived between two deltas than a tab keeps: the room is in a flood, and the
 * tab gets the newest screen of them (a tall chat panel shows about 30 rows), appended after
 * a mark for the rest, with the priority entries among the rest kept besides. The tab then
 * keeps its earlier screens for reading back, each after its mark, instead of a whole new
 * list of DELTA_ENTRIES_MAX at every delta, which the worker copied and the tab took in,
 * then threw away, twice a second (issue 11: the cost of one chat update).
 */
export const FLOOD_SCREEN_ENTRIES = 40;

/** The entries a cut keeps: the viewer's own, the ones mentioning them, staff and highlighted. */
export const isPriorityEntry = (entry: ChatEntry): boolean => !plainlyOthers(entry) && (entry.mine || entry.mentionsMe || entry.highlight || isStaff(entry.role));

export interface ChatDelta {
  /** Entries to add at the end of the tab's list, oldest first. */
  readonly append: ChatEntry[];
  /** msgIds to remove from the tab's list. */
  readonly withdraw: string[];
  /** When present, the tab's whole list (append and withdraw are then empty). */
  readonly replace?: ChatEntry[];
  readonly state?: Partial<RoomState>;
  /**
   * Messages the tab will never get, by the msgId of the first entry after them: a range the
   * worker could not fill, or more entries at once than the tab keeps. The list shows "N
   * messages not shown" there, so a gap is never silent.
   */
  readonly gaps?: Readonly<Record<string, number>>;
  /** The room's gap counters, when they changed (and in a snapshot). */
  readonly sync?: RoomSync;
  /**
   * A slowed tab (chatSpeed.ts): what it was sent of what its filter showed lately, at
   * most once a second; null once the tab shows every message again.
   */
  readonly sample?: ChatSample | null;
}

export interface DeltaSchedule {
  /** Runs `fn` at the next animation frame; returns a cancel function. */
  visible(fn: () => void): () => void;
  /** Runs `fn` after HIDDEN_DELTA_INTERVAL_MS; returns a cancel function. */
  hidden(fn: () => void): () => void;
  /**
   * Runs `fn` sooner than the visible pace would (a busy room's deltas come one per 200 to
   * 1,000 ms): for a priority entry (one mentioning the viewer, staff, highlighted), which a
   * viewer looks for in a flood; `own`: the viewer's own message, which they watch for
   * right after sending it, at the next frame. Returns a cancel function.
   */
  soon(fn: () => void, own: boolean): () => void;
}

export interface DeltaCoalescerOptions {
  readonly filter: ChatFilter;
  readonly schedule: DeltaSchedule;
  readonly visible: boolean;
  /**
   * `arrived`: the entries the tab's filter let through since the last paced delta, however
   * many the delta carries; `hurried`: the delta went early for a priority entry
   * (DeltaSchedule.soon), so it says nothing of the room's pace.
   */
  emit(delta: ChatDelta, arrived: number, hurried: boolean): void;
  /** The chat mode at subscription; later ones come with the hub's changes. */
  readonly chatState?: ChatVisibility;
  /** The viewer's chat speed (0: every message) and the clock its sample runs on. */
  readonly speed?: ChatSpeed;
  readonly now?: () => number;
}

export interface DeltaCoalescer {
  push(change: HubChange): void;
  /** Switches the filter; the next tick replaces the tab's list with what it shows of `currentEntries`. */
  setFilter(filter: ChatFilter, currentEntries: readonly ChatEntry[]): void;
  /** The viewer's chat speed changed: later messages are sampled to it (what the tab has stays). */
  setSpeed(speed: ChatSpeed): void;
  /** Shown again after chat went by: the next tick replaces the tab's list with what it shows of `currentEntries`. */
  setVisible(visible: boolean, currentEntries: readonly ChatEntry[]): void;
  /** For a new subscriber: emits the current buffer (filtered), state and gap counters at once, dropping anything pending. */
  snapshot(entries: readonly ChatEntry[], state: RoomState, sync?: RoomSync): void;
  /** Cancels a pending tick; nothing is emitted afterwards. */
  dispose(): void;
}

/** The last DELTA_ENTRIES_MAX entries; the array itself when already short enough. */
function latest(entries: ChatEntry[]): ChatEntry[] {
  return entries.length > DELTA_ENTRIES_MAX ? entries.slice(entries.length - DELTA_ENTRIES_MAX) : entries;
}

/**
 * The entries not shown before each entry of a pending list, by the entry's room offset
 * (a flood's cuts look up every entry they drop: a number is hashed at once, a msgId fresh
 * from the socket is not). Kept apart from the lists so the common case (no gap) costs one
 * null check per tick.
 */
class GapMarks {
  private marks: Map<number, number> | null = null;
  /** Not-shown messages waiting for the next entry the tab gets. */
  private carry = 0;

  /** `count` messages are missing before whatever entry comes next. */
  add(count: number): void {
    if (count > 0) this.carry += count;
  }

  /** `entry` is the next one the tab gets: it carries what is waiting. */
  place(entry: ChatEntry): void {
    if (this.carry === 0) return;
    this.mark(entry.offset, this.carry);
    this.carry = 0;
  }

  waiting(): boolean {
    return this.carry > 0;
  }

  /**
   * The entries of `list` not flagged 1 in `kept` will never be sent: each run of them, with
   * their marks, moves to the kept entry after it. The last entry is always kept.
   */
  dropWhere(list: readonly ChatEntry[], kept: Uint8Array): void {
    const marks = this.marks !== null && this.marks.size > 0 ? this.marks : null;
    let count = 0;
    for (let i = 0; i < list.length; i++) {
      if (kept[i] === 1 || i === list.length - 1) {
        if (count > 0) this.mark(list[i]!.offset, count);
        count = 0;
        continue;
      }
      count += 1;
      if (marks === null) continue;
      const offset = list[i]!.offset;
      const mark = marks.get(offset);
      if (mark === undefined) continue;
      count += mark;
      marks.delete(offset);
    }
  }

  /**
   * A pending list is replaced by `next` before it was sent: its entries that `next` does
   * not hold will never be sent, so they (and their marks) wait for the next entry.
   */
  supersede(pending: readonly ChatEntry[], next: readonly ChatEntry[]): void {
    if (pending.length === 0) return;
    // By offset (one room's: unique), which an unparsed entry knows without a parse.
    const kept = new Set<number>();
    for (const entry of next) kept.add(entry.offset);
    for (const entry of pending) {
      if (kept.has(entry.offset)) continue;
      this.carry += 1;
      const mark = this.marks?.get(entry.offset);
      if (mark === undefined) continue;
      this.carry += mark;
      this.marks?.delete(entry.offset);
    }
  }

  /** The marks of entries in `list` (the delta about to be sent), or undefined; then forgets them all. */
  takeFor(list: readonly ChatEntry[]): Record<string, number> | undefined {
    const marks = this.marks;
    this.marks = null;
    if (marks === null) return undefined;
    let out: Record<string, number> | undefined;
    for (const entry of list) {
      const mark = marks.get(entry.offset);
      if (mark === undefined) continue;
      out ??= {};
      out[entry.msgId] = mark;
    }
    return out;
  }

  /** Takes the marks of `entries` out of the pending ones, for `restore` once the others went. */
  lift(entries: readonly ChatEntry[]): Map<number, number> | null {
    if (this.marks === null) return null;
    let lifted: Map<number, number> | null = null;
    for (const { offset } of entries) {
      const mark = this.marks.get(offset);
      if (mark === undefined) continue;
      lifted ??= new Map();
      lifted.set(offset, mark);
      this.marks.delete(offset);
    }
    return lifted;
  }

  restore(lifted: Map<number, number> | null): void {
    if (lifted !== null) for (const [offset, count] of lifted) this.mark(offset, count);
  }

  /** Pending marks are dropped with the pending lists; what waits for the next entry stays. */
  clearMarks(): void {
    this.marks = null;
  }

  reset(): void {
    this.marks = null;
    this.carry = 0;
  }

  private mark(offset: number, count: number): void {
    this.marks ??= new Map();
    this.marks.set(offset, (this.marks.get(offset) ?? 0) + count);
  }
}

/** Removes `entry` (by its room offset: an unparsed pending entry knows it without a parse). */
function removeEntry(list: ChatEntry[], entry: ChatEntry): boolean {
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i]?.offset === entry.offset) {
      list.splice(i, 1);
      return true;
    }
  }
  return false;
}

/** The delta that gives a tab everything at once: its filter's view of the buffer, and the whole room state. */
export function snapshotDelta(filter: ChatFilter, entries: readonly ChatEntry[], roomState: RoomState): ChatDelta {
  return { append: [], withdraw: [], replace: plainEntries(latest(filterEntries(filter, entries, roomState.chat))), state: roomState };
}

export function createDeltaCoalescer(options: DeltaCoalescerOptions): DeltaCoalescer {
  const { schedule, emit } = options;
  let filter = options.filter;
  let visible = options.visible;
  let chatState: ChatVisibility = options.chatState ?? { staffOnly: false };
  let cancelTick: (() => void) | null = null;
  /** The pending tick is a `soon` one (a priority entry is pending), and one for the viewer's own message. */
  let tickSoon = false;
  let tickOwn = false;
  let disposed = false;
  const now = options.now ?? Date.now;
  const samplerFor = (speed: ChatSpeed): ChatSampler | null => (speed === 0 ? null : createChatSampler(speed, now()));
  let sampler = samplerFor(options.speed ?? 0);
  /** The next delta says how the tab is sampled: its counts moved a second ago or more, or the speed changed. */
  let sampleDue = false;
  let sampleSentAt = -Infinity;

  // What the next delta carries.
  let append: ChatEntry[] = [];
  let withdraw: string[] = [];
  let replace: ChatEntry[] | null = null;
  let state: Partial<RoomState> = {};
  let hasState = false;
  let sync: RoomSync | null = null;
  let arrived = 0;
  const gaps = new GapMarks();
  /** Chat went by while the tab was hidden: its list is replaced when it is shown. */
  let stale = false;
  /**
   * Until then (now()), the tab was shown again lately: its deltas say nothing of the room's
   * pace, so each comes as after a quiet spell, on the next frame once the tab took the last
   * one in (SHOWN_AGAIN_CATCH_UP_MS).
   */
  let catchUpUntil = Number.NEGATIVE_INFINITY;

  /** Hidden: what is pending of the chat will never be shown as it is. */
  function dropChat(): void {
    if (replace !== null || append.length > 0 || withdraw.length > 0) stale = true;
    append = [];
    withdraw = [];
    replace = null;
    arrived = 0;
    catchUpUntil = Number.NEGATIVE_INFINITY;
    gaps.reset();
  }

  function chatMoved(change: HubChange): boolean {
    return change.appended.length > 0 || change.withdrawn.length > 0 || change.replaced !== null || change.skipped !== null || change.thinned > 0 || change.passedOver.length > 0;
  }

  function clearPending(): void {
    arrived = 0;
    append = [];
    withdraw = [];
    replace = null;
    state = {};
    hasState = false;
    sync = null;
    sampleDue = false;
    gaps.clearMarks();
  }

  function hasPending(): boolean {
    return replace !== null || append.length > 0 || withdraw.length > 0 || hasState || sync !== null || sampleDue;
  }

  /**
   * The sample the delta carries: a slowed tab's at most once a second (the tab redraws its
   * "1 in N" with it, not with every row), and once (null) after it stops being slowed.
   */
  function withSample(delta: ChatDelta): ChatDelta {
    if (sampler === null) return sampleDue ? { ...delta, sample: null } : delta;
    const at = now();
    if (!sampleDue && at - sampleSentAt < 1000) return delta;
    sampleSentAt = at;
    return { ...delta, sample: sampler.sample(at) };
  }

  /**
   * The last `keep` of a pending list, where the priority entries among the cut ones (the
   * newest PRIORITY_ENTRIES_KEPT of them) take the place of the oldest of the rest; in
   * order. What is cut is counted as not shown.
   */
  function keepLast(list: ChatEntry[], keep: number): ChatEntry[] {
    if (list.length <= keep) return list;
    const cut = list.length - keep;
    // The tail's oldest plain entries make room, one for each priority entry kept from
    // before the cut (the newest of those first); the tail's last entry always stays.
    // 1: the entry stays. The tail stays but for the entries freed for rescued ones.
    const keeps = new Uint8Array(list.length).fill(1, cut);
    let rescued = 0;
    let next = cut;
    for (let i = cut - 1; i >= 0 && rescued < PRIORITY_ENTRIES_KEPT; i--) {
      if (!isPriorityEntry(list[i]!)) continue;
      while (next < list.length - 1 && isPriorityEntry(list[next]!)) next++;
      if (next >= list.length - 1) break;
      keeps[next++] = 0;
      keeps[i] = 1;
      rescued++;
    }
    gaps.dropWhere(list, keeps);
    if (rescued === 0) return list.slice(cut);
    const out: ChatEntry[] = [];
    for (let i = 0; i < list.length; i++) if (keeps[i] === 1) out.push(list[i]!);
    return out;
  }

  /** What of a flood's pending list a tab gets: the newest screen, and the priority entries before it (FLOOD_SCREEN_ENTRIES). */
  function floodScreen(list: ChatEntry[]): ChatEntry[] {
    let priority = 0;
    for (let i = list.length - FLOOD_SCREEN_ENTRIES - 1; i >= 0 && priority < PRIORITY_ENTRIES_KEPT; i--) if (isPriorityEntry(list[i]!)) priority++;
    return keepLast(list, FLOOD_SCREEN_ENTRIES + priority);
  }

  function tick(): void {
    cancelTick = null;
    const hurried = tickSoon;
    tickSoon = false;
    tickOwn = false;
    if (disposed || !hasPending()) return;
    // Hurried for a priority entry: the delta ends with the newest one, so the tab shows it
    // as its newest row (in a flood the rows that came after it would bury it at once); what
    // came after waits for the pace.
    let held: ChatEntry[] | null = null;
    let heldMarks: Map<number, number> | null = null;
    if (hurried && replace === null) {
      let last = append.length - 1;
      while (last >= 0 && !isPriorityEntry(append[last]!)) last--;
      if (last >= 0 && last < append.length - 1) {
        held = append.slice(last + 1);
        append = append.slice(0, last + 1);
        heldMarks = gaps.lift(held);
      }
    }
    // What leaves the worker is plain entries: the unparsed ones a delta takes are parsed here.
    let delta: ChatDelta;
    if (replace !== null) {
      delta = { append: [], withdraw: [], replace: plainEntries(keepLast(replace, DELTA_ENTRIES_MAX)) };
    } else if (append.length > DELTA_ENTRIES_MAX) {
      delta = { append: plainEntries(floodScreen(append)), withdraw };
    } else {
      delta = { append: plainEntries(append), withdraw };
    }
    const marks = gaps.takeFor(delta.replace ?? delta.append);
    if (marks !== undefined) delta = { ...delta, gaps: marks };
    if (hasState) delta = { ...delta, state };
    if (sync !== null) delta = { ...delta, sync };
    delta = withSample(delta);
    const count = now() < catchUpUntil ? 0 : arrived;
    clearPending();
    // A hurried delta says nothing of the room's pace: the count runs on to the next paced one.
    if (hurried) arrived = count;
    if (held !== null) {
      append = held;
      gaps.restore(heldMarks);
    }
    emit(delta, count, hurried);
    if (held !== null) ensureTick();
  }

  function countShown(entries: readonly ChatEntry[]): number {
    let n = 0;
    for (const entry of entries) if (showsEntry(filter, entry, chatState)) n++;
    return n;
  }

  function ensureTick(): void {
    if (cancelTick !== null || disposed || !hasPending()) return;
    cancelTick = visible ? schedule.visible(tick) : schedule.hidden(tick);
  }

  /** A priority entry is pending: the tick moves to `soon`. */
  function hurryTick(own: boolean): void {
    if (disposed || !visible || (tickSoon && (tickOwn || !own))) return;
    cancel();
    tickSoon = true;
    tickOwn = own;
    cancelTick = schedule.soon(tick, own);
  }

  function cancel(): void {
    if (cancelTick !== null) cancelTick();
    cancelTick = null;
    tickSoon = false;
    tickOwn = false;
  }

  /** Keeps a pending list from growing without bound in a burst: only the latest can be sent. */
  function bound(list: ChatEntry[]): ChatEntry[] {
    return list.length > 2 * DELTA_ENTRIES_MAX ? keepLast(list, DELTA_ENTRIES_MAX) : list;
  }

  return {
    push(change) {
      if (disposed) return;
      const chat = change.state.chat;
      if (chat !== undefined) chatState = chat;
      if (change.sync !== null) sync = change.sync;
      if (!visible) {
        if (chatMoved(change)) stale = true;
        for (const _key in change.state) {
          state = { ...state, ...change.state };
          hasState = true;
          break;
        }
        ensureTick();
        return;
      }
      if (change.skipped !== null) gaps.add(change.skipped.upTo - change.skipped.after);
      // Left out on purpose: others' plain chat, which only the "all" filter shows. A slowed
      // tab counts them among what its speed left out, not as a gap to mark.
      if (change.thinned > 0 && filter === 'all' && !chatState.staffOnly) {
        if (sampler === null) gaps.add(change.thinned);
        else sampler.leftOut(change.thinned, now());
      }
      if (change.passedOver.length > 0) gaps.add(countShown(change.passedOver));
      if (change.replaced !== null) {
        // A replacement supersedes everything pending before it.
        const next = filterEntries(filter, change.replaced, chatState);
        gaps.supersede(replace ?? append, next);
        replace = next;
        append = [];
        withdraw = [];
        const first = replace[0];
        if (first !== undefined) gaps.place(first);
      }
      let priority = false;
      let own = false;
      for (const entry of change.appended) {
        if (!showsEntry(filter, entry, chatState)) continue;
        if (sampler !== null && !sampler.admits(isPriorityEntry(entry), now())) {
          // Left out for the viewer's speed: said with the next row, or within a second.
          if (!sampleDue && now() - sampleSentAt >= 1000) sampleDue = true;
          continue;
        }
        arrived++;
        if (isPriorityEntry(entry)) priority = true;
        if (entry.mine) own = true;
        if (gaps.waiting()) gaps.place(entry);
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
        if (removeEntry(pending, entry) || replace !== null) continue;
        withdraw.push(entry.msgId);
      }
      for (const _key in change.state) {
        state = { ...state, ...change.state };
        hasState = true;
        break;
      }
      if (priority) hurryTick(own);
      else ensureTick();
    },
    setFilter(next, currentEntries) {
      if (disposed || next === filter) return;
      filter = next;
      replace = latest(filterEntries(filter, currentEntries, chatState));
      append = [];
      withdraw = [];
      ensureTick();
    },
    setSpeed(speed) {
      if (disposed) return;
      sampler = samplerFor(speed);
      sampleDue = true;
      ensureTick();
    },
    setVisible(next, currentEntries) {
      if (next === visible) return;
      visible = next;
      if (!visible) dropChat();
      else if (stale) {
        stale = false;
        catchUpUntil = now() + SHOWN_AGAIN_CATCH_UP_MS;
        replace = latest(filterEntries(filter, currentEntries, chatState));
        append = [];
        withdraw = [];
      }
      // Move a pending tick to the new cadence.
      cancel();
      ensureTick();
    },
    snapshot(entries, roomState, roomSync) {
      if (disposed) return;
      cancel();
      clearPending();
      gaps.reset();
      chatState = roomState.chat;
      const delta = snapshotDelta(filter, entries, roomState);
      emit(roomSync === undefined ? delta : { ...delta, sync: roomSync }, 0, false);
    },
    dispose() {
      disposed = true;
      cancel();
      clearPending();
      gaps.reset();
    },
  };
}
