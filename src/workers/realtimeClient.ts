/**
 * The main-thread side of the realtime worker: starts the SharedWorker (or, where there is
 * none, a dedicated Worker running the same service), wraps it with comlink, and keeps the
 * worker informed about this tab: its liveness (a Web Lock held for the tab's lifetime),
 * its leaving (pagehide) and its visibility (hidden tabs get fewer updates).
 */
import { wrap, type Remote } from 'comlink';
import { randomId32 } from '../domain/randomId';
import type { RealtimeApi } from '../realtime/realtimeApi';
import { browserRandom, lockManager } from './browserPorts';
import type { WorkerReportSettings } from './workerErrors';

/** What the worker entries expose: the realtime service, and where the worker sends its own error reports. */
export type WorkerApi = RealtimeApi & { configureReports(settings: WorkerReportSettings): void; selfTestError(): void };

export type RealtimeWorkerKind = 'shared' | 'dedicated';

export interface RealtimeClient {
  readonly api: Remote<WorkerApi>;
  readonly tabId: string;
  readonly kind: RealtimeWorkerKind;
  /**
   * Runs `fn` when the page comes back from the back/forward cache: the worker dropped the
   * tab at pagehide, so what it followed must be followed again.
   */
  onRestore(fn: () => void): void;
}

/** The SharedWorker's name: every tab of the origin that uses it reaches the same instance. */
export const SHARED_WORKER_NAME = 'webcast-realtime';

function startWorker(): { api: Remote<WorkerApi>; kind: RealtimeWorkerKind } {
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('./realtime.shared.ts', import.meta.url), { type: 'module', name: SHARED_WORKER_NAME });
    worker.port.start();
    return { api: wrap<WorkerApi>(worker.port), kind: 'shared' };
  }
  const worker = new Worker(new URL('./realtime.dedicated.ts', import.meta.url), { type: 'module', name: SHARED_WORKER_NAME });
  return { api: wrap<WorkerApi>(worker), kind: 'dedicated' };
}

/**
 * Holds this tab's lock until the page goes away; resolves with the lock's name once held,
 * or null without Web Locks. The worker asks for the same lock to learn the tab is gone.
 */
function holdTabLock(tabId: string): Promise<string | null> {
  const locks = lockManager();
  if (locks === null) return Promise.resolve(null);
  const name = `webcast-tab-${tabId}`;
  return new Promise((resolve) => {
    locks
      .request(name, () => {
        resolve(name);
        return new Promise<never>(() => undefined);
      })
      .catch(() => resolve(null));
  });
}

/** `reports`: where the worker sends its own error reports (null: it does not). */
export function startRealtimeClient(reports: WorkerReportSettings | null = null): RealtimeClient {
  const tabId = randomId32(browserRandom);
  const { api, kind } = startWorker();
  const restored: Array<() => void> = [];
  void holdTabLock(tabId).then((lockName) => api.hello(tabId, lockName));
  if (reports !== null) void api.configureReports(reports);
  addEventListener('pagehide', () => void api.goodbye(tabId));
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    // The lock was kept while the page was cached; the worker forgot the tab at pagehide.
    void api.hello(tabId, null);
    for (const fn of restored) fn();
  });
  document.addEventListener('visibilitychange', () => void api.setVisible(tabId, document.visibilityState === 'visible'));
  return { api, tabId, kind, onRestore: (fn) => void restored.push(fn) };
}
