/**
 * What the player says over its area in each phase of its machine: the cover with "not
 * started" and a countdown, "preparing", "playing in another tab", loading, buffering,
 * retrying, failed (with a retry and what to try), unsupported (with the way out), ended,
 * chat only (with the way back to the video); the one calm line of a weak network (the
 * network gone, the ladder's last change, a live that cannot keep up, the weak-network
 * modes offered); and the debug overlay's figures.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_STATUS, type DelayMode, type QualityLevel } from '../../domain/constants';
import { countdownText } from '../../domain/countdown';
import { targetSeconds } from '../../domain/liveLatency';
import type { LadderChange } from '../../domain/streamLadder';
import type { WatchMode } from '../../state/watchMode';
import { useClock, useNow } from '../../ui/clock';
import { retryLimit, type ErrorKind, type PlayerPhase } from './playerMachine';
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
  readonly error: ErrorKind | null;
  /** The weak-network ladder has no rung left: say what to try. */
  readonly exhausted: boolean;
  readonly chatOnly: boolean;
  readonly onWatchVideo: () => void;
}

export function PlayerNotices({ phase, attempt, status, coverUrl, startTime, failed, yielded, yieldsLive, delay, onRetry, onLowDelay, error, exhausted, chatOnly, onWatchVideo }: PlayerNoticesProps) {
  const { t } = useTranslation();
  return (
    <>
      {chatOnly && (
        <div className="player__cover player__cover--chat-only">
          <div className="player__notice" role="status">
            <p>{t('player.chatOnlyOn')}</p>
            <button type="button" className="button" onClick={onWatchVideo}>
              {t('player.watchVideo')}
            </button>
          </div>
        </div>
      )}
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
      {yieldsLive && !chatOnly && (
        <Cover url={coverUrl}>
          {/* Held back by another feature (its own layer says why), or playing in another tab. */}
          {yielded && <p>{t('player.yielded')}</p>}
        </Cover>
      )}
      {/* While the network is gone the calm line says so; the loads between retries show nothing. */}
      {(phase === 'idle' || phase === 'loading') && !yieldsLive && error !== 'offline' && (
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
      {phase === 'retrying' && error !== 'offline' && (
        <div className="player__notice player__notice--overlay" role="status">
          <p>{t('player.retrying', { attempt, max: retryLimit(error) })}</p>
        </div>
      )}
      {phase === 'failed' && (
        <div className="player__notice player__notice--overlay" role="alert">
          <p>{t('player.loadFailed')}</p>
          {exhausted && <p className="player__hint">{t(error === 'media' ? 'player.failedMediaHint' : 'player.failedHint')}</p>}
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

/** How long a change of the ladder stays on its line. */
const CHANGE_SHOWN_MS = 8_000;

export interface PlayerStatusLineProps {
  /** The network is gone: the player retries every second. */
  readonly offline: boolean;
  readonly change: LadderChange | null;
  readonly offerModes: boolean;
  readonly cannotKeepUp: boolean;
  readonly targetMs: number;
  readonly qualityLabel: (quality: QualityLevel) => string;
  readonly lineNumber: (lineId: string) => number;
  readonly onWatchMode: (mode: WatchMode) => void;
  /** The weak-network modes on offer. */
  readonly modes: readonly WatchMode[];
}

/**
 * The one calm line of a weak network, over the top of the picture: never a modal, never
 * more than one thing at a time (the network gone first, then the modes offered, then the
 * ladder's newest change for a few seconds, then a live that cannot keep up).
 */
export function PlayerStatusLine({ offline, change, offerModes, cannotKeepUp, targetMs, qualityLabel, lineNumber, onWatchMode, modes }: PlayerStatusLineProps) {
  const { t } = useTranslation();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // A change stays CHANGE_SHOWN_MS on the line: one timer per change, not a tick.
  const clock = useClock();
  const [expiredAt, setExpiredAt] = useState<number | null>(null);
  useEffect(() => {
    if (change === null) return undefined;
    const timer = clock.setTimeout(() => setExpiredAt(change.at), Math.max(0, change.at + CHANGE_SHOWN_MS - clock.now()));
    return () => clock.clearTimeout(timer);
  }, [change, clock]);
  const changeFresh = change !== null && expiredAt !== change.at;
  const changeText = (c: LadderChange): string | null => {
    switch (c.kind) {
      case 'quality':
        return t('player.weakSwitchedQuality', { quality: t(qualityLabel(c.quality)) });
      case 'qualityUp':
        return t('player.betterSwitchedQuality', { quality: t(qualityLabel(c.quality)) });
      case 'line':
        return t('player.weakSwitchedLine', { n: lineNumber(c.lineId) });
      case 'hls':
        return t('player.weakSwitchedHls');
      case 'modes':
      case 'exhausted':
        return null;
    }
  };
  let content: ReactNode = null;
  if (offline) content = <span>{t('player.offline')}</span>;
  else if (offerModes && dismissedAt !== change?.at) {
    content = (
      <>
        <span>{t('player.weakOfferModes')}</span>
        {modes.map((mode) => (
          <button key={mode} type="button" className="player__status-action" onClick={() => onWatchMode(mode)}>
            {t(`player.watchMode.${mode}`)}
          </button>
        ))}
        <button type="button" className="player__status-action player__status-action--quiet" onClick={() => setDismissedAt(change?.at ?? 0)}>
          {t('player.keepVideo')}
        </button>
      </>
    );
  } else if (change !== null && changeFresh && changeText(change) !== null) content = <span>{changeText(change)}</span>;
  else if (cannotKeepUp) content = <span>{t('player.cannotKeepUp', { seconds: targetSeconds(targetMs) })}</span>;
  return (
    <div className="player__status-line" role="status" data-testid="player-status-line" hidden={content === null}>
      {content}
    </div>
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
  return <p className="player__countdown">{days > 0 ? t('countdown.startsInDays', { days, time }) : t('countdown.startsIn', { time })}</p>;
}
