/**
 * Loading skeletons: the shape of what is coming (a player, a chat, the event and its form),
 * shimmering unless the viewer asked for less motion, instead of a blank panel. One polite
 * "loading" for assistive technology; the shapes themselves are hidden from it.
 */
import { useTranslation } from 'react-i18next';

type Shape = 'player' | 'chat' | 'event';

const LINES: Readonly<Record<Shape, readonly string[]>> = {
  player: ['skeleton__block skeleton__block--video'],
  chat: ['skeleton__pill-row', 'skeleton__line skeleton__line--short', 'skeleton__line', 'skeleton__line skeleton__line--mid', 'skeleton__line', 'skeleton__box'],
  event: ['skeleton__block skeleton__block--video', 'skeleton__line skeleton__line--title', 'skeleton__line skeleton__line--mid', 'skeleton__line skeleton__line--short', 'skeleton__box'],
};

export function Skeleton({ shape }: { readonly shape: Shape }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton skeleton--${shape}`} role="status" aria-busy="true" data-testid={`skeleton-${shape}`}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {LINES[shape].map((className, index) => (
        <span key={index} className={className} aria-hidden="true" />
      ))}
    </div>
  );
}
