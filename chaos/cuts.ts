/**
 * Issue 17 item 1, socket faults: a viewer's tab in Debian's Chromium follows a room through
 * a TCP proxy of the suite's own (chaos/lib/faultProxy.ts) while the server bursts numbered
 * chat messages (every room message has an offset one above the last). The proxy cuts the
 * tab's socket at random moments, then delays every chunk, then fragments them. What the
 * tab received is read from the worker's deliveries to it (src/diagnostics/deliveryLog.ts, a
 * test-only hook, not the DOM) and judged against the room's history (2401): every message
 * received once, in order, or counted by a "not shown" mark (skipped on purpose, fetchable);
 * none lost.
 */
import type { Page } from '@playwright/test';
import type { BenchServer } from '../harness/serverProcess';
import { judgeDeliveries, type DeliveryFigures } from './lib/deliveries';
import type { FaultMode, FaultProxy } from './lib/faultProxy';
import { chatHistory, deliveriesOf, ROOM, sleep, tabView, until, withProxiedTab } from './lib/roomTab';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';

const between = (low: number, high: number): number => low + Math.random() * (high - low);

interface Phase {
  readonly name: string;
  readonly mode: FaultMode;
  /** Cuts of the tab's socket during the phase (cut phases), else 0. */
  readonly cuts: number;
  /** How long the phase lasts when it does not cut. */
  readonly seconds: number;
}

interface Sizes {
  readonly rate: number;
  readonly phases: readonly Phase[];
}

/** The phases at a rate: cuts, then a delayed link, then a fragmenting one. */
const sizes = (rate: number, cuts: number, seconds: number): Sizes => ({
  rate,
  phases: [
    { name: `socket cut ${cuts} times at random moments`, mode: 'pass', cuts, seconds: 0 },
    { name: 'every chunk delayed 0 to 250 ms, order kept', mode: 'delay', cuts: 0, seconds },
    { name: 'every chunk fragmented into pieces of 1 to 48 bytes', mode: 'fragment', cuts: 0, seconds },
  ],
});

const FULL = sizes(1000, 100, 30);
const SHORT = sizes(200, 4, 4);

/** Runs the phases; returns each one's start and end (server clock = this machine's). */
async function runPhases(proxy: FaultProxy, page: Page, sizes: Sizes, log: (line: string) => void): Promise<{ phase: Phase; from: number; to: number; cut: number }[]> {
  const done: { phase: Phase; from: number; to: number; cut: number }[] = [];
  for (const phase of sizes.phases) {
    const from = Date.now();
    let cut = 0;
    log(`cuts: ${phase.name}...`);
    proxy.setMode(phase.mode);
    if (phase.cuts > 0) {
      for (let i = 0; i < phase.cuts; i++) {
        // A moment while the tab is connected and joined: the socket reconnects 2 s after a cut.
        await until('the tab joined again after a cut', async () => proxy.socketsOpen() > 0 && (await tabView(page))?.joined === 'joined', 60_000);
        await sleep(between(200, 2000));
        cut += proxy.cutSockets();
        if ((i + 1) % 20 === 0) log(`cuts: ${i + 1} of ${phase.cuts}`);
      }
      await until('the tab joined again after the last cut', async () => (await tabView(page))?.joined === 'joined', 60_000);
    } else {
      await sleep(phase.seconds * 1000);
    }
    proxy.setMode('pass');
    done.push({ phase, from, to: Date.now(), cut });
  }
  return done;
}

