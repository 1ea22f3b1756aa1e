import { describe, expect, it } from 'vitest';
import { enabledLocales, isAllowedOrigin, normaliseAppPrefix, parseRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/** The shape public/config.js ships with. */
const shipped = () => ({
  appPrefix: '/',
  services: { live: '', commerce: '', resource: '', directory: '' },
  defaultRoomId: '10001',
  defaultLocale: 'zh_cn',
  locales: { zh_cn: true, tr_cn: true, en_us: true, ru_ru: false },
  allowedOrigins: [] as unknown[],
  themeColour: '#2081eb',
  errorReporting: { appName: 'cloud_webcast', versionLabel: 'CLV_PC_WEB', endpoint: '/ccp/report/v1/client-errors' },
});

function parsedOk(raw: unknown): RuntimeConfig {
  const result = parseRuntimeConfig(raw);
  if (!result.ok) throw new Error(`expected a valid config, got: ${result.error.join(' | ')}`);
  return result.value;
}

function errorsOf(raw: unknown): string[] {
  const result = parseRuntimeConfig(raw);
  if (result.ok) throw new Error('expected an invalid config');
  return result.error;
}

describe('parseRuntimeConfig', () => {
  it('accepts the shipped public/config.js shape', () => {
    expect(parsedOk(shipped())).toEqual({
      appPrefix: '/',
      services: { live: '', commerce: '', resource: '', directory: '' },
      defaultRoomId: '10001',
      defaultLocale: 'zh_cn',
      locales: { zh_cn: true, tr_cn: true, en_us: true, ru_ru: false },
      allowedOrigins: [],
      themeColour: '#2081eb',
      errorReporting: { appName: 'cloud_webcast', versionLabel: 'CLV_PC_WEB', endpoint: '/ccp/report/v1/client-errors' },
      sockets: [],
    });
  });

  describe('sockets (the nodes of a clustered room server)', () => {
    it('keeps ws and wss addresses, each once', () => {
      expect(parsedOk({ ...shipped(), sockets: ['ws://127.0.0.1:8081/ws', 'wss://node2.example.com/ws', 'ws://127.0.0.1:8081/ws'] }).sockets).toEqual([
        'ws://127.0.0.1:8081/ws',
        'wss://node2.example.com/ws',
      ]);
    });

    it.each([['http://127.0.0.1:8081/ws'], ['not a url'], [42], ['ws://host/ws#frag']])('refuses %j with a message naming it', (entry) => {
      const errors = errorsOf({ ...shipped(), sockets: [entry] });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^sockets\[0\]/);
    });

    it('refuses a value that is not a list', () => {
      expect(errorsOf({ ...shipped(), sockets: 'ws://127.0.0.1:8081/ws' })[0]).toMatch(/^sockets must be an array/);
    });
  });

  it('rejects something that is not an object', () => {
    for (const raw of [null, 42, 'config', []]) expect(errorsOf(raw)).toHaveLength(1);
  });

  describe('appPrefix', () => {
    it.each([
      ['/', '/'],
      ['', '/'],
      ['/webcast', '/webcast'],
      ['/webcast/', '/webcast'],
      ['webcast', '/webcast'],
      ['//a//b/', '/a/b'],
    ])('normalises %j to %j', (raw, expected) => {
      expect(parsedOk({ ...shipped(), appPrefix: raw }).appPrefix).toBe(expected);
    });

    it('names the field when the type is wrong', () => {
      const [error] = errorsOf({ ...shipped(), appPrefix: 42 });
      expect(error).toContain('appPrefix');
      expect(error).toContain('number 42');
    });

    it.each(['/a b', '/x?y=1', '/x#y', '/../etc', '/a/./b'])('rejects %j', (raw) => {
      expect(normaliseAppPrefix(raw)).toBeNull();
      expect(errorsOf({ ...shipped(), appPrefix: raw })[0]).toContain('appPrefix');
    });
  });

  describe('services', () => {
    it('accepts http(s) URLs and drops trailing slashes', () => {
      const config = parsedOk({
        ...shipped(),
        services: { live: 'https://live.example.com/', commerce: 'http://127.0.0.1:8080/api', resource: '', directory: ' ' },
      });
      expect(config.services).toEqual({ live: 'https://live.example.com', commerce: 'http://127.0.0.1:8080/api', resource: '', directory: '' });
    });

    it('names each bad service', () => {
      const errors = errorsOf({ ...shipped(), services: { live: 'ftp://x', commerce: 'not a url', resource: 3, directory: '' } });
      expect(errors).toHaveLength(3);
      expect(errors[0]).toContain('services.live');
      expect(errors[1]).toContain('services.commerce');
      expect(errors[2]).toContain('services.resource');
    });

    it('requires the services object', () => {
      const { services: _dropped, ...withoutServices } = shipped();
      expect(errorsOf(withoutServices)[0]).toContain('services must be an object');
    });
  });

  describe('defaultRoomId', () => {
    it('trims it', () => expect(parsedOk({ ...shipped(), defaultRoomId: ' 20002 ' }).defaultRoomId).toBe('20002'));
    it.each(['', '   ', 10001, undefined, 'a/b', 'a b'])('rejects %j', (id) => {
      expect(errorsOf({ ...shipped(), defaultRoomId: id })[0]).toContain('defaultRoomId');
    });
  });

  describe('locales and defaultLocale', () => {
    it('accepts a default that is enabled', () => {
      const config = parsedOk({ ...shipped(), defaultLocale: 'en_us' });
      expect(config.defaultLocale).toBe('en_us');
      expect(enabledLocales(config)).toEqual(['zh_cn', 'tr_cn', 'en_us']);
    });

    it('rejects a default that is switched off', () => {
      expect(errorsOf({ ...shipped(), defaultLocale: 'ru_ru' })[0]).toMatch(/defaultLocale "ru_ru" is switched off/);
    });

    it('rejects an unknown default', () => {
      expect(errorsOf({ ...shipped(), defaultLocale: 'fr_fr' })[0]).toContain('defaultLocale');
    });

    it('requires every locale, ru_ru included, as a boolean', () => {
      const errors = errorsOf({ ...shipped(), locales: { zh_cn: true, tr_cn: 'yes', en_us: true } });
      expect(errors).toEqual([expect.stringContaining('locales.tr_cn'), expect.stringContaining('locales.ru_ru')]);
    });

    it('rejects unknown locale keys', () => {
      const locales = { zh_cn: true, tr_cn: true, en_us: true, ru_ru: false, fr_fr: true };
      expect(errorsOf({ ...shipped(), locales })[0]).toContain('locales.fr_fr');
    });

    it('needs at least one enabled locale', () => {
      const locales = { zh_cn: false, tr_cn: false, en_us: false, ru_ru: false };
      expect(errorsOf({ ...shipped(), locales })).toContain('locales must enable at least one locale.');
    });
  });

  describe('allowedOrigins', () => {
    it('normalises and de-duplicates origins', () => {
      const config = parsedOk({ ...shipped(), allowedOrigins: ['https://a.example.com/', 'https://a.example.com', 'http://B.example.com:8080'] });
      expect(config.allowedOrigins).toEqual(['https://a.example.com', 'http://b.example.com:8080']);
    });

    it('names each entry that is not a bare origin', () => {
      const errors = errorsOf({ ...shipped(), allowedOrigins: ['https://a.example.com/path', 'example.com', 7, 'javascript:alert(1)'] });
      expect(errors.map((e) => e.slice(0, 17))).toEqual(['allowedOrigins[0]', 'allowedOrigins[1]', 'allowedOrigins[2]', 'allowedOrigins[3]']);
    });

    it('must be an array', () => {
      expect(errorsOf({ ...shipped(), allowedOrigins: 'https://a.example.com' })[0]).toContain('allowedOrigins must be an array');
    });
  });

  describe('themeColour', () => {
    it.each(['#fff', '#2081EB'])('keeps the valid colour %j', (colour) => {
      expect(parsedOk({ ...shipped(), themeColour: colour }).themeColour.toLowerCase()).toBe(colour.toLowerCase());
    });

    it.each(['red', '#12345', 12, undefined])('falls back to #2081eb for %j without an error', (colour) => {
      expect(parsedOk({ ...shipped(), themeColour: colour }).themeColour).toBe('#2081eb');
    });
  });

  describe('errorReporting', () => {
    it('defaults both names when absent', () => {
      const { errorReporting: _dropped, ...raw } = shipped();
      expect(parsedOk(raw).errorReporting).toEqual({ appName: 'cloud_webcast', versionLabel: 'CLV_PC_WEB', endpoint: null });
    });

    it('defaults a missing name and keeps a given one', () => {
      expect(parsedOk({ ...shipped(), errorReporting: { versionLabel: 'X' } }).errorReporting).toEqual({ appName: 'cloud_webcast', versionLabel: 'X', endpoint: null });
      expect(parsedOk({ ...shipped(), errorReporting: { endpoint: 'https://logs.example.com/in' } }).errorReporting.endpoint).toBe('https://logs.example.com/in');
      expect(parsedOk({ ...shipped(), errorReporting: { endpoint: '' } }).errorReporting.endpoint).toBeNull();
      for (const bad of ['//evil.example/x', 'javascript:alert(1)', 'ftp://x/y', 'relative/path', 42]) {
        expect(errorsOf({ ...shipped(), errorReporting: { endpoint: bad } })[0], String(bad)).toContain('errorReporting.endpoint');
      }
    });

    it('rejects wrong types', () => {
      expect(errorsOf({ ...shipped(), errorReporting: { appName: 1 } })[0]).toContain('errorReporting.appName');
      expect(errorsOf({ ...shipped(), errorReporting: 'x' })[0]).toContain('errorReporting must be an object');
    });
  });

  it('collects every problem at once', () => {
    expect(errorsOf({ appPrefix: 1, services: {}, defaultLocale: 'x', locales: {}, allowedOrigins: null }).length).toBeGreaterThanOrEqual(8);
  });

  it('ignores unknown top-level fields', () => {
    expect(parsedOk({ ...shipped(), futureFlag: true }).defaultRoomId).toBe('10001');
  });
});

describe('isAllowedOrigin', () => {
  const config = { allowedOrigins: ['https://partner.example.com', 'http://localhost:3000'] };

  it('accepts listed origins', () => {
    expect(isAllowedOrigin(config, 'https://partner.example.com')).toBe(true);
    expect(isAllowedOrigin(config, 'http://localhost:3000')).toBe(true);
  });

  it('rejects everything else', () => {
    for (const origin of ['https://evil.example.com', 'http://partner.example.com', 'https://partner.example.com:444', 'null', '', 'http://localhost:3001']) {
      expect(isAllowedOrigin(config, origin)).toBe(false);
    }
  });

  it('accepts nothing when the list is empty', () => {
    expect(isAllowedOrigin({ allowedOrigins: [] }, 'https://partner.example.com')).toBe(false);
  });
});
