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
import { startNetProxy } from '../harness/netProxy';
import { guestLogin } from './lib/guest';
import { answerKey } from './lib/http';
import { newPayKey, PAY_PATH, payRoses, roseCharges } from './lib/payments';
import { withServer } from './lib/server';
import type { ChaosOptions, ChaosReport, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM = '10001';

export const moneyScenario: ChaosScenario = {
  name: 'money',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const retries = short ? 200 : 1000;
    const intents = short ? 20 : 100;
    return withServer(log, async (server) => {
      // Two tabs: two pools of connections, as two pages of one browser open their own.
      const tabs = [new http.Agent({ keepAlive: true, maxSockets: 32 }), new http.Agent({ keepAlive: true, maxSockets: 32 })];
      const target = new URL(server.url);
      const proxy = await startNetProxy({ host: target.hostname, port: Number(target.port) });
      proxy.loseAnswers(true);
      try {
        const token = (await guestLogin(server, ROOM)).token;
        const examples: string[] = [];

        log(`money: one intent, ${retries} retries at once from two tabs...`);
        const before = await roseCharges(server, ROOM);
        const key = newPayKey();
        const retried = await Promise.all(Array.from({ length: retries }, (_, i) => payRoses(server.url, ROOM, token, key, { agent: tabs[i % 2] })));
        const once = (await roseCharges(server, ROOM)) - before;
        const first = retried.find((a) => answerKey(a) === '200')?.text ?? '';
        const differing = retried.filter((a) => a.text !== first);
        for (const a of differing.slice(0, 3)) examples.push(`a retry of one intent answered ${answerKey(a)} ${a.text.slice(0, 160)}`);

        log(`money: ${intents} distinct intents at once...`);
        const beforeMany = await roseCharges(server, ROOM);
        const many = await Promise.all(Array.from({ length: intents }, (_, i) => payRoses(server.url, ROOM, token, newPayKey(), { agent: tabs[i % 2] })));
        const manyCharges = (await roseCharges(server, ROOM)) - beforeMany;

        log('money: a payment whose answer is lost...');
        const beforeLost = await roseCharges(server, ROOM);
        const lostKey = newPayKey();
        const lost = await payRoses(proxy.url, ROOM, token, lostKey, { agent: new http.Agent({ keepAlive: false }) });
        const retry = await payRoses(server.url, ROOM, token, lostKey, { agent: tabs[0] });
        const again = await payRoses(server.url, ROOM, token, lostKey, { agent: tabs[1] });
        const otherAmount = await payRoses(server.url, ROOM, token, lostKey, { count: 2, agent: tabs[0] });
        const lostCharges = (await roseCharges(server, ROOM)) - beforeLost;

        return {
          name: 'money',
          title: 'Money',
          how: `Against a reference server process of its own (fresh data, the demo rooms), one guest session paying for a rose (0.10) in room ${ROOM} with \`${PAY_PATH}\`; charges are the room's money ledger rows of kind reward.pay (admin API). Two tabs are two keep-alive connection pools. The lost answer goes through a TCP proxy of the suite's own (harness/netProxy.ts, losing answers) that cuts both connections when the server starts answering; the retries go straight to the server.`,
          rows: [
            {
              what: `one payment intent (one Idempotency-Key) sent ${retries.toLocaleString('en-US')} times at once from two tabs`,
              tried: retries,
              failed: differing.length + Math.abs(once - 1),
              expected: 'exactly 1 charge; every answer the same as the first (200 with the payment)',
              seen: `${once} charge(s); answers ${tally(retried.map(answerKey))}; ${retries - differing.length} identical to the first`,
            },
            { what: `${intents} distinct payment intents at once`, tried: intents, failed: Math.abs(manyCharges - intents) + many.filter((a) => answerKey(a) !== '200').length, expected: `${intents} charges, each answered 200`, seen: `${manyCharges} charges; answers ${tally(many.map(answerKey))}` },
            {
              what: 'a payment whose answer is lost, then retried twice with its key',
              tried: 1,
              failed: answerKey(lost) === 'no answer' && answerKey(retry) === '200' && retry.text === again.text && lostCharges === 1 ? 0 : 1,
              expected: 'the first gets no answer; both retries answer the payment made (200, the same); exactly 1 charge',
              seen: `first: ${answerKey(lost)}; retries: ${answerKey(retry)}, ${answerKey(again)}${retry.text === again.text ? ' (the same)' : ' (DIFFERENT)'}; ${lostCharges} charge(s)`,
            },
            { what: 'that key again with another amount', tried: 1, failed: answerKey(otherAmount) === '4501' ? 0 : 1, expected: '4501 (a key is bound to its parameters)', seen: answerKey(otherAmount) },
          ],
          checks: [{ what: 'the proxy lost the answer (the server had answered it)', figure: `${proxy.answersLost()} answer(s) cut`, ok: proxy.answersLost() === 1 }],
          examples,
        };
      } finally {
        for (const agent of tabs) agent.destroy();
        await proxy.close();
      }
    });
  },
};
