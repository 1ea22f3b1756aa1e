/**
 * Issue 17 item 3, a server crash: while viewers chat, sign in to a roll call, answer a
 * questionnaire and pay, the reference server is killed with SIGKILL (no flush, no close),
 * then started again on the same data. What it acknowledged must be there after the restart:
 *
 * - every chat message answered 7100 status 200 is in the room's history (2401), once;
 * - every roll-call sign-in and questionnaire answer answered 200 is the viewer's again;
 * - every payment answered 200 is in the money ledger, and its retry with the same key by
 *   the same viewer answers the same payment and charges nothing more.
 *
 * And a viewer's tab in Chromium, connected through the suite's proxy all along, resumes on
 * the restarted server by itself (its socket reconnects and rejoins with its last offset):
 * it gets every chat message of the room from then on, once and in order or marked, and
 * keeps no message the restarted room does not have. The server pushes a message before
 * its batch is written, so a tab may have seen one that died with the process; the
 * restarted server must not reuse such an offset for another message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer, type BenchServer } from '../harness/serverProcess';
import { LIVE_CALLS } from '../src/protocol/services/live';
import { TestSocket } from '../server/testing/socketClient';
import { judgeDeliveries } from './lib/deliveries';
import { guestLogin, type GuestLogin } from './lib/guest';
import { answerKey, envelopeCode, envelopeData, viewerRequest } from './lib/http';
import { newPayKey, payRoses, roseCharges } from './lib/payments';
import { chatHistory, deliveriesOf, ROOM, sleep, tabView, until, withProxiedTab } from './lib/roomTab';
import { withServer } from './lib/server';
import type { ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';

const CHATTERS = 4;
const BURST_RATE = 2000;
/** The room's seeded questionnaire and the free-text question every signer answers. */
const PAPER_ID = `pp_${ROOM}_survey`;
const PAPER_QUESTION = 'q3';

/** A viewer's call on `server`: the envelope's code and data. */
async function viewerCall(server: BenchServer, token: string, method: 'GET' | 'POST', pathname: string, fields: Record<string, unknown>): Promise<{ code: number | null; data: Record<string, unknown> }> {
  const answer = await viewerRequest(server.url, token, method, pathname, fields);
  return { code: envelopeCode(answer), data: envelopeData(answer) };
}

/** What the server acknowledged before it was killed. */
interface Acknowledged {
  /** Chat texts sent, acknowledged or not. */
  readonly sent: number;
  readonly msgIds: readonly string[];
  readonly payments: readonly { readonly key: string; readonly text: string }[];
  readonly payerToken: string;
  readonly signIns: readonly string[];
  readonly answers: readonly { readonly token: string; readonly answer: string }[];
}

