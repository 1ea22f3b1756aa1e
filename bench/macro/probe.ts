/**
 * What the macro benchmark installs in every page before the page's own scripts
 * (context.addInitScript): a self-contained function, serialised by Playwright, so it may
 * use nothing from outside its body.
 *
 * - long tasks: a PerformanceObserver of 'longtask' entries (tasks over 50 ms), and what
 *   they were: the 'long-animation-frame' entries that blocked (a task over 50 ms in them),
 *   with their longest scripts (invoker, function and file) and how much was rendering;
 * - long frames: every 'long-animation-frame' entry (a frame whose work took over 50 ms);
 * - frame intervals, only when asked (`start({ frames: true })`): a requestAnimationFrame
 *   loop, intervals between callbacks. Never while the main thread's time is measured: the
 *   loop makes a page render a frame every vsync, which a page does not do by itself (the
 *   video is composited without the main thread), and a frame costs more the more the page
 *   holds, so it added 2.1 % of a core to the baseline's bare list and 2 to 4 % to the
 *   product's video page, idle (bench/README.md);
 * - send-to-screen latency: a MutationObserver on the document; when a chat row
 *   (`article[data-msg-id]`, with `data-send-time` = the message's sendTime, the server's
 *   clock on this same machine) with an id not seen before enters the DOM, the latency is
 *   now - sendTime, now read as Date.now() at the observer's callback (the microtask after
 *   the commit that inserted it: the row is painted in the next frame, at most one frame
 *   interval later). Virtualised lists render only the rows in view, so only those are
 *   timed; the count of timed rows is reported with them;
 * - send-to-paint latency: for the same rows, the time of the animation frame that paints
 *   them (Date.now() in a requestAnimationFrame callback asked for by the observer when it
 *   stamped rows: the frame the inserted rows are painted in, which a page needs anyway, so
 *   it adds no frame). A tab the browser gives few frames shows its rows late, and this says so.
 *
 * `window.__macroProbe.start(options?)` clears and starts recording, `.stop()` returns the figures.
 */
/** A frame that held a long task: what ran in it (LoAF), for a report that says what the long task was. */
export interface BlockingFrame {
  readonly start: number;
  readonly durationMs: number;
  readonly blockingMs: number;
  /** From the start of rendering (style, layout, paint) to the frame's end. */
  readonly renderMs: number;
  /** The longest scripts: "invokerType invoker [function] file: ms". */
  readonly scripts: readonly string[];
}

export interface ProbeFigures {
  readonly longTasks: readonly { readonly start: number; readonly duration: number }[];
  readonly blockingFrames: readonly BlockingFrame[];
  /** Durations of the frames over 50 ms (Long Animation Frames API), blocking or not. */
  readonly longFrames: readonly number[];
  readonly frameIntervals: readonly number[];
  readonly latencies: readonly number[];
  /** When each timed row entered the DOM (Date.now()), parallel to latencies. */
  readonly latencyAt: readonly number[];
  /** The same rows to the animation frame that painted them (absent in older results files). */
  readonly paintLatencies?: readonly number[];
  readonly rows: number;
  readonly visibility: string;
}

/**
 * The init script's source. tsx (esbuild, keepNames) wraps named inner functions in a
 * `__name(...)` helper that does not exist in the page: a no-op stand-in comes first.
 */
export function probeScript(): string {
  return `(() => { const __name = (target) => target; (${installProbe.toString()})(); })();`;
}

