/**
 * A page made to report itself hidden or shown, as a background tab does: headless Chromium
 * has no switch that hides a tab (CDP's Page.setWebLifecycleState freezes, which is another
 * thing), so `document.visibilityState` is emulated in the page and `visibilitychange`
 * fired. Scripts as strings: tsx would wrap functions in a helper the page lacks. Shared by
 * the macro benchmark and the browser tests of bounded lag.
 */

/** Makes the page report `hidden` (or shown again). */
export const setHiddenScript = (hidden: boolean): string => `(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return ${hidden ? "'hidden'" : "'visible'"}; } });
  Object.defineProperty(document, 'hidden', { configurable: true, get() { return ${hidden}; } });
  document.dispatchEvent(new Event('visibilitychange'));
})()`;

/**
 * Shows the hidden page and answers how long, by the page's clock, until the newest row its
 * chat list shows (\`article[data-send-time]\`) was sent no earlier than that moment; null
 * when not within 3 s. On the way it leaves \`globalThis.__shownAgainTrail\`: when the first
 * animation frame came and each change of the newest row shown ([ms since shown, its send
 * time less the moment shown]), so a slow show can say whether the rows came late or the
 * page was slow to show them.
 */
export const SHOW_AND_TIME_CURRENT = `new Promise((resolve) => {
  const newestShown = () => Math.max(0, ...[...document.querySelectorAll('article[data-send-time]')].map((row) => Number(row.dataset.sendTime)));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return 'visible'; } });
  Object.defineProperty(document, 'hidden', { configurable: true, get() { return false; } });
  const shownAt = Date.now();
  const trail = { firstFrameMs: null, newest: [] };
  globalThis.__shownAgainTrail = trail;
  let last = newestShown();
  document.dispatchEvent(new Event('visibilitychange'));
  requestAnimationFrame(() => { trail.firstFrameMs = Date.now() - shownAt; });
  const look = () => {
    const newest = newestShown();
    if (newest !== last) {
      last = newest;
      trail.newest.push([Date.now() - shownAt, newest - shownAt]);
    }
    if (newest >= shownAt) resolve(Date.now() - shownAt);
    else if (Date.now() - shownAt > 3000) resolve(null);
    else setTimeout(look, 5);
  };
  look();
})`;

/** What SHOW_AND_TIME_CURRENT left behind, read with \`page.evaluate(SHOWN_AGAIN_TRAIL)\`. */
export interface ShownAgainTrail {
  readonly firstFrameMs: number | null;
  readonly newest: readonly (readonly [atMs: number, sentSinceShownMs: number])[];
}
export const SHOWN_AGAIN_TRAIL = 'globalThis.__shownAgainTrail ?? null';

/** A trail in one line: "first frame 12 ms; newest row sent 30 ms before at 40 ms, sent 12 ms after at 95 ms". */
export function trailText(trail: ShownAgainTrail | null): string {
  if (trail === null) return 'no trail';
  const rows = trail.newest.map(([at, sent]) => `sent ${String(Math.abs(sent))} ms ${sent >= 0 ? 'after' : 'before'} at ${String(at)} ms`);
  return `first frame ${trail.firstFrameMs === null ? 'none' : `${String(trail.firstFrameMs)} ms`}; newest row ${rows.length === 0 ? 'unchanged' : rows.join(', ')}`;
}
