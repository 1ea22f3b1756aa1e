/**
 * The gifts the room sends, over the player (push 7111; issue 14 item 2): a few banners,
 * one per sender and kind with the count adding up (domain/giftBanners.ts), each sliding
 * in and fading out by transform and opacity only, so the compositor animates them and
 * the chat's updates pay nothing for them. Only gifts that arrive while the page is open
 * show (not the room's last few when it opens), and none when the viewer turned effects off.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { addGifts, giftsAfter, liveBanners, nextDeparture, type GiftBanner } from '../../domain/giftBanners';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useRoomStateKey } from '../../state/roomFeed';
import { viewerSettings } from '../../state/viewerSettings';
import { useYuanFormat } from '../../ui/useYuanFormat';
import { GiftPicture } from './GiftPicture';
import './gifts.css';
import { useClock } from '../../ui/clock';

function useGiftBanners(roomId: string, on: boolean): readonly GiftBanner[] {
  const clock = useClock();
  const gifts = useRoomStateKey(roomId, 'gifts');
  const [banners, setBanners] = useState<readonly GiftBanner[]>([]);
  // The newest gift seen: null until the room's state first arrives (what it holds then is old).
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (gifts === null) return;
    const newest = gifts.at(-1)?.seq ?? 0;
    const before = seen.current;
    seen.current = Math.max(before ?? 0, newest);
    if (before === null || !on) return;
    const fresh = giftsAfter(gifts, before);
    if (fresh.length > 0) setBanners((now) => addGifts(now, fresh, clock.now()));
  }, [clock, gifts, on]);
  // Each banner leaves at its time: one timer for the next departure.
  useEffect(() => {
    const at = nextDeparture(banners);
    if (at === null) return undefined;
    const timer = clock.setTimeout(() => setBanners((now) => liveBanners(now, clock.now())), Math.max(0, at - clock.now()));
    return () => clock.clearTimeout(timer);
  }, [banners, clock]);
  return on ? banners : [];
}

export function GiftEffects({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { effects } = useSnapshot(viewerSettings);
  const banners = useGiftBanners(roomId, effects);
  const yuan = useYuanFormat();
  if (banners.length === 0) return null;
  return (
    <ul className="gift-effects" aria-label={t('gifts.effects')}>
      {banners.map((banner) => (
        // A gift joining a banner redraws it, so its leaving starts again (no slide in a second time).
        <li key={`${banner.id}:${banner.hits}`} className={`gift-banner${banner.hits > 1 ? ' gift-banner--again' : ''}`} data-gift={banner.gift} data-count={banner.count}>
          <span className="gift-banner__picture">
            <GiftPicture kind={banner.gift} size={24} />
          </span>
          <span className="gift-banner__text">
            <bdi className="gift-banner__name">{banner.name}</bdi>{' '}
            {banner.gift === 'reward' ? t('gifts.bannerReward', { amount: yuan(banner.amount) }) : t('gifts.bannerGift', { what: t(`gifts.name.${banner.gift}`) })}
          </span>
          {banner.gift !== 'reward' && (
            <span className="gift-banner__count">
              ×{banner.count}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
