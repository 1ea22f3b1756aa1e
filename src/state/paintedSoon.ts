/**
 * When a tab tells the worker it applied an update: the worker sends a tab its next update
 * only after that (realtimeService `deliver`), so a tab is never handed more than it can
 * paint.
 */

/**
 * A visible tab may get no animation frame for seconds: Chromium stops frames for an
 * off-screen cross-origin iframe (a portal embedding the room) and gives a tab that is not
 * in front about one a second when headless. Waiting on the frame alone stopped such a
 * tab's chat for as long (6.4 s in the chaos suite's tab churn on a loaded machine). A
 * second's wait still held such a tab's next update for most of a second, so the rows it
 * had when its rare frame came were up to a second old (the viewer's own, mentioning and
 * staff messages among them: p95 689 ms at 20,000/s with 4 tabs, 230 ms with this wait);
 * the worker's pace already keeps its updates to a few a second.
 */
export const PAINT_WAIT_MAX_MS = 250;

export interface PaintPorts {
  readonly visible: () => boolean;
  readonly requestFrame: (fn: () => void) => number;
  readonly cancelFrame: (id: number) => void;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (id: unknown) => void;
}

export const browserPaintPorts = (): PaintPorts => ({
  visible: () => document.visibilityState === 'visible',
  requestFrame: (fn) => requestAnimationFrame(fn),
  cancelFrame: (id) => cancelAnimationFrame(id),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
});

/**
 * Resolves once the update is on screen (the next animation frame), at the latest after
 * PAINT_WAIT_MAX_MS. A hidden tab paints nothing: it resolves at once (no timer: the
 * browser runs a hidden tab's timers once a second at best, and an update still counted in
 * flight would hold the list the tab needs the moment it is shown again) and the worker's
 * own cadence for hidden tabs applies.
 */
export function paintedSoon(ports: PaintPorts): Promise<void> {
  if (!ports.visible()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = ports.setTimer(() => {
      ports.cancelFrame(frame);
      resolve();
    }, PAINT_WAIT_MAX_MS);
    const frame = ports.requestFrame(() => {
      ports.clearTimer(timer);
      resolve();
    });
  });
}
