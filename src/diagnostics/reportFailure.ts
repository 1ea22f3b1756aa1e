/**
 * Where failures are told (issue 39 item 2), light enough for every page's first script:
 * `reportFailure` keeps what happens before the reporter has loaded (at most
 * EARLY_FAILURES_KEPT) and hands everything to it once it has (`attachReporter`, from
 * src/diagnostics/errorReporter.ts, loaded after the first screen). `collectPageFailures`
 * listens to the page's uncaught errors and rejections from the start.
 */
import type { ErrorKind as FailureKind, ReportSettings } from '../domain/errorReport';

type Sink = (kind: FailureKind, error: unknown, code: number | null) => void;

export const EARLY_FAILURES_KEPT = 20;

let sink: Sink | null = null;
let settings: ReportSettings | null = null;
let loadReporter: (() => void) | null = null;
const early: [FailureKind, unknown, number | null][] = [];

/** Reports a failure; without reporting (no endpoint configured, or tests) nothing happens. */
export function reportFailure(kind: FailureKind, error: unknown, code: number | null = null): void {
  if (sink !== null) return sink(kind, error, code);
  if (loadReporter === null) return;
  if (early.length < EARLY_FAILURES_KEPT) early.push([kind, error, code]);
  // The reporter's code loads with the page's first failure: a page that fails not at all never loads it.
  const load = loadReporter;
  loadReporter = () => undefined;
  load();
}

/**
 * From now on failures are reported: the page's uncaught errors and unhandled rejections,
 * and what the rest tells `reportFailure`; `load` brings the reporter at the first of them.
 */
export function collectPageFailures(where: ReportSettings, load: () => void): void {
  if (loadReporter !== null || sink !== null) return;
  settings = where;
  loadReporter = load;
  window.addEventListener('error', (event) => {
    // A resource that failed to load (an image) is not a script error.
    if (event instanceof ErrorEvent) reportFailure('error', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reportFailure('rejection', event.reason));
}

/** The reporter takes over, with what happened before it came. */
export function attachReporter(report: Sink): void {
  sink = report;
  for (const [kind, error, code] of early.splice(0)) report(kind, error, code);
}

/** Where this page sends its reports (the realtime worker reports its own there); null: not reporting. */
export const reportingSettings = (): ReportSettings | null => settings;
