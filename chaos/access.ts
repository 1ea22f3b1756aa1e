/**
 * Issue 17 item 8, access: what a stolen, stale or guessed credential gets from a reference
 * server process of its own (docs/protocol.md 1.3, 5.1, 5.2, 5.4):
 *
 * - a token of one room on every call of another room that needs a session: refused (402
 *   or 4009), and its socket joining the other room: 4009;
 * - the token after logout, on every call of its own room that needs a session: 402, and
 *   its socket login: push 1100 status 402;
 * - the admin API without a token, with a wrong one, or with one in the wrong place:
 *   HTTP 401 on every command (the right token reaches each: neither 401 nor 404);
 * - 1,000 guesses of the watch password of the password room from one address at once:
 *   at most FREE_FAILURES evaluated (4103), the rest 4203 with the seconds to wait, and the
 *   right password from that address is held back too while the budget is spent.
 */
import { COMMERCE_CALLS } from '../src/protocol/services/commerce';
import { LIVE_CALLS } from '../src/protocol/services/live';
import { RESOURCE_CALLS } from '../src/protocol/services/resource';
import { ADMIN_TOKEN, type BenchServer } from '../harness/serverProcess';
import { FREE_FAILURES } from '../server/auth/failureLimiter';
import { DEMO_WATCH_PASSWORD } from '../server/seed/rooms';
import { TestSocket } from '../server/testing/socketClient';
import { guestLogin, type GuestLogin } from './lib/guest';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM_A = '10001';
const ROOM_B = '10014';
const PASSWORD_ROOM = '10002';

interface Envelope {
  readonly httpStatus: number;
  readonly code: number | null;
  readonly msg: string;
  readonly data: unknown;
}

