/**
 * The control bar's icons, from lucide (a well-kept icon set, one look across the product),
 * in currentColor and hidden from screen readers (the buttons carry the names).
 */
import { Captions, Maximize, Minimize, Pause, PictureInPicture2, Play, RectangleHorizontal, Settings, Video, Volume2, VolumeX, type LucideIcon } from 'lucide-react';

const ICONS = {
  play: Play,
  pause: Pause,
  volume: Volume2,
  muted: VolumeX,
  fullscreen: Maximize,
  exitFullscreen: Minimize,
  captions: Captions,
  settings: Settings,
  immersive: RectangleHorizontal,
  pictureInPicture: PictureInPicture2,
  camera: Video,
} as const satisfies Record<string, LucideIcon>;

/** Drawn filled: a solid triangle and bars read better over video than outlines. */
const FILLED: ReadonlySet<IconName> = new Set(['play', 'pause']);

export type IconName = keyof typeof ICONS;

export function Icon({ name }: { readonly name: IconName }) {
  const Drawn = ICONS[name];
  return <Drawn className="player__icon" size={22} strokeWidth={2} fill={FILLED.has(name) ? 'currentColor' : 'none'} aria-hidden="true" focusable="false" />;
}
