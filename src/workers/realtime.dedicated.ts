/**
 * Dedicated Worker entry: the fallback where SharedWorker does not exist (some mobile
 * browsers). The same service and API, one per tab, so one socket per tab; the parsing and
 * filtering still stay off the tab's main thread.
 */
import { expose } from 'comlink';
import { createRealtimeService } from '../realtime/realtimeService';
import { browserPorts } from './browserPorts';
import { installWorkerErrorReporting } from './workerErrors';

const reporting = installWorkerErrorReporting(globalThis);
expose({ ...createRealtimeService(browserPorts()), configureReports: reporting.configure, selfTestError: reporting.selfTest });
