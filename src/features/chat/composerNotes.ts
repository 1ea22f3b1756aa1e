/**
 * The lines the composer shows about the room's chat rules, as i18n keys with literal
 * text in the source (so the locale test sees every key used).
 */
import type { ComposerAvailability, ComposerBlock } from './composerAvailability';

type Translate = (key: string) => string;

export function blockText(block: ComposerBlock, t: Translate): string {
  switch (block) {
    case 'offline':
      return t('chat.composer.blocked.offline');
    case 'joining':
      return t('chat.composer.blocked.joining');
    case 'refused':
      return t('chat.composer.blocked.refused');
    case 'closed':
      return t('chat.composer.blocked.closed');
    case 'muted':
      return t('chat.composer.blocked.muted');
    case 'staffOnly':
      return t('chat.composer.blocked.staffOnly');
  }
}

/** Informational notes besides the block reason: review mode, pictures off. */
export function availabilityNotes(availability: ComposerAvailability, t: Translate): string[] {
  if (availability.block !== null) return [];
  const notes: string[] = [];
  if (availability.review) notes.push(t('chat.composer.review'));
  if (!availability.pictures) notes.push(t('chat.composer.imageDisabled'));
  return notes;
}
