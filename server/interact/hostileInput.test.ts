/**
 * Every call of the interactive features, the commerce service and the resource host, taken
 * from the client's call tables: it is routed at the exact method and path the client uses,
 * a request without its fields gets code 4501 naming one, and arbitrary field values (wrong
 * types, huge strings, nested objects, odd characters, with and without a session and an
 * Idempotency-Key) get an envelope with a business code, never a 404 or a 500.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSpec } from '../../src/protocol/calls';
import { pathSegment } from '../../src/domain/pathSegment';
import { COMMERCE_CALLS } from '../../src/protocol/services/commerce';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { RESOURCE_CALLS } from '../../src/protocol/services/resource';
import type { TestServer } from '../testing/harness.js';
import { newKey, seededRoom, startInteractServer, viewer, type Caller } from '../testing/interactFixtures.js';

const LIVE_NAMES = [
  'rollCallAnswer', 'paperInfo', 'paperPublishList', 'paperUnanswered', 'paperState', 'answerSheetNeed', 'answerSheetGet',
  'answerSheetAnswer', 'raffleWinners', 'raffleRecord', 'raffleWinner', 'rafflePassword', 'posterInvitationList', 'qaAsk',
  'qaList', 'qaReply', 'qaWithQuestion', 'qaSwitch',
] as const satisfies readonly (keyof typeof LIVE_CALLS)[];

const COMMERCE_NAMES = [
  'goodsAudienceList', 'goodsDetail', 'goodsPushed', 'goodsSearch', 'goodsPurchase', 'rewardPayGift', 'giftList',
  'recommendList', 'recommendById', 'recommendFind', 'recommendPush', 'posterTemplateContent', 'posterCustomList',
  'posterGuestInfo', 'posterCreate', 'posterCustomCreate', 'inviteAdd', 'consultAdd', 'redPacketJudge', 'redPacketDraw',
  'redPacketActivityList', 'redPacketUserInfo', 'redPacketWithdraw',
] as const satisfies readonly (keyof typeof COMMERCE_CALLS)[];

const CALLS: readonly [string, CallSpec][] = [
  ...LIVE_NAMES.map((n): [string, CallSpec] => [n, LIVE_CALLS[n]]),
  ...COMMERCE_NAMES.map((n): [string, CallSpec] => [n, COMMERCE_CALLS[n]]),
  ...Object.entries(RESOURCE_CALLS).map(([n, c]): [string, CallSpec] => [n, c]),
];

const ROOM = 'r1';

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(ROOM, `pp_${ROOM}_survey`, `rf_${ROOM}_password`, `rp_${ROOM}`, `gd_${ROOM}_mug`, 'rose', '0.10', '1', 'A', 'nope', '<script>', '../..', '%00', ''),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxKeys: 3 }),
);

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

let server: TestServer;
let api: Caller;
let token: string;

beforeAll(async () => {
  ({ server, api } = await startInteractServer());
  await seededRoom(server.ctx, ROOM);
  token = (await viewer(server.ctx, 'alice', ROOM, { nameChanged: true, realNameVerified: true })).token;
  // Everything running, so the inputs reach the rules and not only "not started".
  for (const path of ['lottery/start', 'redpacket/send']) await api.admin(`/admin/v1/rooms/${ROOM}/${path}`);
  await api.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'paper' });
  await api.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'answerSheet' });
});
afterAll(async () => server?.close());

async function send(call: CallSpec, input: Record<string, unknown>, options: { token: boolean; key: boolean }) {
  const rest: Record<string, unknown> = { ...input };
  const path = call.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = asText(rest[name]);
    delete rest[name];
    return (pathSegment(value) ?? 'x').slice(0, 2000);
  });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.token = token;
  if (options.key) headers['idempotency-key'] = newKey();
  let url = `${server.url}${path}`;
  let body: string | undefined;
  if (call.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(rest).filter(([, v]) => v !== null).map(([k, v]): [string, string] => [k, asText(v)]));
    if ([...qs].length) url += `?${qs}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(rest);
  }
  const res = await fetch(url, { method: call.method, headers, ...(body === undefined ? {} : { body }) });
  const json = (await res.json()) as { code?: unknown; msg?: unknown };
  return { status: res.status, code: json.code, msg: json.msg };
}

describe('every interactive, commerce and resource call', () => {
  it.each(CALLS)('%s without its fields answers 4501 naming a field', async (_name, call) => {
    const answer = await send(call, {}, { token: true, key: true });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(4501);
    expect(String(answer.msg)).toMatch(/^[\w/.[\]=-]+: \S/);
  });

  it.each(CALLS)('%s answers arbitrary input with an envelope, never a 404 or a 500', async (_name, call) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(call.fields.map((f) => [f, fieldValue])), { requiredKeys: [] }),
        fc.boolean(),
        fc.boolean(),
        async (input, withToken, withKey) => {
          const { status, code } = await send(call, input, { token: withToken, key: withKey });
          expect(status).toBe(200);
          expect(typeof code).toBe('number');
          expect(code).not.toBe(500);
        },
      ),
      { numRuns: 15 },
    );
  });
});
