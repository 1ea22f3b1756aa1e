/**
 * The marker row "N messages not shown" before an entry (skippedMarks.ts): while the viewer
 * reads (scrolled up), it loads a page of the messages each time it comes into view; its
 * button does the same for a click or a key, and after a failure it says why and offers to
 * try again (never a retry loop of its own).
 *
 * Coming into view, not being in view: a marker still in view after its page arrived (at
 * the top of the list, where the page opens below it) waits for the viewer, rather than
 * loading page after page while they read the first one.
 */
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '../../i18n/localeChoice';
import type { SkippedLoadState } from './skippedMarks';

export interface SkippedMarkerProps {
  /** Messages left to load (0 when only their number is unknown). */
  readonly count: number;
  readonly state: SkippedLoadState;
  readonly problem: string | null;
  /** The viewer reads older messages: load without being asked. */
  readonly autoLoad: boolean;
  onLoad(): void;
}

function SkippedMarkerView({ count, state, problem, autoLoad, onLoad }: SkippedMarkerProps) {
  const { t, i18n } = useTranslation();
  const marker = useRef<HTMLDivElement>(null);
  // Read by the observer, which lives as long as the marker is shown.
  const latest = useRef({ state, onLoad });
  useEffect(() => {
    latest.current = { state, onLoad };
  }, [state, onLoad]);
  useEffect(() => {
    const element = marker.current;
    if (!autoLoad || element === null) return undefined;
    const loadIfIdle = () => {
      if (latest.current.state === 'idle') latest.current.onLoad();
    };
    if (typeof IntersectionObserver === 'undefined') {
      loadIfIdle();
      return undefined;
    }
    let inView = false;
    const observer = new IntersectionObserver((seen) => {
      const now = seen.some((entry) => entry.isIntersecting);
      if (now && !inView) loadIfIdle();
      inView = now;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad]);
  const what = count > 0 ? t('chat.list.notShown', { n: new Intl.NumberFormat(intlLocaleOf(i18n.language)).format(count) }) : t('chat.list.notShownSome');
  return (
    <div ref={marker} className="chat-gap" data-not-shown={count} data-state={state} title={t('chat.list.notShownWhy')} aria-busy={state === 'loading'}>
      <p className="chat-gap__line">
        <span>{what}</span>
      </p>
      {state !== 'done' && (
        <p className="chat-gap__actions">
          {state === 'loading' && <span role="status">{t('chat.list.loadingSkipped')}</span>}
          {state === 'failed' && (
            <span className="chat-gap__problem" role="alert">
              {problem}
            </span>
          )}
          {(state === 'idle' || state === 'failed') && (
            <button type="button" className="chat-gap__load" onClick={onLoad}>
              {state === 'failed' ? t('chat.list.retrySkipped') : t('chat.list.showSkipped')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}

export const SkippedMarker = memo(SkippedMarkerView);
