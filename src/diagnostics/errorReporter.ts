/**
 * The page's error reporting (issue 39 item 2): uncaught errors and unhandled rejections of
 * the page (the realtime worker reports its own: src/workers/workerErrors.ts), render
 * errors (src/ui/ErrorBoundary.tsx), the player's fatal errors and failed service calls,
 * through the outbox of src/domain/errorReport.ts (one report per distinct failure, repeats
 * counted, at most 10 a minute, tokens, phone numbers and e-mail addresses taken out), sent
 * in batches a few seconds after the first, and at once when the page is hidden or closed
 * (navigator.sendBeacon, so a closing page still reports). A report endpoint that is down or
 * slow costs the page nothing: a beacon is fire-and-forget, and nothing is retried.
 *
 * `reportFailure` may be called before `installErrorReporting` (or without it, in tests):
 * it then does nothing (the caller keeps its own console record).
 */
import { createErrorReporter, type ErrorKind, type ErrorReporter } from '../domain/errorReport';

export { createErrorReporter, REPORT_BATCH_DELAY_MS, type ErrorReporter, type ReporterDeps } from '../domain/errorReport';

let installed: ErrorReporter | null = null;
let settings: { endpoint: string; app: string; version: string; build: string } | null = null;

/** Where this page sends its reports (for the realtime worker, which reports its own); null: not reporting. */
export const reportingSettings = (): { endpoint: string; app: string; version: string; build: string } | null => settings;

/** Reports a failure (with the console's own record of it); before installation only the console. */
export function reportFailure(kind: ErrorKind, error: unknown, code: number | null = null): void {
  installed?.report(kind, error, code);
}

/** A beacon where there is one (it outlives the page), else a keepalive fetch. */
function browserSend(url: string, body: string): boolean {
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return true;
  void fetch(url, { method: 'POST', body: blob, keepalive: true, credentials: 'omit' }).catch(() => undefined);
  return true;
}

export interface InstallOptions {
  readonly endpoint: string;
  readonly app: string;
  readonly version: string;
  readonly room: () => string | null;
}

/** Listens to the page's uncaught failures and sends reports to `endpoint` from now on. */
export function installErrorReporting(options: InstallOptions): ErrorReporter {
  // The script's file name carries the build's content hash.
  const build = new URL(import.meta.url).pathname.split('/').pop() ?? '';
  settings = { endpoint: options.endpoint, app: options.app, version: options.version, build };
  const reporter = createErrorReporter({
    ...options,
    build,
    userAgent: navigator.userAgent,
    route: () => location.pathname + location.search,
    now: () => Date.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    send: browserSend,
  });
  installed = reporter;
  window.addEventListener('error', (event) => {
    // A resource that failed to load (an image) is not a script error.
    if (!(event instanceof ErrorEvent)) return;
    reporter.report('error', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reporter.report('rejection', event.reason));
  window.addEventListener('pagehide', () => reporter.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  return reporter;
}
