/**
 * Issue 35, abuse: what strangers and one noisy viewer get from a reference server process
 * of its own, behind a "proxy" it trusts (TRUST_PROXY=loopback, so that the scenario can
 * speak from many addresses through X-Forwarded-For) and with short connection clocks
 * (REQUEST_IDLE_SECONDS=3, REQUEST_TIMEOUT_SECONDS=6):
 *
 * - a guessing farm of many addresses against the password room, while people with the
 *   right password arrive from fresh addresses: none of them is refused, the staff's alarm
 *   is up, the farm is only ever answered 4103 or 4203;
 * - request bodies that stop arriving and headers trickled a byte at a time: each closed
 *   within the idle clock, the server's open files back where they were;
 * - the company directory without a session and with a guest's: 402 and 4009 on every
 *   object; a member reads names only;
 * - one viewer's chat flood (121 a second for 5 s, the probe's) and 500 guest logins from
 *   one address at once: accepted within the rates, the rest 4203;
 * - chat pictures on hosts of the sender's choosing: refused; the room's own upload taken;
 * - a kick in an office behind one address: the kicked device stays out, colleagues get in;
 * - an amount sent as a JSON number, /metrics through a proxy, a source map: refused.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { COMMERCE_CALLS } from '../src/protocol/services/commerce';
import { LIVE_CALLS } from '../src/protocol/services/live';
import { DIRECTORY_CALLS } from '../src/protocol/services/directory';
import { ADMIN_TOKEN, type BenchServer } from '../harness/serverProcess';
import { DEMO_WATCH_PASSWORD } from '../server/seed/rooms';
import { TestSocket } from '../server/testing/socketClient';
import { answerKey, envelopeCode, envelopeData, rawRequest, viewerHeaders, type Answer } from './lib/http';
import { newPayKey, roseCharges } from './lib/payments';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM = '10001';
const PASSWORD_ROOM = '10002';
const IDLE_SECONDS = 3;
/** The scenario's own cap of open connections per address (the default is 512). */
const CONNECTION_CAP = 50;
/** Node reads its connection clocks every 2 s (http/connectionLimits.ts), plus a margin for a loaded machine. */
const CLOSE_WITHIN_MS = (IDLE_SECONDS + 2 + 3) * 1000;

interface Part {
  readonly rows: ChaosRow[];
  readonly checks: ChaosCheck[];
  readonly examples: string[];
}

const json = (address: string | null, extra: Record<string, string> = {}): Record<string, string> => ({
  'content-type': 'application/json',
  ...(address === null ? {} : { 'x-forwarded-for': address }),
  ...extra,
});

function post(server: BenchServer, pathname: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  return rawRequest(server.url, 'POST', pathname, headers, JSON.stringify(body));
}

