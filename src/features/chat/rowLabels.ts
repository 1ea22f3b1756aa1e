/**
 * The translated words of a chat row, made once per list and language instead of in every
 * row: a busy room mounts hundreds of rows a second, and useTranslation in each of them
 * (three per row before) was about a sixth of the tab's time in the burst benchmark.
 */
import type { TFunction } from 'i18next';
import type { RoleLabelKey } from '../../domain/roles';

export interface ChatRowLabels {
  readonly pinned: string;
  readonly mentionsYou: string;
  readonly quoted: string;
  readonly withdraw: string;
  readonly quote: string;
  readonly mention: string;
  readonly image: string;
  readonly enlarge: string;
  readonly openLink: string;
  role(key: RoleLabelKey): string;
  quoteOf(name: string): string;
  mentionOf(name: string): string;
}

export function chatRowLabels(t: TFunction): ChatRowLabels {
  const roles = new Map<RoleLabelKey, string>();
  return {
    pinned: t('chat.message.pinned'),
    mentionsYou: t('chat.message.mentionsYou'),
    quoted: t('chat.message.quoted'),
    withdraw: t('chat.message.withdraw'),
    quote: t('chat.message.quote'),
    mention: t('chat.message.mention'),
    image: t('chat.message.image'),
    enlarge: t('chat.message.enlarge'),
    openLink: t('chat.message.openLink'),
    role(key) {
      let label = roles.get(key);
      if (label === undefined) {
        label = t(key);
        roles.set(key, label);
      }
      return label;
    },
    quoteOf: (name) => t('chat.message.quoteOf', { name }),
    mentionOf: (name) => t('chat.message.mentionOf', { name }),
  };
}
