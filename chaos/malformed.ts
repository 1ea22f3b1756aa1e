/**
 * Issue 17 item 7, malformed input: 10,000 malformed socket frames and 2,000 malformed HTTP
 * requests to a reference server process of its own. The server must stay up (/healthz),
 * keep its memory bounded (RSS before and after), and answer each input as documented:
 *
 * - socket (docs/protocol.md 5.2, PROTOCOL 2.1): frames that do not parse are dropped and
 *   counted, the socket stays open; a request that parses is answered with a documented
 *   status (200 or a code of the error catalogue), never 500; a message over 1 MB closes
 *   that socket with 1009;
 * - HTTP (docs/protocol.md 1, 4.1): a body that is not JSON, a body of the wrong type or
 *   fields of the wrong types, a body over the 2 MB limit and a content type the route does
 *   not read are answered HTTP 200 with an envelope whose code is documented (bad JSON,
 *   wrong content type and too large: exactly 4501); an unknown route or method is HTTP
 *   404; a path that climbs out of the media, resource or static folders (dot segments,
 *   percent-encoded, doubled, backslashes, NUL) is 404 and never the file it aims at (under
 *   a call that takes an id, it is that id, refused as unknown: 4002).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { COMMERCE_CALLS } from '../src/protocol/services/commerce';
import { LIVE_CALLS } from '../src/protocol/services/live';
import { RESOURCE_CALLS } from '../src/protocol/services/resource';
import { BUSINESS_CODES } from '../src/domain/errorCatalogue';
import type { BenchServer } from '../harness/serverProcess';
import { ROOT } from '../harness/report';
import { malformedMix } from '../server/testing/malformedFrames';
import { TestSocket } from '../server/testing/socketClient';
import { guestLogin } from './lib/guest';
import { answerKey, envelopeCode, rawRequest, type Answer } from './lib/http';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM = '10001';
const SEED = 17_007;
const DOCUMENTED = new Set<number>([200, ...BUSINESS_CODES]);
/** RSS the server may gain over the whole scenario (it caches nothing per bad input). */
const RSS_GROWTH_LIMIT_MB = 64;
const IN_FLIGHT = 16;

/** Runs `tasks` with at most IN_FLIGHT at once, in order of the results. */
async function pool<T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, tasks.length) }, worker));
  return results;
}

