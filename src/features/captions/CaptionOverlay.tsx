/**
 * Live captions over the video (SPEC 2 "Live captions", push 7125): the room's newest caption
 * in a band above the player's control bar, the newest two lines for as long as each lasts
 * (domain/captionTiming) with SPEC 2's disclaimer under them, in the language the viewer
 * chose where the room captions in several, while the viewer has captions on (the player's
 * captions button and its `c` key switch viewerSettings.captions). It follows the player into
 * full screen and immersive mode, lets every click through but the language choice, and its
 * lines are a polite live region so a screen reader reads each new line.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { captionExpiresAt, captionLanguages, holdCaptions, shownCaptionLanguage, visibleCaptions, type HeldCaption } from '../../domain/captionTiming';
import { realtimeStore } from '../../state/roomFeed';
import { setViewerSetting, viewerSettings } from '../../state/viewerSettings';
import { useOverlayHost } from '../../ui/useOverlayHost';
import './captions.css';
import { useClock } from '../../ui/clock';
import { useReplayCaptions } from './useReplayCaptions';

/** A language tag's name in the viewer's language, where the browser knows it. */
function languageName(lang: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale.replace('_', '-')], { type: 'language' }).of(lang.replace('_', '-')) ?? lang;
  } catch {
    return lang;
  }
}

export function CaptionOverlay({ roomId }: { readonly roomId: string }) {
  const clock = useClock();
  const { t, i18n } = useTranslation();
  const { captions: on, captionLang } = useSnapshot(viewerSettings);
  const captions = useSnapshot(realtimeStore).rooms[roomId]?.room.captions;
  const [held, setHeld] = useState<readonly HeldCaption[]>([]);
  const [now, setNow] = useState(() => clock.now());
  // The worker sends the room state anew on change: a caption object not seen before is new
  // (a batch may bring several, one per language).
  const seen = useRef(new WeakSet<object>(captions ?? []));
  useEffect(() => {
    const fresh = (captions ?? []).filter((c) => !seen.current.has(c));
    if (fresh.length === 0) return;
    for (const c of fresh) seen.current.add(c);
    const at = clock.now();
    setNow(at);
    setHeld((list) => holdCaptions(list, fresh, at));
  }, [captions, clock]);
  // Wake when the next line's time is up.
  useEffect(() => {
    const next = Math.min(...held.map(captionExpiresAt).filter((at) => at > now));
    if (!Number.isFinite(next)) return;
    const timer = clock.setTimeout(() => setNow(clock.now()), Math.max(0, next - clock.now()));
    return () => clock.clearTimeout(timer);
  }, [clock, held, now]);

  // A recording shows the captions of its live at their moments instead (issue 36).
  const replay = useReplayCaptions(roomId);
  const shownHeld = replay?.held ?? held;
  const shownNow = replay?.now ?? now;

  const anchor = useRef<HTMLSpanElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const host = useOverlayHost(anchor, layer);
  const lines = on ? visibleCaptions(shownHeld, shownNow, captionLang) : [];
  const current = shownHeld.filter((c) => shownNow < captionExpiresAt(c));
  const languages = captionLanguages(current);
  const shownLang = shownCaptionLanguage(current, captionLang);
  const band = (
    <div ref={layer} className="captions">
      {lines.length > 0 && languages.length > 1 && (
        <div className="captions__languages" role="radiogroup" aria-label={t('captions.language')}>
          {languages.map((lang) => (
            <button key={lang} type="button" role="radio" aria-checked={lang === shownLang} className="captions__language" onClick={() => setViewerSetting('captionLang', lang)}>
              {languageName(lang, i18n.language)}
            </button>
          ))}
        </div>
      )}
      <div className="captions__lines" role="status" aria-live="polite" aria-label={t('captions.region')}>
        {lines.map((line) => (
          <p key={`${line.arrivedAt}-${line.lang}-${line.text}`} className="captions__line" lang={line.lang.replace('_', '-')} data-testid="caption">
            {line.text}
          </p>
        ))}
      </div>
      {lines.length > 0 && <p className="captions__disclaimer">{t('captions.disclaimer')}</p>}
    </div>
  );
  return (
    <>
      <span ref={anchor} className="captions__anchor" hidden />
      {host === null ? band : createPortal(band, host)}
    </>
  );
}
