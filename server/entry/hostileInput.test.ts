/**
 * Every call this area serves, straight from the client's call tables: it is routed at the
 * exact method and path the client uses (never a 404), and arbitrary field values (wrong
 * types, huge strings, nested objects, odd characters, with and without a session) get an
 * envelope with a business code, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { COMMERCE_CALLS } from '../../src/protocol/services/commerce';
import type { CallSpec } from '../../src/protocol/calls';
import { pathSegment } from '../../src/domain/pathSegment';
import { guestLogin, startSeeded, type Kit } from './testKit.js';

/** The calls of room entry and the live service's room page (docs/protocol.md 4.7). */
const LIVE_NAMES = [
  'roomInfo', 'signUpStatus', 'login', 'aggLogin', 'interactive', 'refreshSession', 'signConfig', 'signUp', 'whitelist',
  'loginResource', 'checkWatchPassword', 'disposableLogin', 'thirdPartyLoginUrl', 'thirdPartyAuthUrl', 'workWxOauthInfo',
  'workWxUserInfo', 'workWxOpenId', 'aggRelationList', 'praise', 'praiseCount', 'praiseImages', 'onlineCount', 'userRoleList',
  'heartbeat', 'notice', 'contract', 'updateName', 'pushStreamUrl', 'playbackConfig', 'cloudSetting', 'otherSetting',
  'multiStreamList', 'pullStreamUrl', 'defaultStreamList', 'groupInfoList', 'groupConfig', 'group', 'marketConfig',
  'watermarkConfig', 'subscribeConfig', 'messageSubscribe', 'splashConfig', 'splashList', 'splashClick', 'delayCharge',
  'delayCheck', 'recordList',
] as const satisfies readonly (keyof typeof LIVE_CALLS)[];

const COMMERCE_NAMES = [
  'smsSend', 'smsCheck', 'mailSendCode', 'openAppId', 'openUserInfo', 'privateMerchantCheck', 'followQrcode', 'followResult',
] as const satisfies readonly (keyof typeof COMMERCE_CALLS)[];

const CALLS: readonly [string, CallSpec][] = [
  ...LIVE_NAMES.map((n): [string, CallSpec] => [n, LIVE_CALLS[n]]),
  ...COMMERCE_NAMES.map((n): [string, CallSpec] => [n, COMMERCE_CALLS[n]]),
];

const FORM_WORDS = ['interactive', 'reply', 'apply', 'history'];

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('10001', '10002', '10006', '10013', 'nope', '13800000061', 'a@example.com', 'guest', 'line1', '<script>', '../..', '%00', ''),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxKeys: 3 }),
);

const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

let kit: Kit;
let token: string;

beforeAll(async () => {
  kit = await startSeeded();
  token = (await guestLogin(kit)).token;
});
afterAll(async () => kit?.server.close());

/** The router's limit on one path parameter (server/http/app.ts); beyond it, HTTP 414. */
const MAX_PARAM_LENGTH = 2048;

async function send(call: CallSpec, input: Record<string, unknown>, withToken: boolean): Promise<{ status: number; code: unknown; tooLong: boolean }> {
  const rest: Record<string, unknown> = { ...input };
  let tooLong = false;
  const path = call.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = asText(rest[name]);
    delete rest[name];
    const segment = pathSegment(value) ?? 'x';
    if (segment.length > MAX_PARAM_LENGTH) tooLong = true;
    return segment;
  });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (withToken) headers.token = token;
  let url = `${kit.server.url}${path}`;
  let body: string | undefined;
  if (call.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(rest).filter(([, v]) => v !== null).map(([k, v]): [string, string] => [k, asText(v)]));
    if ([...qs].length) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  } else if (FORM_WORDS.some((w) => path.split('?')[0]?.includes(w))) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(rest).filter(([, v]) => v !== null).map(([k, v]): [string, string] => [k, asText(v)])).toString();
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(rest);
  }
  const res = await fetch(url, { method: call.method, headers, ...(body === undefined ? {} : { body }) });
  const json = (await res.json()) as { code?: unknown };
  return { status: res.status, code: json.code, tooLong };
}

describe('every entry and live-service call', () => {
  it.each(CALLS)('%s answers arbitrary input with an envelope, never a 404 or a 500', async (_name, call) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(call.fields.map((f) => [f, fieldValue])), { requiredKeys: [] }),
        fc.boolean(),
        async (input, withToken) => {
          const { status, code, tooLong } = await send(call, input, withToken);
          // An absurdly long path segment is refused by the router as URI too long.
          expect(status).toBe(tooLong ? 414 : 200);
          expect(typeof code).toBe('number');
          expect(code).not.toBe(500);
        },
      ),
      { numRuns: 12 },
    );
  });
});