/** The sum of every series of a counter on /metrics (0 before its first count). */
async function counterSum(server: BenchServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

function rssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

interface HttpCase {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

interface HttpKind {
  readonly what: string;
  readonly expected: string;
  readonly cases: readonly HttpCase[];
  /** Whether an answer keeps the rule; the seen column tallies `key(answer)`. */
  ok(answer: Answer, request: HttpCase): boolean;
  key(answer: Answer): string;
}

/** The POST calls of the viewer's services, their paths' `{field}` parts filled with the room. */
function postCalls(): { path: string; fields: readonly string[]; money: boolean }[] {
  const all = [...Object.values(LIVE_CALLS), ...Object.values(COMMERCE_CALLS), ...Object.values(RESOURCE_CALLS)];
  return all
    .filter((call) => call.method === 'POST')
    .map((call) => ({ path: call.path.replace(/\{\w+\}/g, ROOM), fields: call.fields, money: (call as { spendsMoney?: boolean }).spendsMoney === true }));
}

/** Files a climbing path aims at, with a line of each that must never come back. */
function secrets(): { target: string; marker: string }[] {
  const pkg = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
  const main = fs.readFileSync(path.join(ROOT, 'server', 'main.ts'), 'utf8');
  return [
    { target: 'package.json', marker: '"devDependencies"' },
    { target: 'server/main.ts', marker: main.split('\n').find((l) => l.includes('import '))?.trim() ?? 'import ' },
    { target: 'etc/passwd', marker: 'root:x:0:0' },
  ].filter((s) => s.target !== 'package.json' || pkg.includes(s.marker));
}

const CLIMBS = ['../', '..%2f', '..%2F', '%2e%2e/', '%2e%2e%2f', '%252e%252e%252f', '..\\', '..%5c', '....//', '.%2e/', '..;/', '..%00/', '%c0%ae%c0%ae/'];
const FOLDERS = ['/media/', '/media/line1/live/hd/', '/resource/', '/emoji/', '/assets/', '/share/', '/commerce/v1/demo/tile/', '/ccp/monitor/v2/login/resource/'];

function httpKinds(count: number, sid: string): HttpKind[] {
  const calls = postCalls();
  const seededStrings = fc.sample(fc.string({ maxLength: 60 }), { numRuns: Math.max(1, count), seed: SEED });
  const json = { 'content-type': 'application/json', token: sid, token_type: 'guest' };
  const share = (part: number) => Math.max(1, Math.round(count * part));

  // Not JSON: cut, doubled, control characters, random text.
  const broken = ['{', '{"webcastId":', '[1,2', '{"a":1}}', 'nul', '{\u0000}', "{'a':1}", '{"a":1,}', '\uFEFF{"a"', ...seededStrings.map((s) => `{${s}`)];
  const badJson: HttpCase[] = Array.from({ length: share(0.3) }, (_, i) => ({ method: 'POST', path: calls[i % calls.length]!.path, headers: json, body: broken[i % broken.length]! }));

  // Well-formed JSON, wrong types: every field of a call at once, or the body not an object.
  const hostile: unknown[] = [1e308, -1, 0.5, true, null, [], [1, 'x'], {}, { $gt: '' }, 'x'.repeat(10_000), '../../etc/passwd', '<script>alert(1)</script>', '\u202Eevil', '1; DROP TABLE users'];
  const bodies: unknown[] = [[], 'text', 42, null];
  const wrongTypes: HttpCase[] = Array.from({ length: share(0.3) }, (_, i) => {
    const call = calls[i % calls.length]!;
    const value = hostile[Math.floor(i / calls.length) % hostile.length];
    const body = i % 7 === 6 ? bodies[i % bodies.length] : Object.fromEntries([...call.fields, '__proto__', 'constructor'].map((f) => [f, value]));
    const headers: Record<string, string> = call.money ? { ...json, 'idempotency-key': `chaos-${i}` } : json;
    return { method: 'POST', path: call.path, headers, body: JSON.stringify(body) };
  });

  // A body the route does not read.
  const types = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=utf-7', 'image/png'];
  // (Only calls that take fields: one that reads no body, logout, answers as it always does.)
  const reading = calls.filter((c) => c.fields.length > 0);
  const contentTypes: HttpCase[] = Array.from({ length: share(0.1) }, (_, i) => ({ method: 'POST', path: reading[i % reading.length]!.path, headers: { 'content-type': types[i % types.length]!, token: sid }, body: `<a>${i}</a>` }));

  // Climbing out of a folder.
  const targets = secrets();
  const climbs: HttpCase[] = Array.from({ length: share(0.2) }, (_, i) => {
    const folder = FOLDERS[i % FOLDERS.length]!;
    const climb = CLIMBS[Math.floor(i / FOLDERS.length) % CLIMBS.length]!;
    const target = targets[i % targets.length]!;
    return { method: 'GET', path: `${folder}${climb.repeat(1 + (i % 6))}${target.target}` };
  });

  // Routes and methods that do not exist.
  const methods = ['PUT', 'DELETE', 'PATCH'];
  const unknown: HttpCase[] = Array.from({ length: share(0.075) }, (_, i) =>
    i % 4 === 3 ? { method: 'GET', path: `/ccp/monitor/v2/no_such_call_${i}` } : { method: methods[i % methods.length]!, path: calls[i % calls.length]!.path, headers: json, body: '{}' },
  );

  // Over the 2 MB body limit (a few: each is 2.5 MB on the wire).
  const huge: HttpCase[] = Array.from({ length: Math.max(1, Math.round(count * 0.01)) }, (_, i) => ({
    method: 'POST',
    path: calls[i % calls.length]!.path,
    headers: json,
    body: Buffer.from(JSON.stringify({ webcastId: ROOM, x: 'a'.repeat(2.5 * 1024 * 1024) })),
  }));

  const envelope4501 = (answer: Answer) => answer.status === 200 && envelopeCode(answer) === 4501;
  return [
    { what: 'body not JSON', expected: 'HTTP 200, code 4501', cases: badJson, ok: envelope4501, key: answerKey },
    {
      what: 'JSON of the wrong type, or fields of the wrong types',
      expected: 'HTTP 200 with a documented code, or HTTP 404 (an unknown id)',
      cases: wrongTypes,
      ok: (answer) => (answer.status === 200 && DOCUMENTED.has(envelopeCode(answer) ?? -1)) || answer.status === 404,
      key: answerKey,
    },
    { what: 'a content type the call does not read', expected: 'HTTP 200, code 4501', cases: contentTypes, ok: envelope4501, key: answerKey },
    {
      what: 'a path climbing out of the media, resource or static folders',
      expected: 'HTTP 404 (a call whose id it lands in: a documented refusal, as for any unknown id; a URL that is not UTF-8: HTTP 400 with code 400); never the file',
      cases: climbs,
      ok: (answer) => {
        const refusedId = answer.status === 200 && DOCUMENTED.has(envelopeCode(answer) ?? -1) && envelopeCode(answer) !== 200;
        const badUrl = answer.status === 400 && envelopeCode(answer) === 400;
        return (answer.status === 404 || refusedId || badUrl) && targets.every((t) => !answer.text.includes(t.marker));
      },
      key: (answer) => `${answerKey(answer)}${targets.some((t) => answer.text.includes(t.marker)) ? ' WITH THE FILE' : ''}`,
    },
    { what: 'an unknown route or method', expected: 'HTTP 404', cases: unknown, ok: (answer) => answer.status === 404, key: (answer) => `HTTP ${answer.status}` },
    { what: 'a body over the 2 MB limit', expected: 'HTTP 200, code 4501', cases: huge, ok: envelope4501, key: answerKey },
  ];
}

async function socketPart(server: BenchServer, frames: number, log: (line: string) => void): Promise<{ rows: ChaosRow[]; checks: ChaosCheck[]; examples: string[] }> {
  const socket = await TestSocket.connect(server.url, (await guestLogin(server, ROOM)).sid, { batch: true });
  const joined = await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
  if (joined.status !== 200) throw new Error(`join refused: ${JSON.stringify(joined)}`);
  const framesBefore = socket.frames.length;
  const droppedBefore = await counterSum(server, 'webcast_malformed_frames_total');
  const mix = malformedMix(frames, SEED, ROOM);
  log(`malformed: ${mix.length} malformed socket messages on one joined socket...`);
  for (const message of mix) socket.sendRaw(message.data, message.binary);
  // The heartbeat's reply comes after every frame sent before it has been handled.
  const heartbeat = await socket.request(9001, {}, 120_000).catch(() => null);
  const dropped = (await counterSum(server, 'webcast_malformed_frames_total')) - droppedBefore;
  // Replies to the raw frames (their seqs are small; TestSocket's own start at 1,000,001).
  const replies = socket.frames.slice(framesBefore).filter((f) => f.seq > 0 && f.seq < 1_000_000);
  const statuses = replies.map((f) => (typeof f.body.status === 'number' ? f.body.status : -1));
  const undocumented = replies.filter((f) => !DOCUMENTED.has(typeof f.body.status === 'number' ? f.body.status : -1));
  const stillOpen = socket.isOpen;
  // The room still works for this socket (the frames may have left the room: join again).
  const rejoined = stillOpen ? await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000).catch(() => null) : null;
  socket.close();

  // One message over 1 MB closes its socket with 1009 (and only that socket).
  const big = await TestSocket.connect(server.url, (await guestLogin(server, ROOM)).sid, { batch: true });
  big.sendRaw(`code:9001\nseq:1\n\n{"x":"${'a'.repeat(1024 * 1024 + 16)}"}`);
  const closed = await big.closed(10_000).catch(() => null);

  return {
    rows: [
      {
        what: 'socket: mutated, random, ill-headed, binary and over-64 KB frames; requests with random codes and bodies',
        tried: mix.length,
        failed: undocumented.length,
        expected: 'what does not parse dropped and counted, the socket open; each request answered with a documented status',
        seen: `${dropped} dropped and counted; ${replies.length} requests answered: ${tally(statuses)}`,
      },
      { what: 'socket: one message over 1 MB', tried: 1, failed: closed?.code === 1009 ? 0 : 1, expected: 'that socket closed with 1009', seen: closed === null ? 'not closed' : `closed with ${closed.code}` },
    ],
    checks: [
      { what: 'the fuzzed socket stayed open and its heartbeat was answered after every frame', figure: `${stillOpen ? 'open' : 'closed'}, heartbeat ${heartbeat === null ? 'unanswered' : `status ${String(heartbeat.status)}`}`, ok: stillOpen && heartbeat?.status === 200 },
      { what: 'the room still works for that socket (join again)', figure: rejoined === null ? 'no answer' : `status ${String(rejoined.status)}`, ok: rejoined?.status === 200 },
      { what: 'frames that do not parse were counted (webcast_malformed_frames_total)', figure: String(dropped), ok: dropped > 0 },
    ],
    examples: undocumented.slice(0, 3).map((f) => `socket reply ${f.code} seq ${f.seq}: ${JSON.stringify(f.body).slice(0, 160)}`),
  };
}

async function httpPart(server: BenchServer, requests: number, log: (line: string) => void): Promise<{ rows: ChaosRow[]; examples: string[]; tried: number }> {
  const kinds = httpKinds(requests, (await guestLogin(server, ROOM)).sid);
  const rows: ChaosRow[] = [];
  const examples: string[] = [];
  let tried = 0;
  for (const kind of kinds) {
    log(`malformed: HTTP, ${kind.cases.length} x ${kind.what}...`);
    const answers = await pool(kind.cases.map((c) => () => rawRequest(server.url, c.method, c.path, c.headers, c.body)));
    const bad = answers.map((a, i) => ({ a, c: kind.cases[i]! })).filter(({ a, c }) => !kind.ok(a, c));
    tried += answers.length;
    rows.push({ what: `HTTP: ${kind.what}`, tried: answers.length, failed: bad.length, expected: kind.expected, seen: tally(answers.map(kind.key)) });
    for (const { a, c } of bad.slice(0, 3)) examples.push(`${c.method} ${c.path.slice(0, 120)} -> HTTP ${a.status} ${a.text.slice(0, 160)}`);
  }
  return { rows, examples, tried };
}

export const malformedScenario: ChaosScenario = {
  name: 'malformed',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const frames = short ? 1000 : 10_000;
    const requests = short ? 200 : 2000;
    return withServer(log, async (server) => {
      const rssBefore = rssMB(server.pid);
      const socket = await socketPart(server, frames, log);
      const web = await httpPart(server, requests, log);
      const health = await rawRequest(server.url, 'GET', '/healthz');
      const rssAfter = rssMB(server.pid);
      return {
        name: 'malformed',
        title: 'Malformed input',
        how: `${frames.toLocaleString('en-US')} malformed socket messages (server/testing/malformedFrames.ts, seed ${SEED}: mutated valid frames, random text, random requests, random headers, frames over 64 KB, binary messages) on one logged-in, joined guest socket with batched messages, then ${web.tried.toLocaleString('en-US')} malformed HTTP requests (${IN_FLIGHT} at a time, raw node:http so paths go out exactly as written) to the viewer's POST calls (src/protocol/services) and the media, resource and static folders, against a reference server process of its own (fresh data, the demo rooms). The server's resident memory (VmRSS) is read before and after.`,
        rows: [...socket.rows, ...web.rows],
        checks: [
          ...socket.checks,
          { what: 'the server answers /healthz afterwards', figure: `HTTP ${health.status}`, ok: health.status === 200 && health.text.includes('"up"') },
          { what: `the server's resident memory grew by less than ${RSS_GROWTH_LIMIT_MB} MB`, figure: `${rssBefore} MB before, ${rssAfter} MB after`, ok: Number.isFinite(rssAfter) && rssAfter - rssBefore < RSS_GROWTH_LIMIT_MB },
        ],
        examples: [...socket.examples, ...web.examples],
      };
    });
  },
};