async function guessingPart(server: BenchServer, addresses: number): Promise<Part> {
  const guess = (address: string, password: string, deviceId?: string) =>
    post(server, '/ccp/monitor/v2/live_login', { webcastId: PASSWORD_ROOM, type: 'password', password, privacyAccepted: true }, json(address, deviceId ? { 'device-id': deviceId } : {}));
  const wrongOf = (a: number, i: number) => {
    const p = String(100_000 + ((a * 7919 + i * 104_729) % 900_000));
    return p === DEMO_WATCH_PASSWORD ? '000000' : p;
  };
  const farmAddress = (a: number) => `198.51.${100 + (a >> 8)}.${a & 255}`;
  const first = await Promise.all(Array.from({ length: addresses * 10 }, (_, n) => guess(farmAddress(n % addresses), wrongOf(n % addresses, Math.floor(n / addresses)))));
  // People who know the password arrive while the farm keeps guessing.
  const [second, right] = await Promise.all([
    Promise.all(Array.from({ length: addresses }, (_, a) => guess(farmAddress(a), wrongOf(a, 99)))),
    Promise.all(Array.from({ length: 30 }, (_, i) => guess(`192.0.2.${i + 1}`, DEMO_WATCH_PASSWORD, `device-of-viewer-${String(i).padStart(4, '0')}`))),
  ]);
  const farm = [...first, ...second];
  const farmOdd = farm.filter((a) => !['4103', '4203'].includes(answerKey(a)));
  const refused = right.filter((a) => answerKey(a) !== '200');
  const alarm = await server.admin<{ password: { active: boolean; failures: number; guessers: number } }>(`/admin/v1/rooms/${PASSWORD_ROOM}/guessing`);
  return {
    rows: [
      {
        what: `guessing farm: ${addresses} addresses, ${(addresses * 11).toLocaleString('en-US')} wrong watch passwords at once`,
        tried: farm.length,
        failed: farmOdd.length,
        expected: '4103 (wrong) or 4203 (slowed), nothing else',
        seen: tally(farm.map(answerKey)),
      },
      { what: 'the right password from 30 fresh addresses during the farm', tried: right.length, failed: refused.length, expected: 'all admitted (200): 0 right passwords refused', seen: tally(right.map(answerKey)) },
    ],
    checks: [{ what: "the staff's guessing alarm (console, host/rooms/{id}/guessing)", figure: `active ${alarm.password.active}, ${alarm.password.failures} failures from ${alarm.password.guessers} addresses`, ok: alarm.password.active && alarm.password.guessers >= addresses }],
    examples: [...farmOdd, ...refused].slice(0, 3).map((a) => `${answerKey(a)} ${a.text.slice(0, 120)}`),
  };
}

/** Opens a raw connection and writes `first`; resolves with the ms until the server closed it (-1: not within `limitMs`). */
function heldConnection(port: number, first: string, trickle: string | null, limitMs: number): Promise<number> {
  return new Promise((resolve) => {
    const began = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
    let drip: NodeJS.Timeout | null = null;
    if (trickle !== null) {
      let i = 0;
      drip = setInterval(() => {
        if (!socket.destroyed) socket.write(trickle[i++ % trickle.length]!);
      }, 500);
    }
    const timer = setTimeout(() => finish(-1), limitMs);
    function finish(ms: number): void {
      clearTimeout(timer);
      if (drip) clearInterval(drip);
      socket.destroy();
      resolve(ms);
    }
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - began));
  });
}

const openFiles = (pid: number): number => {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
};

