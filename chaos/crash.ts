/**
 * Issue 17 item 3, a server crash: while viewers chat and pay, the reference server is
 * killed with SIGKILL (no flush, no close), then started again on the same data. What it
 * acknowledged must be there after the restart:
 *
 * - every chat message answered 7100 status 200 is in the room's history (2401), once;
 * - every payment answered 200 is in the money ledger, and its retry with the same key by
 *   the same viewer answers the same payment and charges nothing more.
 *
 * Not driven yet: sign-ins and answers (roll call, papers), and the viewers' own sockets
 * reconnecting to the restarted server (a new viewer reads the history instead).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer, type BenchServer } from '../bench/lib/benchServer';
import { TestSocket } from '../server/testing/socketClient';
import { guestLogin } from './lib/guest';
import { answerKey, envelopeCode } from './lib/http';
import { newPayKey, payRoses, roseCharges } from './lib/payments';
import { withServer } from './lib/server';
import type { ChaosOptions, ChaosReport, ChaosScenario } from './lib/scenario';

const ROOM = '10001';
const CHATTERS = 4;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Every chat msgId in the room's history, read with 2401 pages from offset 0. */
async function history(socket: TestSocket): Promise<string[]> {
  const msgIds: string[] = [];
  let after = 0;
  for (;;) {
    const reply = await socket.request(2401, { webcastId: ROOM, after, limit: 500 }, 20_000);
    const messages = (reply.messages ?? []) as { code: number; msgId?: string }[];
    if (messages.length === 0) break;
    for (const m of messages) if (m.code === 7101 && typeof m.msgId === 'string') msgIds.push(m.msgId);
    after += messages.length;
    if (messages.length < 500) break;
  }
  return msgIds;
}

/** What the server acknowledged before it was killed. */
interface Acknowledged {
  /** Chat texts sent, acknowledged or not. */
  readonly sent: number;
  readonly msgIds: readonly string[];
  readonly payments: readonly { readonly key: string; readonly text: string }[];
  readonly payerToken: string;
}

/** Viewers chat and one pays for `runMs`, then the server is killed (SIGKILL). */
async function busyUntilKilled(server: BenchServer, runMs: number, log: (line: string) => void): Promise<Acknowledged> {
  let sent = 0;
  const msgIds: string[] = [];
  const payments: { key: string; text: string }[] = [];
  let running = true;
  const chatters = await Promise.all(
    Array.from({ length: CHATTERS }, async () => {
      const socket = await TestSocket.connect(server.url, (await guestLogin(server, ROOM)).sid, { batch: true });
      await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
      return socket;
    }),
  );
  const payer = await guestLogin(server, ROOM);
  log(`crash: ${CHATTERS} viewers chat and one pays for ${runMs} ms, then SIGKILL...`);
  const chatting = chatters.map(async (socket, n) => {
    for (let i = 0; running; i++) {
      sent++;
      const reply = await socket.request(7101, { webcastId: ROOM, body: `crash ${n}-${i}` }, 5000).catch(() => null);
      if (reply === null) return;
      if (reply.status === 200 && typeof reply.msgId === 'string') msgIds.push(reply.msgId);
    }
  });
  const paying = (async () => {
    while (running) {
      const key = newPayKey();
      const answer = await payRoses(server.url, ROOM, payer.token, key);
      if (answer.status === -1) return;
      if (envelopeCode(answer) === 200) payments.push({ key, text: answer.text });
    }
  })();
  await sleep(runMs);
  await server.kill();
  running = false;
  await Promise.all([...chatting, paying]);
  for (const socket of chatters) socket.close();
  return { sent, msgIds, payments, payerToken: payer.token };
}

/** On the restarted server: the history read by a new viewer, the ledger, every payment key again. */
async function afterRestart(server: BenchServer, before: Acknowledged, runMs: number): Promise<ChaosReport> {
  const reader = await guestLogin(server, ROOM);
  const socket = await TestSocket.connect(server.url, reader.sid, { batch: true });
  await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
  const kept = new Map<string, number>();
  for (const id of await history(socket)) kept.set(id, (kept.get(id) ?? 0) + 1);
  socket.close();
  const lost = before.msgIds.filter((id) => !kept.has(id));
  const doubled = before.msgIds.filter((id) => (kept.get(id) ?? 0) > 1);

  const booked = await roseCharges(server, ROOM);
  // The same viewer sends every acknowledged key again (keys are the user's own: another
  // user's same key is another payment).
  const retries = await Promise.all(before.payments.map(async (p) => ({ p, again: await payRoses(server.url, ROOM, before.payerToken, p.key) })));
  const sameAnswer = retries.filter((r) => r.again.text === r.p.text).length;
  const extraCharges = (await roseCharges(server, ROOM)) - booked;
  const health = (await fetch(`${server.url}/healthz`)).status;
  const paid = before.payments.length;
  return {
    name: 'crash',
    title: 'Server crash',
    how: `A reference server process on a data folder of its own; ${CHATTERS} guest viewers send chat messages one after another on their sockets (each waits for its acknowledgement, 7100) and one guest pays for roses (0.10, a new Idempotency-Key each) for ${runMs} ms; then the process is killed with SIGKILL and started again on the same data. A new viewer reads the room's history with 2401 from offset 0; the money ledger is read through the admin API, and every acknowledged payment's key is sent again by the same viewer (its session, kept by the server across the restart).`,
    rows: [
      {
        what: 'chat messages acknowledged before the kill',
        tried: before.msgIds.length,
        failed: lost.length + doubled.length,
        expected: 'each in the history after the restart, once',
        seen: `${before.msgIds.length - lost.length} found (${before.sent} sent in all); ${lost.length} missing; ${doubled.length} twice`,
      },
      {
        what: 'payments acknowledged before the kill',
        tried: paid,
        failed: Math.max(0, paid - booked),
        expected: 'each in the money ledger after the restart',
        seen: `${booked} ledger rows for ${paid} acknowledged (a payment made as the process died may be booked without its answer)`,
      },
      {
        what: 'their keys sent again by the same viewer after the restart',
        tried: retries.length,
        failed: extraCharges + (retries.length - sameAnswer),
        expected: 'the first answer again, no new charge',
        seen: `${extraCharges} new ledger rows; ${sameAnswer} answers the same as before the crash; codes ${[...new Set(retries.map((r) => answerKey(r.again)))].join(', ')}`,
      },
    ],
    checks: [
      { what: 'the run had something to lose (messages and payments acknowledged)', figure: `${before.msgIds.length} messages, ${paid} payments`, ok: before.msgIds.length > 0 && paid > 0 },
      { what: 'the restarted server answers /healthz', figure: `HTTP ${health}`, ok: health === 200 },
    ],
    examples: lost.slice(0, 3).map((id) => `acknowledged ${id} missing after the restart`),
  };
}

export const crashScenario: ChaosScenario = {
  name: 'crash',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const runMs = short ? 1500 : 6000;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-chaos-crash-'));
    try {
      return await withServer(
        log,
        async (first, clientDir) => {
          const before = await busyUntilKilled(first, runMs, log);
          log(`crash: ${before.msgIds.length} messages and ${before.payments.length} payments acknowledged; restarting on the same data...`);
          const server = await startBenchServer(clientDir, { dataDir });
          try {
            return await afterRestart(server, before, runMs);
          } finally {
            await server.stop();
          }
        },
        { dataDir },
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