async function call(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> {
  const response = await fetch(url, {
    method,
    headers: method === 'GET' ? headers : { 'content-type': 'application/json', ...headers },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as { code?: unknown; msg?: unknown; data?: unknown };
    return { httpStatus: response.status, code: typeof parsed.code === 'number' ? parsed.code : null, msg: typeof parsed.msg === 'string' ? parsed.msg : '', data: parsed.data };
  } catch {
    return { httpStatus: response.status, code: null, msg: text.slice(0, 80), data: null };
  }
}

const answerKey = (e: Envelope): string => (e.httpStatus === 200 ? String(e.code ?? 'not an envelope') : `HTTP ${e.httpStatus}`);

/** A plausible value for a field, so a call gets past its input checks to its session check. */
function sample(field: string, room: string): unknown {
  if (field === 'webcastId' || field === 'liveId' || field === 'roomId') return room;
  if (/count|skip|take|limit|page|size|offset|seconds|time/i.test(field)) return 1;
  if (/amount|price/i.test(field)) return '0.01';
  if (/accepted|enabled|up$/i.test(field)) return true;
  if (/answers|items|ids$/i.test(field)) return [];
  return 'x';
}

interface ViewerCall {
  readonly name: string;
  /** The call names its room (a field or a path part): a token of another room is for another room. */
  readonly namesRoom: boolean;
  readonly method: string;
  readonly url: (room: string) => string;
  readonly body: (room: string) => Record<string, unknown>;
  readonly money: boolean;
}

function viewerCalls(base: string): ViewerCall[] {
  const all = { ...LIVE_CALLS, ...COMMERCE_CALLS, ...RESOURCE_CALLS } as Record<string, { method: string; path: string; fields: readonly string[]; spendsMoney?: boolean }>;
  return Object.entries(all)
    // Logins and registration make credentials; calls with a `token` field carry theirs in the body (refreshSession).
    .filter(([name, def]) => !/login|logout|register|captcha/i.test(name) && !def.fields.includes('token'))
    .map(([name, def]) => ({
      name,
      method: def.method,
      money: def.spendsMoney === true,
      namesRoom: def.fields.some((f) => f === 'webcastId' || f === 'liveId' || f === 'roomId'),
      url: (room: string) => {
        const path = def.path.replace(/\{(\w+)\}/g, (_m, field: string) => encodeURIComponent(String(sample(field, room))));
        if (def.method !== 'GET') return `${base}${path}`;
        const query = new URLSearchParams(def.fields.filter((f) => !def.path.includes(`{${f}}`)).map((f) => [f, String(sample(f, room))]));
        return `${base}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
      },
      body: (room: string) => Object.fromEntries(def.fields.filter((f) => !def.path.includes(`{${f}}`)).map((f) => [f, sample(f, room)])),
    }));
}

const headersFor = (login: GuestLogin | null, money: boolean, i: number): Record<string, string> => ({
  ...(login === null ? {} : { token: login.token, token_type: 'guest' }),
  ...(money ? { 'idempotency-key': `chaos-access-${i}-${Date.now()}` } : {}),
});

/** The calls that answer 402 without a token: those that need a session. */
async function sessionCalls(calls: readonly ViewerCall[], room: string): Promise<ViewerCall[]> {
  const needs: ViewerCall[] = [];
  for (const [i, c] of calls.entries()) {
    const answer = await call(c.url(room), c.method, c.body(room), headersFor(null, c.money, i));
    if (answer.httpStatus === 200 && answer.code === 402) needs.push(c);
  }
  return needs;
}

const ADMIN_COMMANDS = [
  'live/start', 'live/schedule', 'live/end', 'say', 'chat/state', 'users/u1/mute', 'users/u1/unmute', 'users/u1/kick', 'users/u1/notice', 'users/u1/readmit', 'users/u1/drop',
  'chat/pending/m1/approve', 'chat/pending/m1/reject', 'mic/requests', 'mic/u1/accept', 'mic/u1/reject', 'mic/u1/invite', 'mic/u1/hangup', 'lottery/start', 'lottery/end',
  'paper/publish', 'rollcall/start', 'redpacket/send', 'goods/push', 'qa/state', 'qa/pending', 'qa/q1/approve', 'qa/q1/answer', 'share', 'commerce', 'caption', 'burst',
  'burst/stop', 'signups/u1/audit', 'disposable', 'notice', 'settings', 'ledger',
];

async function adminPart(server: BenchServer): Promise<{ rows: ChaosRow[]; examples: string[] }> {
  const targets = [...ADMIN_COMMANDS.map((c) => ({ method: 'POST', url: `${server.url}/admin/v1/rooms/${ROOM_A}/${c}` })), { method: 'GET', url: `${server.url}/admin/v1/rooms` }];
  const wrong: Record<string, string>[] = [
    {},
    { 'x-admin-token': 'wrong' },
    // (Spaces around a header's value are not part of it in HTTP: `token ` is the token.)
    { 'x-admin-token': `${ADMIN_TOKEN}x` },
    { 'x-admin-token': ADMIN_TOKEN.slice(0, -1) },
    { 'x-admin-token': ADMIN_TOKEN.toUpperCase() },
    { authorization: 'Bearer wrong' },
    { authorization: ADMIN_TOKEN },
    { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
    { token: ADMIN_TOKEN },
  ];
  const refused: Envelope[] = [];
  const examples: string[] = [];
  for (const t of targets) {
    for (const headers of wrong) {
      const answer = await call(t.url, t.method, { text: 'x' }, headers);
      refused.push(answer);
      if (answer.httpStatus !== 401 && examples.length < 10) examples.push(`${t.method} ${t.url.replace(server.url, '')} with ${JSON.stringify(headers)} -> ${answerKey(answer)}`);
    }
  }
  // The list is the admin API as documented: with the right token every command is reached (not 401, not 404).
  const reached: Envelope[] = [];
  for (const t of targets) {
    // An empty body: commands with required fields answer 4501 and change nothing.
    const answer = await call(t.url, t.method, {}, { 'x-admin-token': ADMIN_TOKEN });
    reached.push(answer);
    if ((answer.httpStatus === 401 || answer.httpStatus === 404) && examples.length < 6) examples.push(`${t.method} ${t.url.replace(server.url, '')} with the right token -> ${answerKey(answer)}`);
  }
  return {
    rows: [
      { what: 'admin API: every command without a token, with a wrong one, or with the token in the wrong place', tried: refused.length, failed: refused.filter((a) => a.httpStatus !== 401).length, expected: 'HTTP 401', seen: tally(refused.map(answerKey)) },
      { what: 'admin API: the same commands with the right token (the list is real)', tried: reached.length, failed: reached.filter((a) => a.httpStatus === 401 || a.httpStatus === 404).length, expected: 'neither 401 nor 404', seen: tally(reached.map(answerKey)) },
    ],
    examples,
  };
}

async function tokenPart(server: BenchServer): Promise<{ rows: ChaosRow[]; checks: ChaosCheck[]; examples: string[] }> {
  const calls = viewerCalls(server.url);
  const examples: string[] = [];
  const a = await guestLogin(server, ROOM_A);

  // Room A's token on room B's calls that need a session.
  const needB = await sessionCalls(
    calls.filter((c) => c.namesRoom),
    ROOM_B,
  );
  const crossed = await Promise.all(needB.map((c, i) => call(c.url(ROOM_B), c.method, c.body(ROOM_B), headersFor(a, c.money, i))));
  crossed.forEach((answer, i) => {
    if (!(answer.httpStatus === 200 && (answer.code === 402 || answer.code === 4009)) && examples.length < 3) examples.push(`${needB[i]!.name} in room ${ROOM_B} with a token of ${ROOM_A} -> ${answerKey(answer)} ${answer.msg}`);
  });
  const socket = await TestSocket.connect(server.url, a.sid, { batch: true });
  const join = await socket.request(7001, { webcastId: ROOM_B, offset: 0 });
  socket.close();

  // The token after logout, on its own room's calls.
  const needA = await sessionCalls(calls, ROOM_A);
  const out = await guestLogin(server, ROOM_A);
  const beforeLogout = await Promise.all(needA.map((c, i) => call(c.url(ROOM_A), c.method, c.body(ROOM_A), headersFor(out, c.money, i))));
  const logout = await call(`${server.url}/ccp/monitor/v2/logout`, 'POST', {}, { token: out.token, token_type: 'guest' });
  const after = await Promise.all(needA.map((c, i) => call(c.url(ROOM_A), c.method, c.body(ROOM_A), headersFor(out, c.money, 1000 + i))));
  after.forEach((answer, i) => {
    if (!(answer.httpStatus === 200 && answer.code === 402) && examples.length < 6) examples.push(`${needA[i]!.name} after logout -> ${answerKey(answer)} ${answer.msg}`);
  });
  const stale = await TestSocket.open(server.url);
  const staleLogin = await stale.login(out.sid).catch(() => ({ status: -1 }));
  stale.close();

  return {
    rows: [
      {
        what: `a token of room ${ROOM_A} on every call of room ${ROOM_B} that needs a session`,
        tried: crossed.length,
        failed: crossed.filter((e) => !(e.httpStatus === 200 && (e.code === 402 || e.code === 4009))).length,
        expected: 'refused: 402 or 4009',
        seen: tally(crossed.map(answerKey)),
      },
      { what: `its socket joining room ${ROOM_B}`, tried: 1, failed: join.status === 4009 ? 0 : 1, expected: '4009', seen: String(join.status) },
      { what: 'the token after logout, on every call of its room that needs a session', tried: after.length, failed: after.filter((e) => !(e.httpStatus === 200 && e.code === 402)).length, expected: '402', seen: tally(after.map(answerKey)) },
      { what: 'its socket login after logout', tried: 1, failed: staleLogin.status === 402 ? 0 : 1, expected: 'push 1100 status 402', seen: `status ${String(staleLogin.status)}` },
    ],
    checks: [
      { what: 'calls that need a session, found by asking each without a token (402)', figure: `${needB.length} in room ${ROOM_B}, ${needA.length} in room ${ROOM_A}`, ok: needB.length >= 10 && needA.length >= 10 },
      {
        what: "before logout the same token was accepted by those calls (the refusals after it are the logout's)",
        figure: `${tally(beforeLogout.map(answerKey))}${beforeLogout.some((e) => e.code === 402) ? `; 402 from ${needA.filter((_c, i) => beforeLogout[i]!.code === 402).map((c) => c.name).join(', ')}` : ''}`,
        ok: beforeLogout.filter((e) => e.code === 402).length === 0,
      },
      { what: 'logout answered', figure: `${answerKey(logout)} ${JSON.stringify(logout.data)}`, ok: logout.code === 200 },
    ],
    examples,
  };
}

async function guessPart(server: BenchServer, guesses: number): Promise<{ rows: ChaosRow[]; checks: ChaosCheck[]; examples: string[] }> {
  const login = (password: string) => call(`${server.url}/ccp/monitor/v2/live_login`, 'POST', { webcastId: PASSWORD_ROOM, type: 'password', password, privacyAccepted: true });
  const wrong = Array.from({ length: guesses }, (_, i) => String(100_000 + ((i * 7919) % 900_000)).padStart(6, '0')).map((p) => (p === DEMO_WATCH_PASSWORD ? '000000' : p));
  const answers = await Promise.all(wrong.map((p) => login(p)));
  const evaluated = answers.filter((e) => e.code === 4103).length;
  const throttled = answers.filter((e) => e.code === 4203);
  const clear = throttled.filter((e) => /wait \d+ s/.test(e.msg) && typeof (e.data as { waitSeconds?: unknown } | null)?.waitSeconds === 'number' && (e.data as { waitSeconds: number }).waitSeconds > 0);
  const right = await login(DEMO_WATCH_PASSWORD);
  const other = answers.filter((e) => e.code !== 4103 && e.code !== 4203);
  return {
    rows: [
      {
        what: `${guesses.toLocaleString('en-US')} wrong watch passwords for room ${PASSWORD_ROOM} from one address, all at once`,
        tried: guesses,
        failed: Math.max(0, evaluated - FREE_FAILURES) + other.length + (throttled.length - clear.length),
        expected: `at most ${FREE_FAILURES} evaluated (4103), the rest 4203 saying how long to wait`,
        seen: tally(answers.map(answerKey)),
      },
    ],
    checks: [
      { what: 'the right password from that address while its budget is spent', figure: `${answerKey(right)} ${right.msg}`, ok: right.code === 4203 },
    ],
    examples: other.slice(0, 3).map((e) => `guess -> ${answerKey(e)} ${e.msg}`),
  };
}

export const accessScenario: ChaosScenario = {
  name: 'access',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const guesses = short ? 100 : 1000;
    return withServer(log, async (server) => {
      log('access: tokens across rooms and after logout...');
      const tokens = await tokenPart(server);
      log('access: the admin API...');
      const admin = await adminPart(server);
      log(`access: ${guesses} watch password guesses...`);
      const guess = await guessPart(server, guesses);
      return {
        name: 'access',
        title: 'Access',
        how: `Against a reference server process of its own (fresh data, the demo rooms): the viewer's calls of src/protocol/services (login, logout, registration and captcha calls, and those carrying a token in their body, left out) with plausible fields, first without a token to find those that need a session (402), then with a guest token of another room and with a token after its logout; the admin API's commands of docs/protocol.md 5.4 with no token, wrong tokens and the token in the wrong header, and once with the right one; ${guesses.toLocaleString('en-US')} wrong watch passwords for the password room sent at once from one address.`,
        rows: [...tokens.rows, ...admin.rows, ...guess.rows],
        checks: [...tokens.checks, ...guess.checks],
        examples: [...tokens.examples, ...admin.examples, ...guess.examples],
      };
    });
  },
};
