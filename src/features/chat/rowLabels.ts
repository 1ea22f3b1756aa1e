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
  readonly original: string;
  role(key: RoleLabelKey): string;
  quoteOf(name: string): string;
  mentionOf(name: string): string;
  originalOf(name: string): string;
}

/** Stands for the name while a template is made; no translation or name contains it. */
const NAME_MARK = '\u0000';

/**
 * `key` with a name, as a function that joins strings instead of asking i18next per row
 * (the quote and mention labels of every row cost more than the rest of its words).
 */
function withName(t: TFunction, key: string): (name: string) => string {
  const parts = t(key, { name: NAME_MARK }).split(NAME_MARK);
  if (parts.length !== 2) return (name) => t(key, { name });
  const [before, after] = parts as [string, string];
  return (name) => before + name + after;
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
    original: t('chat.message.original'),
    role(key) {
      let label = roles.get(key);
      if (label === undefined) {
        label = t(key);
        roles.set(key, label);
      }
      return label;
    },
    quoteOf: withName(t, 'chat.message.quoteOf'),
    mentionOf: withName(t, 'chat.message.mentionOf'),
    originalOf: withName(t, 'chat.message.originalOf'),
  };
}
