/**
 * The page's error reporting (issue 39 item 2), loaded after the first screen: the outbox
 * of src/domain/errorReport.ts (one report per distinct failure, repeats counted, at most
 * 10 a minute, tokens, phone numbers and e-mail addresses taken out) fed by
 * src/diagnostics/reportFailure.ts (the page's uncaught errors and rejections, render
 * errors, the player's fatal errors, failed calls; the realtime worker reports its own:
 * src/workers/workerErrors.ts), sent in batches a few seconds after the first, and at once
 * when the page is hidden or closed (navigator.sendBeacon, so a closing page still
 * reports). A report endpoint that is down or slow costs the page nothing: a beacon is
 * fire-and-forget, and nothing is retried.
 */
import { createErrorReporter, type ErrorReporter, type ReportSettings } from '../domain/errorReport';
import { attachReporter } from './reportFailure';

export { createErrorReporter, REPORT_BATCH_DELAY_MS, type ErrorReporter, type ReporterDeps } from '../domain/errorReport';

/** A beacon where there is one (it outlives the page), else a keepalive fetch. */
function browserSend(url: string, body: string): boolean {
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return true;
  void fetch(url, { method: 'POST', body: blob, keepalive: true, credentials: 'omit' }).catch(() => undefined);
  return true;
}

export interface InstallOptions extends ReportSettings {
  readonly room: () => string | null;
}

/** Sends the page's reports to `endpoint` from now on (what waited since the start included). */
export function installErrorReporting(options: InstallOptions): ErrorReporter {
  const reporter = createErrorReporter({
    ...options,
    userAgent: navigator.userAgent,
    route: () => location.pathname + location.search,
    now: () => Date.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    send: browserSend,
  });
  window.addEventListener('pagehide', () => reporter.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  attachReporter((kind, error, code) => reporter.report(kind, error, code));
  return reporter;
}
