/**
 * SharedWorker entry: one realtime service for every tab of the browser (one socket per
 * login). Each tab that connects gets its own comlink endpoint on its port; they all reach
 * the same service, which tells tabs apart by the tabId they pass.
 */
import { expose } from 'comlink';
import { createRealtimeService } from '../realtime/realtimeService';
import { browserPorts } from './browserPorts';
import { installWorkerErrorReporting } from './workerErrors';

const reporting = installWorkerErrorReporting(globalThis);
const service = { ...createRealtimeService(browserPorts()), configureReports: reporting.configure, selfTestError: reporting.selfTest };

interface SharedWorkerScope {
  onconnect: ((event: MessageEvent) => void) | null;
}

(globalThis as unknown as SharedWorkerScope).onconnect = (event) => {
  const port = event.ports[0];
  if (port !== undefined) expose(service, port);
};
