/**
 * One host-side call at a time with its outcome said: busy while it runs, the failure in the
 * viewer's language (SPEC 8 by code, the server's words for 4501), and the answer handed to
 * `onDone`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { failureText } from '../../ui/failureText';
import { useClock } from '../../ui/clock';

export interface HostCall {
  readonly busy: boolean;
  readonly failure: string | null;
  run<T>(call: () => Promise<T>, onDone?: (answer: T) => void): void;
}

export function useHostCall(): HostCall {
  const { t } = useTranslation(INTERACTIONS_NS);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useCallback(
    <T,>(call: () => Promise<T>, onDone?: (answer: T) => void) => {
      setBusy(true);
      setFailure(null);
      call().then(
        (answer) => {
          setBusy(false);
          onDone?.(answer);
        },
        (error: unknown) => {
          setBusy(false);
          setFailure(failureText(error, t));
        },
      );
    },
    [t],
  );
  return { busy, failure, run };
}

/** Calls `read` now and every `ms` while `active`, and again when `again` changes. */
export function usePolling(read: (signal: AbortSignal) => void, active: boolean, ms: number, again: unknown): void {
  const clock = useClock();
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    const controller = new AbortController();
    latest.current(controller.signal);
    if (!active) return () => controller.abort();
    const timer = clock.setInterval(() => latest.current(controller.signal), ms);
    return () => {
      controller.abort();
      clock.clearInterval(timer);
    };
  }, [active, clock, ms, again]);
}
