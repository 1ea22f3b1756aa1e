/**
 * The bar under the player: how many are online, the room's praise total and the like
 * button. Likes are batched (praiseBatcher.ts): the total moves at each click, the server
 * hears about them once per window. Each like floats a heart (the room's custom praise
 * images when it has them) unless the viewer turned effects off or asked the system for
 * reduced motion.
 */
import { Heart } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { session } from '../../state/session';
import { viewerSettings } from '../../state/viewerSettings';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { useRoomCounts } from './useRoomCounts';
import './praise.css';

export interface CountsBarProps {
  readonly roomId: string;
}

/** Hearts on screen at once; a faster hand reuses the oldest places. */
export const FLOATERS_MAX = 12;

interface Floater {
  readonly id: number;
  /** A custom praise image, or null for the default heart. */
  readonly image: string | null;
  /** Horizontal drift class 0..3, so a stream of hearts does not stack on one line. */
  readonly lane: number;
}

export function CountsBar({ roomId }: CountsBarProps) {
  const { t, i18n } = useTranslation();
  const counts = useRoomCounts(roomId);
  const { liveToken, currentRoomId } = useSnapshot(session);
  const { effects } = useSnapshot(viewerSettings);
  const reducedMotion = useReducedMotion();
  const [floaters, setFloaters] = useState<readonly Floater[]>([]);
  const likes = useRef(0);

  const format = (n: number) => new Intl.NumberFormat(intlLocaleOf(i18n.language)).format(n);
  // Liking needs this room's login (the call answers 402 without one, which would end the visit).
  const canLike = liveToken !== null && currentRoomId === roomId;
  const { online, praise, images, display } = counts;
  if (!display.showOnline && !display.showPraise) return null;

  const onLike = () => {
    if (!counts.like()) return;
    const n = likes.current++;
    if (!effects || reducedMotion) return;
    const floater: Floater = { id: n, image: images.length === 0 ? null : (images[n % images.length] ?? null), lane: n % 4 };
    setFloaters((list) => [...list.slice(-(FLOATERS_MAX - 1)), floater]);
  };
  const landed = (id: number) => setFloaters((list) => list.filter((f) => f.id !== id));

  return (
    <div className="room-counts" data-toolbar-primary="true" role="group" aria-label={t('praise.region')}>
      {display.showOnline && (
        <span className="room-counts__online" data-online={online ?? ''}>
          {t('praise.online', { count: online === null ? '–' : format(online) })}
        </span>
      )}
      {display.showPraise && (
        <span className="room-counts__praise">
          <span className="room-counts__total" data-total={praise.total ?? ''}>
            {t('praise.total', { count: praise.total === null ? '–' : format(praise.total) })}
          </span>
          <button
            type="button"
            className="room-counts__like"
            aria-label={t('praise.like')}
            title={canLike ? t('praise.like') : t('praise.loginFirst')}
            disabled={!canLike}
            onClick={onLike}
          >
            {images[0] !== undefined ? <img className="room-counts__icon" src={images[0]} alt="" /> : <HeartIcon />}
          </button>
          <span className="room-counts__floaters" aria-hidden="true">
            {floaters.map((f) => (
              <span key={f.id} className={`room-counts__floater room-counts__floater--lane${f.lane}`} onAnimationEnd={() => landed(f.id)}>
                {f.image === null ? <HeartIcon /> : <img className="room-counts__icon" src={f.image} alt="" />}
              </span>
            ))}
          </span>
        </span>
      )}
    </div>
  );
}

function HeartIcon() {
  return <Heart className="room-counts__icon" fill="currentColor" strokeWidth={0} aria-hidden="true" focusable="false" />;
}
