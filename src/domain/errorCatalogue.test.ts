import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {
  ALL_CATALOGUE_KEYS,
  BUSINESS_CODES,
  CLIENT_MESSAGE_KEYS,
  HTTP_STATUSES,
  HTTP_STATUS_KEYS,
  SESSION_EXPIRED_CODE,
  SUCCESS_CODE,
  messageKeyForCode,
  messageKeyForHttpStatus,
} from './errorCatalogue';

// Copied by hand from PROTOCOL.md section 3, so a code dropped from the catalogue fails here.
const PROTOCOL_CODES = [
  200, 402, 4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009, 4010, 4011, 4012, 4013, 4101, 4102, 4103, 4104,
  4105, 4106, 4107, 4201, 4202, 4203, 4204, 4301, 4302, 4401, 4402, 4403, 4404, 4405, 4406, 4407, 4408, 4501,
];
// Codes this product added (docs/protocol.md section 3, marked chosen): 4409 the own record turned off.
const CHOSEN_CODES = [4409];
// SPEC.md section 8 "Request failures".
const SPEC_HTTP_STATUSES = [400, 403, 404, 408, 500, 501, 502, 503, 504, 505];

// The locale files are read rather than imported: src/domain may not import other src
// layers (eslint layer rule), and a test reading JSON is no layering breach.
type Tree = { [key: string]: unknown };
const localeDir = path.resolve(__dirname, '../i18n/locales');
const LOCALE_NAMES = ['zh_cn', 'tr_cn', 'en_us', 'ru_ru'];
const readLocale = (name: string): Tree =>
  JSON.parse(fs.readFileSync(path.join(localeDir, `${name}.json`), 'utf8')) as Tree;

const hasKey = (tree: Tree, key: string): boolean => {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Tree)[part];
  }
  return typeof node === 'string' && node.trim() !== '';
};

describe('error catalogue', () => {
  it('holds exactly the business codes of PROTOCOL section 3 and the ones docs/protocol.md 3 chose', () => {
    expect([...BUSINESS_CODES]).toEqual([...PROTOCOL_CODES, ...CHOSEN_CODES].sort((a, b) => a - b));
  });

  it('maps every business code to code.<n>', () => {
    for (const code of [...PROTOCOL_CODES, ...CHOSEN_CODES]) expect(messageKeyForCode(code)).toBe(`code.${code}`);
  });

  it('maps every HTTP status of SPEC 8 to http.<n>', () => {
    expect([...HTTP_STATUSES]).toEqual(SPEC_HTTP_STATUSES);
    for (const status of SPEC_HTTP_STATUSES) {
      expect(messageKeyForHttpStatus(status)).toBe(`http.${status}`);
      expect(HTTP_STATUS_KEYS[status as keyof typeof HTTP_STATUS_KEYS]).toBe(`http.${status}`);
    }
  });

  it('answers null for codes and statuses it does not know', () => {
    for (const n of [0, 201, 401, 4000, 4014, 4999, -1, 1.5, Number.NaN]) expect(messageKeyForCode(n)).toBeNull();
    for (const n of [200, 401, 418, 506, 599, 1.5]) expect(messageKeyForHttpStatus(n)).toBeNull();
  });

  it('names the special codes', () => {
    expect(SUCCESS_CODE).toBe(200);
    expect(SESSION_EXPIRED_CODE).toBe(402);
  });

  it('names the SPEC 8 messages that have no server code', () => {
    expect(CLIENT_MESSAGE_KEYS.networkUnstable).toBe('error.networkUnstable');
    expect(CLIENT_MESSAGE_KEYS.requestTimeout).toBe('error.requestTimeout');
    expect(CLIENT_MESSAGE_KEYS.noShareContent).toBe('error.noShareContent');
    expect(CLIENT_MESSAGE_KEYS.exitUnsupported).toBe('error.exitUnsupported');
  });

  for (const name of LOCALE_NAMES) {
    it(`every catalogue key exists in ${name}`, () => {
      const tree = readLocale(name);
      const missing = ALL_CATALOGUE_KEYS.filter((key) => !hasKey(tree, key));
      expect(missing).toEqual([]);
    });
  }
});
