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
import { randomBytes } from 'node:crypto';
import { buildClient, startBenchServer, type BenchServer } from '../bench/lib/benchServer';
import { TestSocket } from '../server/testing/socketClient';
import { guestLogin } from './lib/guest';
import type { ChaosOptions, ChaosReport, ChaosScenario } from './lib/scenario';

const ROOM = '10001';
const CHATTERS = 4;
const ROSE = { liveId: ROOM, gift: 'rose', count: 1, amount: '0.10' };

const newKey = (): string => randomBytes(24).toString('base64url').slice(0, 32);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function pay(server: BenchServer, token: string, key: string): Promise<{ code: number | null; text: string }> {
  try {
    const response = await fetch(`${server.url}/commerce/v1/reward/pay/gift`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, token_type: 'guest', 'idempotency-key': key },
      body: JSON.stringify(ROSE),
    });
    const text = await response.text();
    return { code: (JSON.parse(text) as { code: number }).code, text };
  } catch {
    return { code: null, text: '' };
  }
}

/** Every chat msgId in the room's history, read with 2401 pages from offset 0. */
async function history(socket: TestSocket): Promise<{ msgIds: string[]; pages: number }> {
  const msgIds: string[] = [];
  let after = 0;
  let pages = 0;
  for (;;) {
    const reply = await socket.request(2401, { webcastId: ROOM, after, limit: 500 }, 20_000);
    const messages = (reply.messages ?? []) as { code: number; msgId?: string; offset?: number }[];
    pages++;
    if (messages.length === 0) break;
    for (const m of messages) if (m.code === 7101 && typeof m.msgId === 'string') msgIds.push(m.msgId);
    after += messages.length;
    if (messages.length < 500) break;
  }
  return { msgIds, pages };
}

export const crashScenario: ChaosScenario = {
  name: 'crash',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const runMs = short ? 1500 : 6000;
    const clientDir = buildClient(log, { minify: true });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-chaos-crash-'));
    let server = await startBenchServer(clientDir, { dataDir });
    try {
      const sent = new Set<string>();
      const acknowledged: string[] = [];
      const paid: { key: string; text: string }[] = [];
      let running = true;
      const chatters = await Promise.all(
        Array.from({ length: CHATTERS }, async (_, n) => {
          const login = await guestLogin(server, ROOM);
          const socket = await TestSocket.connect(server.url, login.sid, { batch: true });
          await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
          return { n, socket };
        }),
      );
      const payer = await guestLogin(server, ROOM);
      log(`crash: ${CHATTERS} viewers chat and one pays for ${runMs} ms, then SIGKILL...`);
      const chatting = chatters.map(async ({ n, socket }) => {
        for (let i = 0; running; i++) {
          const body = `crash ${n}-${i}`;
          sent.add(body);
          const reply = await socket.request(7101, { webcastId: ROOM, body }, 5000).catch(() => null);
          if (reply?.status === 200 && typeof reply.msgId === 'string') acknowledged.push(reply.msgId);
          if (reply === null) return;
        }
      });
      const paying = (async () => {
        while (running) {
          const key = newKey();
          const answer = await pay(server, payer.token, key);
          if (answer.code === 200) paid.push({ key, text: answer.text });
          if (answer.code === null) return;
        }
      })();
      await sleep(runMs);
      await server.kill();
      running = false;
      await Promise.all([...chatting, paying]);
      for (const { socket } of chatters) socket.close();

      log(`crash: ${acknowledged.length} messages and ${paid.length} payments acknowledged; restarting on the same data...`);
      server = await startBenchServer(clientDir, { dataDir });
      const reader = await guestLogin(server, ROOM);
      const socket = await TestSocket.connect(server.url, reader.sid, { batch: true });
      await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
      const read = await history(socket);
      socket.close();
      const kept = new Map<string, number>();
      for (const id of read.msgIds) kept.set(id, (kept.get(id) ?? 0) + 1);
      const lostMessages = acknowledged.filter((id) => !kept.has(id));
      const doubled = acknowledged.filter((id) => (kept.get(id) ?? 0) > 1);

      const ledger = await server.admin<{ list: { userId: string }[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'reward.pay' });
      // The same viewer sends every acknowledged key again (keys are the user's own: another
      // user's same key is another payment).
      const retries = await Promise.all(paid.map(async (p) => ({ p, again: await pay(server, payer.token, p.key) })));
      const sameAnswer = retries.filter((r) => r.again.text === r.p.text).length;
      const ledgerAfterRetries = await server.admin<{ list: unknown[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'reward.pay' });
      const extraCharges = ledgerAfterRetries.list.length - ledger.list.length;

      const health = (await fetch(`${server.url}/healthz`)).status;
      return {
        name: 'crash',
        title: 'Server crash',
        how: `A reference server process on a data folder of its own; ${CHATTERS} guest viewers send chat messages one after another on their sockets (each waits for its acknowledgement, 7100) and one guest pays for roses (0.10, a new Idempotency-Key each) for ${runMs} ms; then the process is killed with SIGKILL and started again on the same data. A new viewer reads the room's history with 2401 from offset 0; the money ledger is read through the admin API, and every acknowledged payment's key is sent again by the same viewer (its session, kept by the server across the restart).`,
        rows: [
          { what: 'chat messages acknowledged before the kill', tried: acknowledged.length, failed: lostMessages.length + doubled.length, expected: 'each in the history after the restart, once', seen: `${acknowledged.length - lostMessages.length} found (${sent.size} sent in all); ${lostMessages.length} missing; ${doubled.length} twice` },
          { what: 'payments acknowledged before the kill', tried: paid.length, failed: Math.max(0, paid.length - ledger.list.length), expected: 'each in the money ledger after the restart', seen: `${ledger.list.length} ledger rows for ${paid.length} acknowledged (a payment made as the process died may be booked without its answer)` },
          {
            what: 'their keys sent again by the same viewer after the restart',
            tried: retries.length,
            failed: extraCharges + (retries.length - sameAnswer),
            expected: 'the first answer again, no new charge',
            seen: `${extraCharges} new ledger rows; ${sameAnswer} answers the same as before the crash; codes ${[...new Set(retries.map((r) => String(r.again.code)))].join(', ')}`,
          },
        ],
        checks: [
          { what: 'the run had something to lose (messages and payments acknowledged)', figure: `${acknowledged.length} messages, ${paid.length} payments`, ok: acknowledged.length > 0 && paid.length > 0 },
          { what: 'the restarted server answers /healthz', figure: `HTTP ${health}`, ok: health === 200 },
        ],
        examples: lostMessages.slice(0, 3).map((id) => `acknowledged ${id} missing after the restart`),
      };
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  },
};