/** Viewers chat, sign in, answer and one pays for `runMs`, then the server is killed (SIGKILL). */
async function busyUntilKilled(server: BenchServer, rollCallId: string, runMs: number, log: (line: string) => void): Promise<Acknowledged> {
  let sent = 0;
  const msgIds: string[] = [];
  const payments: { key: string; text: string }[] = [];
  const signIns: string[] = [];
  const answers: { token: string; answer: string }[] = [];
  let running = true;
  const chatters = await Promise.all(
    Array.from({ length: CHATTERS }, async () => {
      const socket = await TestSocket.connect(server.url, (await guestLogin(server, ROOM)).sid, { batch: true });
      await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
      return socket;
    }),
  );
  const payer = await guestLogin(server, ROOM);
  // Others chat too, fast: the room log's batches are then never empty, so the kill lands
  // with messages pushed to the tab and not yet written.
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: BURST_RATE, seconds: 3600, users: 200 });
  log(`crash: ${CHATTERS} viewers chat, new viewers sign in and answer, one pays, others chat at ${BURST_RATE}/s, for ${runMs} ms, then SIGKILL...`);
  const chatting = chatters.map(async (socket, n) => {
    for (let i = 0; running; i++) {
      sent++;
      const reply = await socket.request(7101, { webcastId: ROOM, body: `crash ${n}-${i}` }, 5000).catch(() => null);
      if (reply === null) return;
      // Sending faster than a viewer may (CHAT_SEND_RATE): wait as the server says, as the client does.
      if (reply.status === 4203) await new Promise((resolve) => setTimeout(resolve, 1000 * Number(reply.waitSeconds ?? 1)));
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
  // One sign-in and one answer per viewer: each round is a new guest.
  const signing = (async () => {
    for (let n = 0; running; n++) {
      let viewer: GuestLogin;
      try {
        viewer = await guestLogin(server, ROOM);
      } catch {
        return;
      }
      const signed = await viewerCall(server, viewer.token, 'POST', LIVE_CALLS.rollCallAnswer.path, { confId: ROOM, id: rollCallId });
      if (signed.code === null) return;
      if (signed.code === 200) signIns.push(viewer.token);
      const text = `answer ${n}`;
      const answered = await viewerCall(server, viewer.token, 'POST', LIVE_CALLS.paperState.path, { id: PAPER_ID, webcastId: ROOM, answers: [{ id: PAPER_QUESTION, answer: text }] });
      if (answered.code === null) return;
      if (answered.code === 200) answers.push({ token: viewer.token, answer: text });
    }
  })();
  await sleep(runMs);
  await server.kill();
  running = false;
  await Promise.all([...chatting, paying, signing]);
  for (const socket of chatters) socket.close();
  return { sent, msgIds, payments, payerToken: payer.token, signIns, answers };
}

/** On the restarted server: the history, the sign-ins and answers, the ledger, every payment key again. */
async function storeRows(server: BenchServer, before: Acknowledged): Promise<ChaosRow[]> {
  const kept = new Map<string, number>();
  for (const m of await chatHistory(server)) kept.set(m.msgId, (kept.get(m.msgId) ?? 0) + 1);
  const lost = before.msgIds.filter((id) => !kept.has(id));
  const doubled = before.msgIds.filter((id) => (kept.get(id) ?? 0) > 1);

  const signedAfter = await Promise.all(before.signIns.map((token) => viewerCall(server, token, 'GET', LIVE_CALLS.rollCallCurrent.path, { webcastId: ROOM })));
  const signInsKept = signedAfter.filter((r) => r.code === 200 && (r.data.rollCall as { signedAt?: unknown } | null)?.signedAt != null).length;
  const answeredAfter = await Promise.all(
    before.answers.map(async (a) => {
      const info = await viewerCall(server, a.token, 'GET', LIVE_CALLS.paperInfo.path, { id: PAPER_ID });
      const mine = (info.data.myAnswer as { answers?: { id: string; answer: string }[] } | null)?.answers ?? [];
      return info.code === 200 && info.data.answered === true && mine.some((x) => x.id === PAPER_QUESTION && x.answer === a.answer);
    }),
  );
  const answersKept = answeredAfter.filter(Boolean).length;

  const booked = await roseCharges(server, ROOM);
  // The same viewer sends every acknowledged key again (keys are the user's own: another
  // user's same key is another payment).
  const retries = await Promise.all(before.payments.map(async (p) => ({ p, again: await payRoses(server.url, ROOM, before.payerToken, p.key) })));
  const sameAnswer = retries.filter((r) => r.again.text === r.p.text).length;
  const extraCharges = (await roseCharges(server, ROOM)) - booked;
  const paid = before.payments.length;
  return [
    {
      what: 'chat messages acknowledged before the kill',
      tried: before.msgIds.length,
      failed: lost.length + doubled.length,
      expected: 'each in the history after the restart, once',
      seen: `${before.msgIds.length - lost.length} found (${before.sent} sent in all); ${lost.length} missing; ${doubled.length} twice`,
    },
    { what: 'roll-call sign-ins acknowledged before the kill', tried: before.signIns.length, failed: before.signIns.length - signInsKept, expected: "each the viewer's after the restart (rollcall/current: signed in)", seen: `${signInsKept} kept` },
    { what: 'questionnaire answers acknowledged before the kill', tried: before.answers.length, failed: before.answers.length - answersKept, expected: "each the viewer's after the restart (paper info: answered, the same text)", seen: `${answersKept} kept` },
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
  ];
}

/** A new viewer chats `count` messages on the restarted server, one after another; the acknowledged ids. */
async function chatAfterRestart(server: BenchServer, count: number): Promise<string[]> {
  const socket = await TestSocket.connect(server.url, (await guestLogin(server, ROOM)).sid, { batch: true });
  try {
    await socket.request(7001, { webcastId: ROOM, offset: 0 }, 20_000);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const reply = await socket.request(7101, { webcastId: ROOM, body: `after the restart ${i}` }, 10_000);
      if (reply.status === 200) ids.push(String(reply.msgId));
    }
    return ids;
  } finally {
    socket.close();
  }
}

async function run(first: BenchServer, clientDir: string, dataDir: string, short: boolean, log: (line: string) => void): Promise<ChaosReport> {
  const runMs = short ? 1500 : 6000;
  const afterCount = short ? 100 : 500;
  return withProxiedTab(first, async (tab) => {
    const rollCall = await first.admin<{ id: string }>(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 600 });
    await first.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'paper', id: PAPER_ID });

    const before = await busyUntilKilled(first, rollCall.id, runMs, log);
    log(`crash: ${before.msgIds.length} messages, ${before.signIns.length} sign-ins, ${before.answers.length} answers and ${before.payments.length} payments acknowledged; restarting on the same data...`);
    const seenBefore = (await tabView(tab.page))?.newest ?? -1;
    const server = await startBenchServer(clientDir, { dataDir });
    try {
      // The tab's socket has been failing to reconnect all along; from now on it reaches the new process.
      tab.proxy.retarget(new URL(server.url));
      const rows = await storeRows(server, before);
      await until('the tab joined the restarted room', async () => (await tabView(tab.page))?.joined === 'joined', 60_000);
      const afterIds = await chatAfterRestart(server, afterCount);
      const history = await chatHistory(server);
      const lastOffset = history.at(-1)?.offset ?? 0;
      await until('the tab caught up with the restarted room', async () => ((await tabView(tab.page))?.newest ?? -1) >= lastOffset, 30_000).catch((error: Error) => log(error.message));
      const view = await tabView(tab.page);
      const records = await deliveriesOf(tab.page);
      await tab.context.close();

      // From the tab's first delivery on: every chat message of the room, before and after the crash.
      let firstOffset = Infinity;
      for (const r of records) for (const o of [...r.append, ...(r.replace ?? [])]) firstOffset = Math.min(firstOffset, o);
      const figures = judgeDeliveries(records, history.filter((m) => m.offset >= firstOffset).map((m) => m.offset));
      const inRoom = new Set(history.map((m) => m.msgId));
      const ghosts = (view?.msgIds ?? []).filter((id) => !inRoom.has(id));
      // Chat the dead process wrote last (the restarted room's offsets then jump past a void).
      const writtenBefore = history.reduce((most, m) => (m.offset <= seenBefore ? Math.max(most, m.offset) : most), 0);
      const afterSeen = afterIds.filter((id) => view?.msgIds.includes(id)).length;
      const health = (await fetch(`${server.url}/healthz`)).status;
      return {
        name: 'crash',
        title: 'Server crash',
        how: `A reference server process on a data folder of its own, with a viewer's tab in Chromium connected through the suite's TCP proxy; a roll call is started and the room's questionnaire published. For ${runMs} ms the server bursts ${BURST_RATE} chat messages a second from simulated viewers, ${CHATTERS} guest viewers send chat messages one after another on their sockets (each waits for its acknowledgement, 7100), new guests one after another sign in to the roll call and answer the questionnaire, and one guest pays for roses (0.10, a new Idempotency-Key each); then the process is killed with SIGKILL and started again on the same data, and the proxy sends the tab's reconnecting socket to it. The history is read with 2401 from offset 0, each sign-in and answer by its viewer's session (kept across the restart), the money ledger through the admin API, and every acknowledged payment's key is sent again by the same viewer. Then a new viewer sends ${afterCount} chat messages on the restarted server, and the tab's deliveries (its test-only log) are judged against the room's history from its first delivery on.`,
        rows: [
          ...rows,
          {
            what: "the tab's chat, from its first message to the last after the restart",
            tried: figures.sent,
            failed: figures.lost + figures.duplicated + figures.outOfOrder,
            expected: 'each received once and in order, or counted by a "not shown" mark; 0 lost',
            seen: `${figures.received.toLocaleString('en-US')} received, ${figures.marked.toLocaleString('en-US')} marked not shown, ${figures.lost} lost${figures.lost > 0 ? ` (offsets ${figures.lostExamples.join(', ')})` : ''}, ${figures.duplicated} twice, ${figures.outOfOrder} out of order`,
          },
          {
            what: "messages in the tab's list that the restarted room does not have",
            tried: view?.msgIds.length ?? 0,
            failed: ghosts.length,
            expected: '0 (a message pushed but never written is taken back)',
            seen: `${ghosts.length}; before the kill the tab had offsets up to ${seenBefore}, the dead process had written up to ${writtenBefore}${seenBefore > writtenBefore ? ` (${seenBefore - writtenBefore} pushed, never written: taken back)` : ''}`,
          },
        ],
        checks: [
          { what: 'the run had something to lose', figure: `${before.msgIds.length} messages, ${before.signIns.length} sign-ins, ${before.answers.length} answers, ${before.payments.length} payments`, ok: before.msgIds.length > 0 && before.signIns.length > 0 && before.answers.length > 0 && before.payments.length > 0 },
          { what: 'the tab resumed by itself and shows the messages sent after the restart', figure: `newest offset ${seenBefore} before the kill, ${view?.newest ?? 'none'} after (room ${lastOffset}); ${afterSeen} of the newest ${Math.min(afterIds.length, view?.msgIds.length ?? 0)} in its list`, ok: (view?.newest ?? -1) >= lastOffset && afterSeen >= Math.min(afterIds.length, 150) },
          { what: 'the restarted server answers /healthz', figure: `HTTP ${health}`, ok: health === 200 },
        ],
        examples: [...figures.lostExamples.map((o) => `offset ${o} lost by the tab`), ...ghosts.slice(0, 3).map((id) => `${id} in the tab, not in the room`)],
      };
    } finally {
      await server.stop();
    }
  });
}

export const crashScenario: ChaosScenario = {
  name: 'crash',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-chaos-crash-'));
    try {
      return await withServer(log, (first, clientDir) => run(first, clientDir, dataDir, short, log), { dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
