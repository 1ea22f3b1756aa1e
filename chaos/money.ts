/**
 * Issue 17 item 6, money, against a reference server process of its own: a gift payment
 * (`reward/pay/gift`, docs/protocol.md 1.2 and 4.7) counted in the room's money ledger
 * (append-only, one row per movement; `POST /admin/v1/rooms/:id/ledger`):
 *
 * - one payment intent retried 1,000 times at once over two connection pools (two tabs of
 *   one viewer, one session): exactly one charge, and every answer the first one;
 * - 100 distinct intents at once: 100 charges;
 * - a payment whose answer is lost (a proxy of the suite's own cuts the connection when the
 *   server starts answering): retried with the same key it answers the payment that was
 *   made, once, and charges nothing more; the same key with another amount is refused (4501).
 *
 * The browser side (one key shared by the tabs of a browser, the pay button's guard, the
 * "checking" state while an answer is missing) is tested in tests/e2e/gifts.spec.ts and
 * src/domain/payment.test.ts.
 */
import http from 'node:http';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { buildClient, startBenchServer, type BenchServer } from '../bench/lib/benchServer';
import { startDropProxy } from './lib/dropProxy';
import { guestLogin } from './lib/guest';
import type { ChaosOptions, ChaosReport, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM = '10001';
const PAY_PATH = '/commerce/v1/reward/pay/gift';
const ROSE = { liveId: ROOM, gift: 'rose', count: 1, amount: '0.10' };

const newKey = (): string => randomBytes(24).toString('base64url').slice(0, 32);

interface Answer {
  readonly status: number;
  readonly text: string;
}

function post(base: string, agent: http.Agent, token: string, key: string, body: unknown): Promise<Answer> {
  const url = new URL(PAY_PATH, base);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), token, token_type: 'guest', 'idempotency-key': key } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => resolve({ status: -1, text: '' }));
      },
    );
    request.on('error', () => resolve({ status: -1, text: '' }));
    request.end(payload);
  });
}

const codeOf = (answer: Answer): string => {
  if (answer.status !== 200) return answer.status === -1 ? 'no answer' : `HTTP ${answer.status}`;
  try {
    return String((JSON.parse(answer.text) as { code?: unknown }).code);
  } catch {
    return 'not an envelope';
  }
};

async function charges(server: BenchServer): Promise<number> {
  const data = await server.admin<{ list: unknown[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'reward.pay' });
  return data.list.length;
}

export const moneyScenario: ChaosScenario = {
  name: 'money',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const retries = short ? 200 : 1000;
    const intents = short ? 20 : 100;
    const clientDir = buildClient(log, { minify: true });
    const server = await startBenchServer(clientDir);
    // Two tabs: two pools of connections, as two pages of one browser open their own.
    const tabs = [new http.Agent({ keepAlive: true, maxSockets: 32 }), new http.Agent({ keepAlive: true, maxSockets: 32 })];
    const proxy = await startDropProxy(new URL(server.url));
    try {
      const token = (await guestLogin(server, ROOM)).token;
      const examples: string[] = [];

      log(`money: one intent, ${retries} retries at once from two tabs...`);
      const before = await charges(server);
      const key = newKey();
      const retried = await Promise.all(Array.from({ length: retries }, (_, i) => post(server.url, tabs[i % 2]!, token, key, ROSE)));
      const once = (await charges(server)) - before;
      const first = retried.find((a) => codeOf(a) === '200')?.text ?? '';
      const differing = retried.filter((a) => a.text !== first);
      for (const a of differing.slice(0, 3)) examples.push(`a retry of one intent answered ${codeOf(a)} ${a.text.slice(0, 160)}`);

      log(`money: ${intents} distinct intents at once...`);
      const beforeMany = await charges(server);
      const many = await Promise.all(Array.from({ length: intents }, (_, i) => post(server.url, tabs[i % 2]!, token, newKey(), ROSE)));
      const manyCharges = (await charges(server)) - beforeMany;

      log('money: a payment whose answer is lost...');
      const beforeLost = await charges(server);
      const lostKey = newKey();
      const lost = await post(proxy.url, new http.Agent({ keepAlive: false }), token, lostKey, ROSE);
      const retry = await post(server.url, tabs[0]!, token, lostKey, ROSE);
      const again = await post(server.url, tabs[1]!, token, lostKey, ROSE);
      const otherAmount = await post(server.url, tabs[0]!, token, lostKey, { ...ROSE, count: 2, amount: '0.20' });
      const lostCharges = (await charges(server)) - beforeLost;

      return {
        name: 'money',
        title: 'Money',
        how: `Against a reference server process of its own (fresh data, the demo rooms), one guest session paying for a rose (0.10) in room ${ROOM} with \`${PAY_PATH}\`; charges are the room's money ledger rows of kind reward.pay (admin API). Two tabs are two keep-alive connection pools. The lost answer goes through a TCP proxy of the suite's own (chaos/lib/dropProxy.ts) that cuts both connections when the server starts answering; the retries go straight to the server.`,
        rows: [
          {
            what: `one payment intent (one Idempotency-Key) sent ${retries.toLocaleString('en-US')} times at once from two tabs`,
            tried: retries,
            failed: differing.length + Math.abs(once - 1),
            expected: 'exactly 1 charge; every answer the same as the first (200 with the payment)',
            seen: `${once} charge(s); answers ${tally(retried.map(codeOf))}; ${retries - differing.length} identical to the first`,
          },
          { what: `${intents} distinct payment intents at once`, tried: intents, failed: Math.abs(manyCharges - intents) + many.filter((a) => codeOf(a) !== '200').length, expected: `${intents} charges, each answered 200`, seen: `${manyCharges} charges; answers ${tally(many.map(codeOf))}` },
          {
            what: 'a payment whose answer is lost, then retried twice with its key',
            tried: 1,
            failed: codeOf(lost) === 'no answer' && codeOf(retry) === '200' && retry.text === again.text && lostCharges === 1 ? 0 : 1,
            expected: 'the first gets no answer; both retries answer the payment made (200, the same); exactly 1 charge',
            seen: `first: ${codeOf(lost)}; retries: ${codeOf(retry)}, ${codeOf(again)}${retry.text === again.text ? ' (the same)' : ' (DIFFERENT)'}; ${lostCharges} charge(s)`,
          },
          { what: 'that key again with another amount', tried: 1, failed: codeOf(otherAmount) === '4501' ? 0 : 1, expected: '4501 (a key is bound to its parameters)', seen: codeOf(otherAmount) },
        ],
        checks: [{ what: 'the proxy lost the answer (the server had answered it)', figure: `${proxy.dropped()} answer(s) cut`, ok: proxy.dropped() === 1 }],
        examples,
      };
    } finally {
      for (const agent of tabs) agent.destroy();
      await proxy.close();
      await server.stop();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  },
};
