/**
 * The error reporting self-test (issue 39 item 2): a page opened with `?reportSelfTest=1`
 * fails on purpose once in each place a report comes from (an uncaught error in the page,
 * one in the realtime worker, a render error in a region), so an operator can see that
 * their endpoint receives and counts them (README, docs/protocol.md 5.11). Loaded only
 * when asked for (src/app/AppLayout.tsx): the pages carry none of it.
 */
import { useEffect } from 'react';
import { workerReportSelfTest } from '../state/realtimeConnection';
import { ErrorBoundary } from '../ui/ErrorBoundary';

export const SELF_TEST_PARAM = 'reportSelfTest';
let ran = false;
let crashed = false;

function RenderCrash(): null {
  if (!crashed) {
    crashed = true;
    throw new Error('Report self-test: a render error');
  }
  return null;
}

export default function ReportSelfTest() {
  useEffect(() => {
    if (ran) return;
    ran = true;
    window.setTimeout(() => {
      throw new Error('Report self-test: an uncaught error in the page');
    }, 0);
    void workerReportSelfTest();
  }, []);
  return (
    <ErrorBoundary region="self-test">
      <RenderCrash />
    </ErrorBoundary>
  );
}