async function slowPart(server: BenchServer, count: number): Promise<Part> {
  const port = Number(new URL(server.url).port);
  const filesBefore = openFiles(server.pid);
  const slowBody = 'POST /ccp/monitor/v2/live_login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"webca';
  const loris = 'GET /healthz HTTP/1.1\r\nHost: x\r\n';
  const [bodies, headers] = await Promise.all([
    Promise.all(Array.from({ length: count }, () => heldConnection(port, slowBody, null, CLOSE_WITHIN_MS * 2))),
    Promise.all(Array.from({ length: Math.ceil(count / 5) }, () => heldConnection(port, loris, 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', CLOSE_WITHIN_MS * 2))),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const filesAfter = openFiles(server.pid);
  const healthy = (await rawRequest(server.url, 'GET', '/healthz')).status === 200;
  const late = (list: number[]) => list.filter((ms) => ms < 0 || ms > CLOSE_WITHIN_MS);
  const describe = (list: number[]) => {
    const closed = list.filter((ms) => ms >= 0).sort((a, b) => a - b);
    return closed.length === 0 ? 'none closed' : `closed after ${(closed[0]! / 1000).toFixed(1)} to ${(closed[closed.length - 1]! / 1000).toFixed(1)} s; ${list.length - closed.length} still open`;
  };
  return {
    rows: [
      { what: `bodies that stop arriving (100 bytes announced, 7 sent), ${count} at once`, tried: bodies.length, failed: late(bodies).length, expected: `closed within ${CLOSE_WITHIN_MS / 1000} s (REQUEST_IDLE_SECONDS=${IDLE_SECONDS})`, seen: describe(bodies) },
      { what: `headers trickled a byte every 0.5 s (slowloris), ${headers.length} at once`, tried: headers.length, failed: late(headers).length, expected: `closed within ${CLOSE_WITHIN_MS / 1000} s`, seen: describe(headers) },
    ],
    checks: [
      { what: "the server's open files after them", figure: `${filesBefore} before, ${filesAfter} after`, ok: !(filesAfter > filesBefore + 10) },
      { what: 'the server answers /healthz afterwards', figure: healthy ? 'HTTP 200' : 'no', ok: healthy },
    ],
    examples: [],
  };
}

/** This machine's first address that is not loopback (the cap leaves loopback alone), or null. */
function outsideAddress(): string | null {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a !== undefined && !a.internal && a.family === 'IPv4');
  return found?.address ?? null;
}

async function connectionCapPart(server: BenchServer, cap: number): Promise<Part> {
  const address = outsideAddress();
  if (address === null) {
    return { rows: [], checks: [{ what: 'open connections per address', figure: 'skipped: this machine has no address but loopback', ok: true }], examples: [] };
  }
  const port = Number(new URL(server.url).port);
  const tries = cap + 30;
  const refusedBefore = await server.metric('webcast_connections_refused_total');
  const sockets = await Promise.all(
    Array.from(
      { length: tries },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(port, address, () => resolve(socket));
          socket.on('error', () => resolve(socket));
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const closed = sockets.filter((s) => s.destroyed || s.readyState === 'closed').length;
  const refused = (await server.metric('webcast_connections_refused_total')) - refusedBefore;
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const again = await rawRequest(`http://${address}:${port}`, 'GET', '/healthz');
  return {
    rows: [
      {
        what: `${tries} connections at once from one address (${address}; MAX_CONNECTIONS_PER_ADDRESS=${cap})`,
        tried: tries,
        failed: Math.abs(closed - (tries - cap)) + Math.abs(refused - (tries - cap)),
        expected: `${cap} held, ${tries - cap} closed on arrival and counted`,
        seen: `${tries - closed} held, ${closed} closed; webcast_connections_refused_total +${refused}`,
      },
    ],
    checks: [{ what: 'the same address once its connections closed', figure: answerKey(again), ok: again.status === 200 }],
    examples: [],
  };
}

async function directoryPart(server: BenchServer, guestToken: string): Promise<Part> {
  const client = { tag: 'webcast', dev: 'chaos-device', devt: 'web', os: 'chaos', ver: '1.0.0' };
  const calls = [DIRECTORY_CALLS.userdataDepartment, DIRECTORY_CALLS.userdataDepartmentUser, DIRECTORY_CALLS.userdataUser, DIRECTORY_CALLS.userdataFixedgroups, DIRECTORY_CALLS.userdataFixedgroupsUser, DIRECTORY_CALLS.downloadOrgContacts];
  const bodyOf = (path: string) => {
    const query = new URLSearchParams(path.split('?')[1]);
    return { ...client, cmd: query.get('cmd'), obj: query.get('obj'), updatetime: 0, version: 0 };
  };
  const anonymous = await Promise.all(calls.map((c) => post(server, c.path, bodyOf(c.path), json(null))));
  const guest = await Promise.all(calls.map((c) => post(server, c.path, bodyOf(c.path), { ...viewerHeaders(guestToken) })));
  const auth = await post(server, DIRECTORY_CALLS.auth.path, { ...client, ver: '4.0', cmd: 'auth', captcha: 85, name: 'org.carol' }, json(null));
  const member = await post(server, DIRECTORY_CALLS.userdataUser.path, bodyOf(DIRECTORY_CALLS.userdataUser.path), viewerHeaders(String(envelopeData(auth).token)));
  const people = (envelopeData(member).items as Record<string, unknown>[] | undefined) ?? [];
  const contactFields = people.flatMap((p) => Object.keys(p).filter((k) => ['email', 'tel', 'phone', 'fax'].includes(k)));
  return {
    rows: [
      { what: 'the directory (5 objects and the orgcontacts download) without a session', tried: anonymous.length, failed: anonymous.filter((a) => answerKey(a) !== '402').length, expected: '402', seen: tally(anonymous.map(answerKey)) },
      { what: "the same with a guest's session (not a member of the organisation)", tried: guest.length, failed: guest.filter((a) => answerKey(a) !== '4009').length, expected: '4009', seen: tally(guest.map(answerKey)) },
    ],
    checks: [{ what: 'a member reads people without contact details', figure: `${people.length} people, contact fields: ${contactFields.length === 0 ? 'none' : [...new Set(contactFields)].join(', ')}`, ok: answerKey(member) === '200' && people.length > 0 && contactFields.length === 0 }],
    examples: [],
  };
}

async function floodPart(server: BenchServer, seconds: number): Promise<Part> {
  const login = await post(server, '/ccp/monitor/v2/live_login', { webcastId: ROOM, type: 'guest' }, json('203.0.113.10'));
  const socket = await TestSocket.connect(server.url, String(envelopeData(login).sid), { batch: true });
  try {
    await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
    const replies: Promise<Record<string, unknown>>[] = [];
    const began = Date.now();
    // 121 a second, as the probe sent.
    for (let i = 0; i < 121 * seconds; i++) {
      const due = began + (i * 1000) / 121;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      replies.push(socket.request(7101, { webcastId: ROOM, body: `flood ${i}` }, 20_000).catch(() => ({ status: -1 })));
    }
    const answers = await Promise.all(replies);
    const elapsed = (Date.now() - began) / 1000;
    const accepted = answers.filter((a) => a.status === 200).length;
    const allowed = 5 + Math.ceil(elapsed) + 1;
    const odd = answers.filter((a) => a.status !== 200 && a.status !== 4203);

    const guests = await Promise.all(Array.from({ length: 500 }, () => post(server, '/ccp/monitor/v2/live_login', { webcastId: ROOM, type: 'guest' }, json('203.0.113.20'))));
    const created = guests.filter((a) => answerKey(a) === '200').length;
    const otherAddress = await post(server, '/ccp/monitor/v2/live_login', { webcastId: ROOM, type: 'guest' }, json('203.0.113.21'));
    return {
      rows: [
        { what: `one viewer's chat: ${answers.length} messages at 121 a second`, tried: answers.length, failed: Math.max(0, accepted - allowed) + odd.length, expected: `at most 5 + 1 a second published (${allowed} in ${elapsed.toFixed(1)} s), the rest 4203`, seen: tally(answers.map((a) => String(a.status))) },
        { what: '500 guest logins from one address at once', tried: guests.length, failed: Math.max(0, created - 110) + guests.filter((a) => !['200', '4203'].includes(answerKey(a))).length, expected: 'at most 100 at once and 5 a second made (110), the rest 4203', seen: tally(guests.map(answerKey)) },
      ],
      checks: [{ what: 'a guest from another address meanwhile', figure: answerKey(otherAddress), ok: answerKey(otherAddress) === '200' }],
      examples: odd.slice(0, 3).map((a) => JSON.stringify(a)),
    };
  } finally {
    socket.close();
  }
}

async function picturePart(server: BenchServer): Promise<Part> {
  const login = await post(server, '/ccp/monitor/v2/live_login', { webcastId: ROOM, type: 'guest' }, json('203.0.113.30'));
  const { token, sid } = envelopeData(login) as { token: string; sid: string };
  const socket = await TestSocket.connect(server.url, sid, { batch: true });
  try {
    await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
    const elsewhere = ['https://tracker.example/p.png', 'http://198.51.100.7/p.gif', `https://evil.example${LIVE_CALLS.chatImageUpload.path}/abcdefghijklmnopqrstuvwxyz012345`, '//evil.example/p.png', 'https://127.0.0.1.evil.example/p.png'];
    const refused: Record<string, unknown>[] = [];
    for (const imgUrl of elsewhere) {
      refused.push(await socket.request(7101, { webcastId: ROOM, body: '', imgUrl }, 20_000));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const upload = await post(server, LIVE_CALLS.chatImageUpload.path, { webcastId: ROOM, fileName: 'a.png', contentType: 'image/png', data: png }, viewerHeaders(token));
    const own = await socket.request(7101, { webcastId: ROOM, body: '', imgUrl: String(envelopeData(upload).url) }, 20_000);
    const published = (await socket.nextPush(7101, 20_000, (body) => body.msgId === own.msgId)).body.imgUrl;
    return {
      rows: [{ what: 'chat pictures on hosts of the sender\'s choosing', tried: refused.length, failed: refused.filter((r) => r.status !== 4501).length, expected: '4501: pictures come from the room\'s upload', seen: tally(refused.map((r) => String(r.status))) }],
      checks: [{ what: "a picture uploaded to the room, sent", figure: `${String(own.status)}, published as ${String(published)}`, ok: own.status === 200 && typeof published === 'string' && published.startsWith(LIVE_CALLS.chatImageUpload.path) }],
      examples: [],
    };
  } finally {
    socket.close();
  }
}

async function kickPart(server: BenchServer): Promise<Part> {
  const office = '198.18.0.1';
  const enter = (deviceId: string | null) => post(server, '/ccp/monitor/v2/live_login', { webcastId: ROOM, type: 'guest' }, json(office, deviceId === null ? {} : { 'device-id': deviceId }));
  const kicked = envelopeData(await enter('device-of-the-kicked-0001')) as { userId: string };
  await server.admin(`/admin/v1/rooms/${ROOM}/users/${kicked.userId}/kick`, { text: 'chaos' });
  const again = [await enter('device-of-the-kicked-0001'), await enter(null)];
  const colleagues = await Promise.all(Array.from({ length: 10 }, (_, i) => enter(`device-of-colleague-${String(i).padStart(4, '0')}`)));
  return {
    rows: [
      { what: 'the kicked guest again: same device, and no device from the same address', tried: again.length, failed: again.filter((a) => answerKey(a) !== '4003').length, expected: '4003', seen: tally(again.map(answerKey)) },
      { what: '10 colleagues behind the same office address, each with a browser of their own', tried: colleagues.length, failed: colleagues.filter((a) => answerKey(a) !== '200').length, expected: 'all admitted (200)', seen: tally(colleagues.map(answerKey)) },
    ],
    checks: [],
    examples: [],
  };
}

async function smallerPart(server: BenchServer, guestToken: string): Promise<Part> {
  const before = await roseCharges(server, ROOM);
  const numbers = await Promise.all(
    [0.1, 0.2, 10, 0.1, 1].map((amount, i) =>
      post(server, COMMERCE_CALLS.rewardPayGift.path, { liveId: ROOM, gift: 'rose', count: i === 1 ? 2 : i === 2 ? 100 : i === 4 ? 10 : 1, amount }, { ...viewerHeaders(guestToken), 'idempotency-key': newPayKey() }),
    ),
  );
  const charged = (await roseCharges(server, ROOM)) - before;
  const proxied = await rawRequest(server.url, 'GET', '/metrics', { 'x-forwarded-for': '203.0.113.40' });
  const withToken = await rawRequest(server.url, 'GET', '/metrics', { 'x-forwarded-for': '203.0.113.40', authorization: `Bearer ${ADMIN_TOKEN}` });
  const index = await rawRequest(server.url, 'GET', '/live/login/10001', { accept: 'text/html' });
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.text)?.[1] ?? '/assets/index.js';
  const map = await rawRequest(server.url, 'GET', `${script}.map`);
  // Ways back that a browser would read as another host (issue 35 item 7): never handed out.
  const redirects = await Promise.all(
    ['/.//evil.example/x', '/a/..//evil.example', '/%2e//evil.example', '/%2E/%2e//evil.example', '//evil.example', 'https://evil.example/', '/\\evil.example'].map((redirectUrl) =>
      rawRequest(server.url, 'GET', `/ccp/monitor/v2/third/login/url?${new URLSearchParams({ webcastId: '10017', appCode: 'crm', redirectUrl }).toString()}`),
    ),
  );
  const leading = redirects.filter((a) => {
    const url = envelopeData(a).url;
    if (typeof url !== 'string') return false;
    const back = new URL(url, 'https://room.example').searchParams.get('redirect_uri') ?? '';
    return new URL(back, 'https://room.example/live/1').host !== 'room.example';
  });
  return {
    rows: [
      { what: 'ways back (redirectUrl) that resolve to another host: /.//x, /a/..//x, /%2e//x and the like', tried: redirects.length, failed: leading.length, expected: '4501, or a way back on this site', seen: tally(redirects.map(answerKey)) },
      { what: 'gift payments with the amount as a JSON number', tried: numbers.length, failed: numbers.filter((a) => answerKey(a) !== '4501').length + charged, expected: '4501, nothing charged', seen: `${tally(numbers.map(answerKey))}; ${charged} charged` },
      { what: '/metrics through a proxy without METRICS_TOKEN, then with a wrong bearer token', tried: 2, failed: [proxied, withToken].filter((a) => a.status !== 403).length, expected: 'HTTP 403', seen: tally([proxied, withToken].map(answerKey)) },
      { what: "the page script's source map", tried: 1, failed: map.status === 404 ? 0 : 1, expected: 'HTTP 404 (SERVE_SOURCE_MAPS unset)', seen: `${script}.map: ${answerKey(map)}` },
    ],
    checks: [],
    examples: numbers.filter((a) => answerKey(a) !== '4501').slice(0, 2).map((a) => `${answerKey(a)} ${a.text.slice(0, 120)}`),
  };
}

export const abuseScenario: ChaosScenario = {
  name: 'abuse',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const addresses = short ? 30 : 100;
    const slow = short ? 50 : 500;
    const floodSeconds = short ? 2 : 5;
    return withServer(
      log,
      async (server) => {
        const guestLogin = await post(server, '/ccp/monitor/v2/live_login', { webcastId: ROOM, type: 'guest' }, json('203.0.113.2'));
        const guestToken = String(envelopeData(guestLogin).token);
        if (envelopeCode(guestLogin) !== 200) throw new Error(`abuse: the first guest login was refused: ${guestLogin.text}`);
        log(`abuse: a guessing farm of ${addresses} addresses against room ${PASSWORD_ROOM}...`);
        const guessing = await guessingPart(server, addresses);
        log(`abuse: ${slow} slow bodies and slow headers...`);
        const slowness = await slowPart(server, slow);
        log('abuse: open connections per address, the directory, a chat flood, pictures, a kick in an office, the smaller ones...');
        const parts = [guessing, slowness, await connectionCapPart(server, CONNECTION_CAP), await directoryPart(server, guestToken), await floodPart(server, floodSeconds), await picturePart(server), await kickPart(server), await smallerPart(server, guestToken)];
        return {
          name: 'abuse',
          title: 'Abuse (issue 35)',
          how: `Against a reference server process of its own (fresh data, the demo rooms) with TRUST_PROXY=loopback, so that each try names its address in X-Forwarded-For as a trusted proxy would, and REQUEST_IDLE_SECONDS=${IDLE_SECONDS}, REQUEST_TIMEOUT_SECONDS=6 (the defaults are 20 and 120): a guessing farm of ${addresses} addresses (10 wrong watch passwords each at once, then one more each while 30 people with the right password arrive from fresh addresses); ${slow} request bodies that stop after 7 of 100 bytes and ${Math.ceil(slow / 5)} slowloris headers at once; ${CONNECTION_CAP + 30} connections at once from this machine's address that is not loopback (the server listening on every address, MAX_CONNECTIONS_PER_ADDRESS=${CONNECTION_CAP}); the directory's six calls without a session and with a guest's; one guest's chat at 121 messages a second for ${floodSeconds} s over a socket and 500 guest logins from one address at once; chat pictures on other hosts and one uploaded; a kick in an office behind one address; amounts as JSON numbers, /metrics through a proxy, the page script's source map.`,
          rows: parts.flatMap((p) => p.rows),
          checks: parts.flatMap((p) => p.checks),
          examples: parts.flatMap((p) => p.examples),
        };
      },
      // Listening on every address too, so that connections can come from one that is not loopback.
      { env: { TRUST_PROXY: 'loopback', REQUEST_IDLE_SECONDS: String(IDLE_SECONDS), REQUEST_TIMEOUT_SECONDS: '6', MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTION_CAP), HOST: '0.0.0.0' } },
    );
  },
};