async function run(server: BenchServer, sizes: Sizes, log: (line: string) => void): Promise<ChaosReport> {
  return withProxiedTab(server, async ({ proxy, context, page, pageErrors }) => {

    await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: sizes.rate, seconds: 3600, users: 200 });
    const burstFrom = Date.now();
    const phases = await runPhases(proxy, page, sizes, log);
    const stopped = await server.admin<{ sent: number }>(`/admin/v1/rooms/${ROOM}/burst/stop`, {});

    const history = await chatHistory(server);
    const lastOffset = history.at(-1)?.offset ?? 0;
    log(`cuts: ${stopped.sent} burst messages; waiting for the tab to show offset ${lastOffset}...`);
    await until('the tab caught up with the room', async () => ((await tabView(page))?.newest ?? -1) >= lastOffset, 120_000).catch((error: Error) => log(error.message));
    const view = await tabView(page);
    const records = await deliveriesOf(page);
    await context.close();

    const inPhase = (from: number, to: number) => history.filter((m) => m.sendTime >= from && m.sendTime < to).map((m) => m.offset);
    const whole = judgeDeliveries(records, inPhase(burstFrom, Infinity));
    const judged = phases.map((p, i) => ({ ...p, figures: judgeDeliveries(records, inPhase(i === 0 ? burstFrom : p.from, i === phases.length - 1 ? Infinity : phases[i + 1]!.from)) }));
    const seen = (f: DeliveryFigures) => `${f.received.toLocaleString('en-US')} received, ${f.marked.toLocaleString('en-US')} marked not shown, ${f.lost} lost${f.lost > 0 ? ` (offsets ${f.lostExamples.join(', ')})` : ''}`;
    const rows: ChaosRow[] = [
      ...judged.map((p) => ({ what: `${p.phase.name}: chat messages sent meanwhile`, tried: p.figures.sent, failed: p.figures.lost, expected: 'each received, or counted by a "not shown" mark (skipped on purpose, fetchable); 0 lost', seen: seen(p.figures) })),
      { what: 'chat messages appended twice (all phases)', tried: whole.sent, failed: whole.duplicated, expected: '0', seen: String(whole.duplicated) },
      { what: 'chat messages appended out of order (all phases)', tried: whole.sent, failed: whole.outOfOrder, expected: '0', seen: String(whole.outOfOrder) },
    ];
    const plannedCuts = sizes.phases.reduce((a, p) => a + p.cuts, 0);
    const cuts = phases.reduce((a, p) => a + p.cut, 0);
    const checks: ChaosCheck[] = [
      { what: 'socket cuts made (each a moment the tab was connected and joined)', figure: `${cuts} of ${plannedCuts}; sockets opened through the proxy: ${proxy.socketsOpened()}`, ok: cuts === plannedCuts && proxy.socketsOpened() === cuts + 1 },
      { what: 'the tab caught up with the room after the faults', figure: `newest offset ${view?.newest ?? 'none'} of ${lastOffset}`, ok: (view?.newest ?? -1) >= lastOffset },
      { what: "the worker's gap filling never gave up a range (lost for real)", figure: view === null ? 'no view' : `gaps filled ${view.sync.gapsFilled}, given up ${view.sync.gapsSkipped} (${view.sync.messagesSkipped} messages); thinned by the server ${view.sync.messagesThinned}`, ok: view !== null && view.sync.gapsSkipped === 0 },
      { what: 'no page error', figure: pageErrors.length === 0 ? 'none' : pageErrors.slice(0, 2).join('; '), ok: pageErrors.length === 0 },
    ];
    return {
      name: 'cuts',
      title: 'Socket cuts, delays and fragments',
      how: `Debian's Chromium (1280x800, one viewer tab, a guest of room ${ROOM}) loads the viewer and opens its socket through a TCP proxy of the suite's own (chaos/lib/faultProxy.ts) in front of a reference server process of its own, which bursts ${sizes.rate.toLocaleString('en-US')} chat messages a second from 200 simulated viewers (numbered: every room message has an offset one above the last). Phases: ${sizes.phases.map((p) => p.name + (p.cuts > 0 ? ' (each 0.2 to 2 s after the tab had joined again)' : ` for ${p.seconds} s`)).join('; ')}. What the tab received is the worker's deliveries to it, recorded by the page's test-only hook (src/diagnostics/deliveryLog.ts, window.__webcastDeliveries), judged against the room's history read with 2401 afterwards (chaos/lib/deliveries.ts); a message belongs to the phase during which the server sent it.`,
      rows,
      checks,
      examples: judged.flatMap((p) => p.figures.lostExamples.map((o) => `${p.phase.name}: offset ${o} lost`)).slice(0, 8),
    };
  });
}

export const cutsScenario: ChaosScenario = {
  name: 'cuts',
  run: ({ short, log }: ChaosOptions) => withServer(log, (server) => run(server, short ? SHORT : FULL, log)),
};
