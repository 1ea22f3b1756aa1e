import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en_us from '../../i18n/locales/en_us.json';
import en_us_video from '../../i18n/locales/video/en_us.json';
import zh_cn from '../../i18n/locales/zh_cn.json';
import zh_cn_video from '../../i18n/locales/video/zh_cn.json';
import { chatRowLabels } from './rowLabels';

async function labelsIn(lng: string, resources: Record<string, unknown>) {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: resources } }, interpolation: { escapeValue: false } });
  return { labels: chatRowLabels(i18n.t), t: i18n.t };
}

describe('chatRowLabels', () => {
  it('gives the same words as i18next, names included, in each language', async () => {
    for (const [lng, catalogue] of [['en_us', { ...en_us, ...en_us_video }], ['zh_cn', { ...zh_cn, ...zh_cn_video }]] as const) {
      const { labels, t } = await labelsIn(lng, catalogue);
      for (const name of ['alice', '{{name}}', '$&', '小明']) {
        expect(labels.quoteOf(name)).toBe(t('chat.message.quoteOf', { name }));
        expect(labels.mentionOf(name)).toBe(t('chat.message.mentionOf', { name }));
      }
      expect(labels.role('role.host')).toBe(t('role.host'));
      expect(labels.withdraw).toBe(t('chat.message.withdraw'));
    }
  });

  it('falls back to i18next for a translation without exactly one name', async () => {
    const { labels } = await labelsIn('en_us', { chat: { message: { quoteOf: 'Quote', mentionOf: '{{name}} and {{name}}' } } });
    expect(labels.quoteOf('bob')).toBe('Quote');
    expect(labels.mentionOf('bob')).toBe('bob and bob');
  });
});
