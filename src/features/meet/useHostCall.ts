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

/** How often the console's lists are read again (a kick from the chat, a new sign-up, a guessing alarm). */
const LISTS_EVERY_MS = 5000;

/** A list read now, every LISTS_EVERY_MS and again after each action (`readAgain`); null until first read. */
export function usePolledList<T>(read: (signal: AbortSignal) => Promise<unknown>, narrow: (data: unknown) => T[]): [readonly T[] | null, () => void] {
  const [list, setList] = useState<readonly T[] | null>(null);
  const [reads, setReads] = useState(0);
  usePolling(
    (signal) =>
      read(signal).then(
        (data) => setList(narrow(data)),
        () => undefined, // read again shortly
      ),
    true,
    LISTS_EVERY_MS,
    reads,
  );
  const readAgain = useCallback(() => setReads((n) => n + 1), []);
  return [list, readAgain];
}
