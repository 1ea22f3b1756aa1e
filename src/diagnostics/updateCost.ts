/**
 * The main-thread cost of one chat update, applied and painted (issue 11 item 1), measured
 * only when a page asks for it (the macro benchmark sets `window.__webcastUpdateCosts` to
 * an array): the update's own task (the store, React's render and commit, in its
 * microtasks) up to the next task or frame, plus the next frame's rendering (style, layout,
 * the list's ResizeObserver work, paint), from its animation-frame callbacks to the first
 * task after it. Waiting for the frame is not counted. Elsewhere it costs one lookup.
 */

import { isStaff } from '../domain/roles';

/** One measured update, in ms: its own task and the next frame's rendering (script or rendering). */
export type UpdateCost = readonly [task: number, frame: number];

/** What one update cost in all: its task and its frame. */
export const updateTotal = ([task, frame]: UpdateCost): number => task + frame;

type CostSink = UpdateCost[];

export function updateCostSink(): CostSink | null {
  const sink = (globalThis as { __webcastUpdateCosts?: unknown }).__webcastUpdateCosts;
  return Array.isArray(sink) ? (sink as CostSink) : null;
}

/** Runs `fn` in a task of its own, after the current one and its microtasks. */
function nextTask(fn: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}

/** The performance mark of each measured chat update: where it is in a trace (bench/macro/tracedUpdates.ts). */
export const UPDATE_MARK = 'webcast-chat-update';
/** The same for the page's floor (measureUpdateFloor): one trace holds both, told apart. */
export const FLOOR_MARK = 'webcast-floor-update';

/** Call right after applying an update that started at `started` (performance.now()). */
export function measureUpdate(sink: CostSink, started: number, mark: string = UPDATE_MARK): void {
  performance.mark(mark);
  performance.clearMarks(mark);
  let ownTaskEnd = -1;
  nextTask(() => {
    if (ownTaskEnd < 0) ownTaskEnd = performance.now();
  });
  requestAnimationFrame(() => {
    const frameStart = performance.now();
    // A frame that came before the next task ended the update's own task.
    if (ownTaskEnd < 0) ownTaskEnd = frameStart;
    nextTask(() => sink.push([ownTaskEnd - started, performance.now() - frameStart]));
  });
}

/**
 * The viewer's own, mentioning and staff entries this tab was given (msgId -> text),
 * recorded only when a page asks (the macro benchmark sets `window.__webcastPriorityIds` to
 * a Map): the benchmark checks that none of them is ever skipped in a flood (issue 11 item 4).
 */
export function prioritySink(): Map<string, string> | null {
  const sink = (globalThis as { __webcastPriorityIds?: unknown }).__webcastPriorityIds;
  return sink instanceof Map ? (sink as Map<string, string>) : null;
}

interface PriorityFacts {
  readonly msgId: string;
  readonly text: string;
  readonly mine: boolean;
  readonly mentionsMe: boolean;
  readonly role: number;
}

export function recordPriority(sink: Map<string, string>, entries: readonly PriorityFacts[] | undefined): void {
  if (entries === undefined) return;
  for (const entry of entries) if (entry.mine || entry.mentionsMe || isStaff(entry.role)) sink.set(entry.msgId, entry.text);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same measure for the smallest update a page can make: one character of a text
 * node in a small fixed element, applied and painted. The macro benchmark asks for it
 * (`window.__webcastUpdateFloor(count)`, installed only where `__webcastUpdateCosts` is an
 * array) in the idle second before a burst, so the chat update's cost is printed beside
 * what any update costs this page on this machine.
 */
export async function measureUpdateFloor(count: number): Promise<number[]> {
  const costs: UpdateCost[] = [];
  const host = document.createElement('span');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;left:0;bottom:0;font-size:10px;opacity:0.01;pointer-events:none';
  document.body.append(host);
  try {
    for (let i = 0; i < count; i++) {
      const before = costs.length;
      const started = performance.now();
      host.textContent = String(i % 10);
      measureUpdate(costs, started, FLOOR_MARK);
      // Done when measured, then a pause as long as a quiet room's updates are apart.
      while (costs.length === before) await pause(10);
      await pause(50);
    }
  } finally {
    host.remove();
  }
  return costs.map(updateTotal);
}

if (updateCostSink() !== null) (globalThis as { __webcastUpdateFloor?: unknown }).__webcastUpdateFloor = measureUpdateFloor;
