/**
 * The realtime worker's own error reports (issue 39 item 2): its uncaught errors and
 * unhandled rejections, reported once by the worker itself (not by each of its tabs, which
 * would tell the same failure as many times as there are tabs), through the same outbox
 * rules as a page (src/domain/errorReport.ts), to the endpoint the first tab names.
 * A worker has no sendBeacon: a keepalive fetch it is.
 */
import { createErrorReporter, type ErrorReporter, type ReportSettings } from '../domain/errorReport';

export type WorkerReportSettings = ReportSettings;

export interface WorkerReporting {
  /** The first tab's settings win; later calls change nothing. */
  configure(settings: WorkerReportSettings): void;
  /** The reporting self-test (src/diagnostics/reportSelfTest.tsx): an uncaught error in the worker, soon. */
  selfTest(): void;
}

export function installWorkerErrorReporting(scope: typeof globalThis): WorkerReporting {
  let reporter: ErrorReporter | null = null;
  const early: { kind: 'worker'; error: unknown }[] = [];
  const report = (error: unknown) => {
    if (reporter !== null) reporter.report('worker', error);
    else if (early.length < 10) early.push({ kind: 'worker', error });
  };
  scope.addEventListener('error', (event) => report((event as ErrorEvent).error ?? (event as ErrorEvent).message));
  scope.addEventListener('unhandledrejection', (event) => report((event as PromiseRejectionEvent).reason));
  return {
    configure(settings) {
      if (reporter !== null) return;
      reporter = createErrorReporter({
        ...settings,
        userAgent: scope.navigator.userAgent,
        route: () => 'realtime worker',
        room: () => null,
        now: () => Date.now(),
        setTimeout: (fn, ms) => scope.setTimeout(fn, ms),
        send: (url, body) => {
          void scope.fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' }, keepalive: true, credentials: 'omit' }).catch(() => undefined);
          return true;
        },
      });
      for (const { error } of early.splice(0)) reporter.report('worker', error);
    },
    selfTest() {
      scope.setTimeout(() => {
        throw new Error('Report self-test: an error in the realtime worker');
      }, 0);
    },
  };
}
