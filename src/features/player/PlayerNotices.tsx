/**
 * What the player says over its area in each phase of its machine: the cover with "not
 * started" and a countdown, "preparing", "playing in another tab", loading, buffering,
 * retrying, failed (with a retry), unsupported (with the way out), ended; and the debug
 * overlay's figures.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_STATUS, type DelayMode } from '../../domain/constants';
import { countdownText } from '../../domain/countdown';
import { useNow } from '../../ui/clock';
import { MAX_RETRIES, type PlayerPhase } from './playerMachine';
import { countdownMs, type LiveStatusCode } from './sources';
import type { Figures } from './useLiveEdge';

export interface PlayerNoticesProps {
  readonly phase: PlayerPhase;
  readonly attempt: number;
  readonly status: LiveStatusCode | null;
  readonly coverUrl: string | null;
  readonly startTime: number | null;
  /** The room info call failed. */
  readonly failed: boolean;
  readonly yielded: boolean;
  readonly yieldsLive: boolean;
  readonly delay: DelayMode;
  readonly onRetry: () => void;
  readonly onLowDelay: () => void;
}

export function PlayerNotices({ phase, attempt, status, coverUrl, startTime, failed, yielded, yieldsLive, delay, onRetry, onLowDelay }: PlayerNoticesProps) {
  const { t } = useTranslation();
  return (
    <>
      {phase === 'waiting' && (
        <Cover url={coverUrl}>
          {status === LIVE_STATUS.preparing ? (
            <p>{t('player.preparing')}</p>
          ) : status === LIVE_STATUS.notStarted ? (
            <>
              <p>{t('player.notStarted')}</p>
              <Countdown startTime={startTime} />
            </>
          ) : (
            <p>{t('player.noSource')}</p>
          )}
        </Cover>
      )}
      {yieldsLive && (
        <Cover url={coverUrl}>
          {/* Held back by another feature (its own layer says why), or playing in another tab. */}
          {yielded && <p>{t('player.yielded')}</p>}
        </Cover>
      )}
      {(phase === 'idle' || phase === 'loading') && !yieldsLive && (
        <div className="player__notice player__notice--overlay" role="status">
          {failed ? (
            <>
              <p>{t('player.loadFailed')}</p>
              <button type="button" className="button" onClick={onRetry}>
                {t('player.retry')}
              </button>
            </>
          ) : (
            <p>{t('player.loading')}</p>
          )}
        </div>
      )}
      {phase === 'stalled' && (
        <div className="player__notice player__notice--overlay" role="status">
          <p>{t('player.buffering')}</p>
        </div>
      )}
      {phase === 'retrying' && (
        <div className="player__notice player__notice--overlay" role="status">
          <p>{t('player.retrying', { attempt, max: MAX_RETRIES })}</p>
        </div>
      )}
      {phase === 'failed' && (
        <div className="player__notice player__notice--overlay" role="alert">
          <p>{t('player.loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('player.retry')}
          </button>
        </div>
      )}
      {phase === 'unsupported' && (
        <div className="player__notice player__notice--overlay" role="alert">
          <p>{delay === 'noDelay' ? t('player.noDelayUnsupported') : t('player.unsupported')}</p>
          {delay === 'noDelay' && (
            <button type="button" className="button" onClick={onLowDelay}>
              {t('player.useLowDelay')}
            </button>
          )}
        </div>
      )}
      {phase === 'ended' && (
        <Cover url={coverUrl}>
          <p>{t('player.ended')}</p>
        </Cover>
      )}
    </>
  );
}

/** The debug overlay: engine, latency, buffer, resolution and dropped frames. */
export function PlayerDebug({ figures }: { readonly figures: Figures | null }) {
  const { t } = useTranslation();
  return (
    <dl className="player__debug" aria-label={t('player.debug')}>
      <dt>{t('player.engine')}</dt>
      <dd>{figures?.engine ?? '-'}</dd>
      <dt>{t('player.latency')}</dt>
      <dd data-testid="player-latency">{figures?.latencyMs == null ? '-' : t('player.ms', { value: Math.round(figures.latencyMs) })}</dd>
      <dt>{t('player.buffer')}</dt>
      <dd>{figures === null ? '-' : t('player.ms', { value: Math.round(figures.bufferMs) })}</dd>
      <dt>{t('player.resolution')}</dt>
      <dd>{figures === null ? '-' : `${figures.width}×${figures.height}`}</dd>
      <dt>{t('player.dropped')}</dt>
      <dd>{figures?.dropped ?? 0}</dd>
    </dl>
  );
}

/** The room's cover over the player's area, with a status note (not started, elsewhere, ended). */
function Cover({ url, children }: { readonly url: string | null; readonly children: ReactNode }) {
  return (
    <div className="player__cover">
      {url && <img className="player__cover-image" src={url} alt="" />}
      <div className="player__notice" role="status">
        {children}
      </div>
    </div>
  );
}

/** The time left to the start, brought up to date each second while it shows. */
function Countdown({ startTime }: { readonly startTime: number | null }) {
  const { t } = useTranslation();
  const ms = countdownMs(startTime, useNow(1000));
  if (ms === null || ms <= 0) return null;
  const { days, time } = countdownText(ms);
  return <p className="player__countdown">{days > 0 ? t('player.startsInDays', { days, time }) : t('player.startsIn', { time })}</p>;
}