export function installProbe(): void {
  interface ProbeState {
    recording: boolean;
    longTasks: { start: number; duration: number }[];
    blockingFrames: BlockingFrame[];
    longFrames: number[];
    /** Bumped by every start() and stop(): a frame callback of an older loop ends it. */
    loop: number;
    frameIntervals: number[];
    lastFrame: number;
    latencies: number[];
    latencyAt: number[];
    paintLatencies: number[];
    /** Send times of rows inserted since the last frame, waiting for it. */
    unpainted: number[];
    rows: number;
    readonly seen: Set<string>;
  }
  const state: ProbeState = { recording: false, longTasks: [], blockingFrames: [], longFrames: [], loop: 0, frameIntervals: [], lastFrame: -1, latencies: [], latencyAt: [], paintLatencies: [], unpainted: [], rows: 0, seen: new Set() };
  (globalThis as { __macroProbe?: unknown }).__macroProbe = {
    start(options?: { readonly frames?: boolean }): void {
      state.recording = true;
      state.longTasks = [];
      state.blockingFrames = [];
      state.longFrames = [];
      state.frameIntervals = [];
      state.lastFrame = -1;
      state.latencies = [];
      state.latencyAt = [];
      state.paintLatencies = [];
      state.unpainted = [];
      state.rows = 0;
      // A loop of an earlier start() may still have a callback pending: it ends at its next call.
      state.loop += 1;
      if (options?.frames === true) requestAnimationFrame(frameOf(state.loop));
    },
    stop(): ProbeFigures {
      state.recording = false;
      state.loop += 1;
      return { longTasks: state.longTasks, blockingFrames: state.blockingFrames, longFrames: state.longFrames, frameIntervals: state.frameIntervals, latencies: state.latencies, latencyAt: state.latencyAt, paintLatencies: state.paintLatencies, rows: state.rows, visibility: document.visibilityState };
    },
  };
  try {
    new PerformanceObserver((list) => {
      if (!state.recording) return;
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
  } catch {
    // no longtask support: the count stays 0 and the report says so via the frame intervals
  }
  interface LoafScript {
    readonly duration: number;
    readonly invoker: string;
    readonly invokerType: string;
    readonly sourceURL: string;
    readonly sourceFunctionName: string;
  }
  interface LoafEntry {
    readonly startTime: number;
    readonly duration: number;
    readonly blockingDuration: number;
    readonly renderStart: number;
    readonly scripts: readonly LoafScript[];
  }
  try {
    new PerformanceObserver((list) => {
      if (!state.recording) return;
      for (const e of list.getEntries() as unknown as LoafEntry[]) {
        state.longFrames.push(e.duration);
        if (!(e.blockingDuration > 0)) continue;
        const end = e.startTime + e.duration;
        const scripts = [...e.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((s) => {
            const file = s.sourceURL.split('/').pop() ?? '';
            return `${s.invokerType} ${s.invoker}${s.sourceFunctionName === '' ? '' : ` [${s.sourceFunctionName}]`}${file === '' ? '' : ` ${file}`}: ${Math.round(s.duration)} ms`;
          });
        state.blockingFrames.push({ start: e.startTime, durationMs: Math.round(e.duration), blockingMs: Math.round(e.blockingDuration), renderMs: e.renderStart > 0 ? Math.round(end - e.renderStart) : 0, scripts });
      }
    }).observe({ type: 'long-animation-frame' });
  } catch {
    // no Long Animation Frames API: long tasks are counted, not explained
  }
  // Hoisted: start() runs later, from the benchmark.
  function frameOf(loop: number): (t: number) => void {
    const frame = (t: number): void => {
      if (state.loop !== loop) return;
      if (state.lastFrame >= 0) state.frameIntervals.push(t - state.lastFrame);
      state.lastFrame = t;
      requestAnimationFrame(frame);
    };
    return frame;
  }

  // The ids a row can enter the DOM again with are recent ones (a list holds at most 200
  // entries): the set keeps the newest, so an hour's run (the soak) does not measure the
  // probe's own memory as the page's growth (a set of every row id: 6 MB or more a tab).
  const SEEN_KEPT = 2000;
  const stamp = (row: Element, now: number): void => {
    const id = row.getAttribute('data-msg-id');
    if (id === null || state.seen.has(id)) return;
    state.seen.add(id);
    if (state.seen.size > SEEN_KEPT) state.seen.delete(state.seen.values().next().value as string);
    if (!state.recording) return;
    const sendTime = Number(row.getAttribute('data-send-time'));
    if (!Number.isFinite(sendTime) || sendTime <= 0) return;
    state.rows += 1;
    state.latencies.push(now - sendTime);
    state.latencyAt.push(now);
    if (state.unpainted.length === 0) requestAnimationFrame(painted);
    state.unpainted.push(sendTime);
  };
  // Hoisted: the frame the rows inserted since the last one are painted in.
  function painted(): void {
    const now = Date.now();
    if (state.recording) for (const sendTime of state.unpainted) state.paintLatencies.push(now - sendTime);
    state.unpainted = [];
  }
  const observer = new MutationObserver((records) => {
    const now = Date.now();
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches('article[data-msg-id]')) stamp(node, now);
        else for (const row of node.querySelectorAll('article[data-msg-id]')) stamp(row, now);
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}
