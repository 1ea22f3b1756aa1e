/** The pages' error reports (docs/protocol.md 5.11): received, scrubbed, logged, counted, listed; bad ones refused with nothing stored. */
import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { startTestServer } from '../testing/harness.js';
import { admin } from '../testing/realtimeServer.js';
import { reportOf } from '../../src/domain/errorReport';
import { REPORT_BATCHES_PER_MINUTE, REPORT_PATH, registerClientErrorRoutes } from './clientErrors.js';
import { clientRoutes } from '../routes/client.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const lines: string[] = [];
async function start(): Promise<TestServer> {
  lines.length = 0;
  server = await startTestServer({ routes: [(app, ctx) => registerClientErrorRoutes(app, ctx, (line) => lines.push(line)), clientRoutes] });
  return server;
}

const batch = (reports: unknown[]) => ({ app: 'cloud_webcast', version: 'CLV_PC_WEB', build: 'index-abc.js', userAgent: 'UA mail me@example.com', reports });
const send = (s: TestServer, body: unknown, type = 'text/plain;charset=UTF-8') =>
  fetch(s.url + REPORT_PATH, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const stored = async (s: TestServer) => ((await rowOf(s.ctx, sql`SELECT COUNT(*) AS n FROM client_errors`)) as { n: number }).n;

describe('error reports', () => {
  it('takes a beacon batch (text/plain or JSON), scrubs it again, logs one line a report, counts them by kind and lists them', async () => {
    const s = await start();
    const page = reportOf({ kind: 'error', error: new Error('boom'), route: '/live/video/10001', room: '10001', at: 5 });
    const sneaky = { ...reportOf({ kind: 'call', error: new Error('x'), route: '/', room: null, code: 4501, at: 6 }), message: 'failed for 13812345678 token=abc', count: 3 };
    expect((await send(s, batch([page, sneaky]))).status).toBe(204);
    expect((await send(s, batch([page]), 'application/json')).status).toBe(204);
    expect(await stored(s)).toBe(3);
    expect(lines).toHaveLength(3);
    const logged = JSON.parse(lines[1]!) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'client_error', app: 'cloud_webcast', version: 'CLV_PC_WEB', kind: 'call', code: 4501, count: 3, message: 'failed for [phone] token=[token]', userAgent: 'UA mail [email]' });
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toMatch(/webcast_client_errors_total\{kind="error"\} 2/);
    expect(metrics).toMatch(/webcast_client_errors_total\{kind="call"\} 3/);
    const listed = await admin(s, '/admin/v1/errors?limit=2', undefined, 'GET');
    expect((listed.data?.list as { kind: string }[]).map((r) => r.kind)).toEqual(['error', 'call']);
    expect((await admin(s, '/admin/v1/errors', undefined, 'GET', 'wrong')).status).not.toBe(200);
  });

  it('refuses a malformed or huge batch with a clear status and stores nothing', async () => {
    const s = await start();
    const good = reportOf({ kind: 'error', error: new Error('boom'), route: '/', room: null, at: 5 });
    const cases: [unknown, number][] = [
      ['{not json', 400],
      [[], 400],
      [batch([]), 400],
      [batch(Array.from({ length: 21 }, () => good)), 400],
      [batch([{ ...good, kind: 'virus' }]), 400],
      [batch([{ ...good, fingerprint: 'zz' }]), 400],
      [batch([{ ...good, count: 0 }]), 400],
      [batch([{ ...good, message: 'x'.repeat(5_000) }]), 400],
      [{ ...batch([good]), app: 7 }, 400],
      [batch(Array.from({ length: 20 }, () => ({ ...good, stack: 'y'.repeat(2_900) }))), 413],
    ];
    for (const [body, status] of cases) {
      const answer = await send(s, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await answer.json()) as { msg: string }).msg).toMatch(/\w/);
    }
    expect(await stored(s)).toBe(0);
    expect(lines).toHaveLength(0);
  });

  it(`takes at most ${REPORT_BATCHES_PER_MINUTE} batches a minute from one address`, async () => {
    const s = await start();
    const good = batch([reportOf({ kind: 'error', error: new Error('boom'), route: '/', room: null, at: 5 })]);
    const statuses: number[] = [];
    for (let i = 0; i < REPORT_BATCHES_PER_MINUTE + 2; i++) statuses.push((await send(s, good)).status);
    expect(statuses.filter((x) => x === 204)).toHaveLength(REPORT_BATCHES_PER_MINUTE);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});
