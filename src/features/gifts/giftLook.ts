/** How each paid kind looks: a picture character (decorative; the name is always written beside it). */
import type { PaidKind } from '../../domain/constants';

export const GIFT_PICTURE: Readonly<Record<PaidKind, string>> = {
  rose: '🌹',
  heart: '❤️',
  applause: '👏',
  lollipop: '🍭',
  balloon: '🎈',
  rocket: '🚀',
  reward: '🧧',
};
