/**
 * Issue 17 item 2, offline past the history window: a viewer's tab goes offline (the suite's
 * proxy cuts every connection and refuses new ones) for longer than the server replays at a
 * rejoin (the newest 1,000 messages, docs/protocol.md 5.2), while the room chats and its
 * host closes the chat. When the tab is back, the room state must be the room's (the chat
 * shown closed), the hole fetched or marked (the worker's gap filling, the list's "not
 * shown" marks), nothing lost silently, and the viewer told: the reconnecting banner while
 * offline, the marks in the list afterwards.
 */
import type { BenchServer } from '../harness/serverProcess';
import { judgeDeliveries } from './lib/deliveries';
import { chatHistory, deliveriesOf, ROOM, sleep, tabView, until, withProxiedTab } from './lib/roomTab';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosScenario } from './lib/scenario';

/** The server replays at most this many messages at a rejoin (docs/protocol.md 5.2). */
const REPLAY_WINDOW = 1000;
const RATE = 500;
/** The chat input's words when the chat is closed (zh_cn, the default locale). */
const CHAT_CLOSED = '聊天已关闭';
const RECONNECTING = '连接已断开';

async function run(server: BenchServer, offlineMs: number, log: (line: string) => void): Promise<ChaosReport> {
  return withProxiedTab(server, async ({ proxy, context, page, pageErrors }) => {
    await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: RATE, seconds: 3600, users: 200 });
    const burstFrom = Date.now();
    await sleep(2000);

    log(`offline: the tab goes offline for ${offlineMs / 1000} s while the room chats at ${RATE}/s and the host closes the chat...`);
    proxy.goOffline(offlineMs);
    const offlineFrom = Date.now();
    const toldOffline = page
      .getByText(RECONNECTING)
      .first()
      .waitFor({ timeout: offlineMs })
      .then(() => true)
      .catch(() => false);
    // Early in the hole: by the time the tab is back it is far older than the replay window.
    await sleep(1000);
    await server.admin(`/admin/v1/rooms/${ROOM}/chat/state`, { open: false });
    const bannerShown = await toldOffline;
    await sleep(Math.max(0, offlineFrom + offlineMs - Date.now()));

    await until('the tab joined again', async () => (await tabView(page))?.joined === 'joined', 60_000);
    const backAt = Date.now();
    const closedShown = await page
      .getByText(CHAT_CLOSED)
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => Date.now() - backAt)
      .catch(() => -1);
    await sleep(2000);
    await server.admin(`/admin/v1/rooms/${ROOM}/burst/stop`, {});
    const history = await chatHistory(server);
    const lastOffset = history.at(-1)?.offset ?? 0;
    await until('the tab caught up with the room', async () => ((await tabView(page))?.newest ?? -1) >= lastOffset, 60_000).catch((error: Error) => log(error.message));
    const view = await tabView(page);
    const records = await deliveriesOf(page);
    const marksInList = await page.locator('.chat-gap').count();
    await context.close();

    const missed = history.filter((m) => m.sendTime >= offlineFrom && m.sendTime < offlineFrom + offlineMs).length;
    const figures = judgeDeliveries(
      records,
      history.filter((m) => m.sendTime >= burstFrom).map((m) => m.offset),
    );
    const checks: ChaosCheck[] = [
      { what: `messages sent while the tab was offline (more than the ${REPLAY_WINDOW.toLocaleString('en-US')} a rejoin replays)`, figure: missed.toLocaleString('en-US'), ok: missed > REPLAY_WINDOW },
      { what: 'the viewer was told while offline (the reconnecting banner)', figure: bannerShown ? 'shown' : 'not shown', ok: bannerShown },
      { what: 'the room state changed in the hole is the tab\'s after it is back (the chat shown closed)', figure: closedShown < 0 ? 'not shown within 15 s' : `shown ${closedShown} ms after the tab joined again`, ok: closedShown >= 0 },
      {
        what: "the worker found the hole and filled it with history (2401), giving up none of it",
        figure: view === null ? 'no view' : `gaps filled ${view.sync.gapsFilled}, given up ${view.sync.gapsSkipped}; the list marks ${view.notShown.toLocaleString('en-US')} messages not shown (${marksInList} marks in view at the end)`,
        ok: view !== null && view.sync.gapsFilled > 0 && view.sync.gapsSkipped === 0,
      },
      { what: 'the tab caught up with the room', figure: `newest offset ${view?.newest ?? 'none'} of ${lastOffset}`, ok: (view?.newest ?? -1) >= lastOffset },
      { what: 'no page error', figure: pageErrors.length === 0 ? 'none' : pageErrors.slice(0, 2).join('; '), ok: pageErrors.length === 0 },
    ];
    return {
      name: 'offline',
      title: 'Offline past the history window',
      how: `Debian's Chromium (1280x800, one viewer tab, a guest of room ${ROOM}) through the suite's TCP proxy, in front of a reference server process of its own bursting ${RATE} chat messages a second. After 2 s the proxy cuts every connection and refuses new ones for ${offlineMs / 1000} s (the tab is offline); 1 s into that the host closes the chat (admin chat/state, push 7105). The tab's deliveries (its test-only log) are judged against the room's history as in the cuts scenario: each chat message received once and in order, or counted by a "not shown" mark.`,
      rows: [
        {
          what: 'chat messages sent from the burst on (the hole included)',
          tried: figures.sent,
          failed: figures.lost + figures.duplicated + figures.outOfOrder,
          expected: 'each received once and in order, or counted by a "not shown" mark; 0 lost',
          seen: `${figures.received.toLocaleString('en-US')} received, ${figures.marked.toLocaleString('en-US')} marked not shown, ${figures.lost} lost, ${figures.duplicated} twice, ${figures.outOfOrder} out of order`,
        },
      ],
      checks,
      examples: figures.lostExamples.map((o) => `offset ${o} lost`),
    };
  });
}

export const offlineScenario: ChaosScenario = {
  name: 'offline',
  run: ({ short, log }: ChaosOptions) => withServer(log, (server) => run(server, short ? 5000 : 15_000, log)),
};
