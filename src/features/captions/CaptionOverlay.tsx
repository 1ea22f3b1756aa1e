/**
 * Live captions over the video (SPEC 2 "Live captions", push 7125): the room's newest caption
 * in a band above the player's control bar, for as long as it lasts (domain/captionTiming),
 * while the viewer has captions on (the player's captions button and its `c` key switch
 * viewerSettings.captions). It follows the player into full screen and immersive mode, lets
 * every click through, and is a polite live region so a screen reader reads each new line.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { captionDurationMs } from '../../domain/captionTiming';
import { realtimeStore } from '../../state/roomFeed';
import { viewerSettings } from '../../state/viewerSettings';
import { useOverlayHost } from '../../ui/useOverlayHost';
import './captions.css';

interface Shown {
  readonly text: string;
  readonly lang: string;
  readonly arrivedAt: number;
  readonly start: number;
  readonly end: number;
}

export function CaptionOverlay({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation();
  const { captions: on } = useSnapshot(viewerSettings);
  const captions = useSnapshot(realtimeStore).rooms[roomId]?.room.captions;
  const latest = captions === undefined || captions.length === 0 ? null : captions[captions.length - 1];
  const [shown, setShown] = useState<Shown | null>(null);
  // A new caption object is a new caption (the worker sends the room state anew on change).
  const seen = useRef<unknown>(latest);
  useEffect(() => {
    if (latest === null || latest === undefined || latest === seen.current) return;
    seen.current = latest;
    setShown({ text: latest.text, lang: latest.lang, start: latest.start, end: latest.end, arrivedAt: Date.now() });
  }, [latest]);
  useEffect(() => {
    if (shown === null) return;
    const left = captionDurationMs(shown.start, shown.end) - (Date.now() - shown.arrivedAt);
    const timer = setTimeout(() => setShown((current) => (current === shown ? null : current)), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [shown]);

  const anchor = useRef<HTMLSpanElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const host = useOverlayHost(anchor, layer);
  // The timer above takes a caption away when its time is up.
  const visible = on && shown !== null;
  const band = (
    <div ref={layer} className="captions" role="status" aria-live="polite" aria-label={t('captions.region')}>
      {visible && (
        <p className="captions__line" lang={shown.lang.replace('_', '-')} data-testid="caption">
          {shown.text}
        </p>
      )}
    </div>
  );
  return (
    <>
      <span ref={anchor} className="captions__anchor" hidden />
      {host === null ? band : createPortal(band, host)}
    </>
  );
}
