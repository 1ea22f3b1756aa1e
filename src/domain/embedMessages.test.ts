import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHostMessage, viewerEnvelope } from './embedMessages';

const LOCALES = ['zh_cn', 'en_us'];

describe('readHostMessage', () => {
  it('reads the commands', () => {
    expect(readHostMessage({ source: 'webcast-host', type: 'setLocale', locale: 'en_us' }, LOCALES)).toEqual({ type: 'setLocale', locale: 'en_us' });
    expect(readHostMessage({ source: 'webcast-host', type: 'play' }, LOCALES)).toEqual({ type: 'play' });
    expect(readHostMessage({ source: 'webcast-host', type: 'pause', extra: 1 }, LOCALES)).toEqual({ type: 'pause' });
  });

  it('says why anything else is refused', () => {
    expect(readHostMessage({ source: 'webcast-host', type: 'setLocale', locale: 'ru_ru' }, LOCALES)).toBe('badField');
    expect(readHostMessage({ source: 'webcast-host', type: 'setLocale' }, LOCALES)).toBe('badField');
    expect(readHostMessage({ source: 'webcast-host', type: 'eval', code: 'x' }, LOCALES)).toBe('unknownType');
    expect(readHostMessage({ type: 'play' }, LOCALES)).toBe('notForUs');
    expect(readHostMessage('play', LOCALES)).toBe('notForUs');
    expect(readHostMessage(null, LOCALES)).toBe('notForUs');
    expect(readHostMessage([{ source: 'webcast-host', type: 'play' }], LOCALES)).toBe('notForUs');
  });

  it('never throws, whatever arrives', () => {
    fc.assert(fc.property(fc.anything(), (data) => {
      const read = readHostMessage(data, LOCALES);
      expect(typeof read === 'string' || typeof read === 'object').toBe(true);
    }));
  });
});

describe('viewerEnvelope', () => {
  it('marks the viewer as the source', () => {
    expect(viewerEnvelope({ type: 'entered', roomId: '10001' })).toEqual({ source: 'webcast-viewer', type: 'entered', roomId: '10001' });
  });
});
