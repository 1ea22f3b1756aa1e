/**
 * What the splash shows while an advert is on: the picture (or the title when there is no
 * usable picture), a countdown and, when the room allows it, a skip button. The advert is a
 * link to a new tab only when it has an http(s) link. Presentation only: the flow lives
 * in splashFlow.ts.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SplashAdvert } from './splashData';
import { secondsLeft } from './splashMachine';

export interface SplashViewProps {
  readonly advert: SplashAdvert;
  readonly remainingMs: number;
  readonly skippable: boolean;
  readonly onSkip: () => void;
  /** The viewer opened the advert's link (it opens in a new tab by itself). */
  readonly onOpen: () => void;
}

export function SplashView({ advert, remainingMs, skippable, onSkip, onOpen }: SplashViewProps) {
  const { t } = useTranslation();
  const seconds = secondsLeft(remainingMs);
  // A picture that does not load (gone, not an image) gives way to the title.
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const image = advert.imageUrl !== null && advert.imageUrl !== brokenImage ? advert.imageUrl : null;
  const title = advert.title !== '' ? advert.title : image === null ? t('splash.advert') : '';
  const content = (
    <>
      {image !== null && <img className="splash__image" src={image} alt={advert.title || t('splash.advert')} onError={() => setBrokenImage(image)} />}
      {/* Isolated: a title with a bidi override must not turn the "open" label after it around. */}
      {title !== '' && <bdi className={image === null ? 'splash__title splash__title--alone' : 'splash__title'}>{title}</bdi>}
    </>
  );
  return (
    // A labelled region, not a dialog: it is not modal (the page under it stays usable by
    // keyboard and goes on loading), and it must not be taken for one of the room's dialogs.
    <div className="splash" role="region" aria-label={t('splash.label')} data-testid="splash">
      <div className="splash__card">
        {advert.linkUrl === null ? (
          <div className="splash__advert">{content}</div>
        ) : (
          <a className="splash__advert splash__advert--link" href={advert.linkUrl} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
            {content}
            <span className="splash__open">{t('splash.open')}</span>
          </a>
        )}
        <div className="splash__bar">
          <span className="splash__countdown" role="timer" data-seconds={seconds}>
            {t('splash.countdown', { seconds })}
          </span>
          {skippable && (
            <button type="button" className="button button--primary splash__skip" onClick={onSkip}>
              {t('splash.skip')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
