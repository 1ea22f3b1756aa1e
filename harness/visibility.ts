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
 * when not within 3 s.
 */
export const SHOW_AND_TIME_CURRENT = `new Promise((resolve) => {
  const newestShown = () => Math.max(0, ...[...document.querySelectorAll('article[data-send-time]')].map((row) => Number(row.dataset.sendTime)));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return 'visible'; } });
  Object.defineProperty(document, 'hidden', { configurable: true, get() { return false; } });
  const shownAt = Date.now();
  document.dispatchEvent(new Event('visibilitychange'));
  const look = () => {
    if (newestShown() >= shownAt) resolve(Date.now() - shownAt);
    else if (Date.now() - shownAt > 3000) resolve(null);
    else setTimeout(look, 5);
  };
  look();
})`;
