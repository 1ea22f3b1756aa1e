/**
 * The network benchmark (issue 38): Debian's Chromium against a reference server of its own,
 * through a proxy of its own (harness/netProxy.ts: outages, loss, the bytes counted), under
 * network conditions it sets itself (Chromium's network emulation over CDP: bandwidth and
 * latency of the page's requests, where the media goes):
 *
 *   slow 4G     562 ms, 1.44 Mbit/s down (Chromium's "Slow 4G")
 *   3G          400 ms, 400 kbit/s down (below the top quality's 440 kbit/s)
 *   2 % loss    each chunk held back by a retransmission timeout with probability 2 %
 *   5 s outage  every connection reset, and refused for 5 s, a third of the way in
 *   halving     1 Mbit/s, then 500 kbit/s from half-way
 *
 * Each profile plays the product (the video page, HLS at the room's quality, low delay) and
 * beside it, in the same run, the bare library player with its default configuration
 * (hls.js on the line's master playlist, so its own ABR; mpegts.js on the top quality's
 * FLV for the FLV rows) as the baseline twin. Figures per run: time to first frame, stalls
 * per minute and the stalled share of the time after the first frame, time from the
 * network's return to moving video and to a current chat (a host message said during the
 * outage shown), bytes per minute through the proxy after the first frame, the latency
 * behind live (median of the last third). Then the weak-network modes' bytes per minute.
 *
 *   npm run bench -- network        BENCH_NETWORK_SECONDS (60) per run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type HlsLibrary from 'hls.js';
import type MpegtsLibrary from 'mpegts.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../harness/chromium';
import { startNetProxy, type NetProxy } from '../../harness/netProxy';
import { buildClient, startBenchServer, type BenchServer } from '../../harness/serverProcess';
import { markSplashSeen } from '../../harness/splash';
import { ROOT, describeMachine, machineFacts, writeDocsSection, writeResults, type BenchOptions } from '../lib/report';

export const SECTION = 'Network';
const ROOM = '10001';
const SETTINGS_KEY = 'webcast.player.settings';
export const TARGETS = { outageRecoveryMs: 3000, stallShareRatio: 0.5, stallLoopPerMinute: 3 } as const;

interface Conditions {
  readonly latency: number;
  /** Bytes per second; -1: not limited. */
  readonly download: number;
}

interface Profile {
  readonly name: string;
  readonly conditions: Conditions | null;
  readonly loss?: number;
  readonly outage?: boolean;
  /** Conditions from half-way. */
  readonly later?: Conditions;
  readonly flv?: boolean;
}

const PROFILES: readonly Profile[] = [
  { name: 'slow 4G', conditions: { latency: 562, download: 180_000 }, flv: true },
  { name: '3G', conditions: { latency: 400, download: 50_000 } },
  { name: '2 % loss', conditions: null, loss: 0.02 },
  { name: '5 s outage', conditions: null, outage: true, flv: true },
  { name: 'bandwidth halves', conditions: { latency: 50, download: 125_000 }, later: { latency: 50, download: 62_500 } },
];

type Variant = 'product' | 'baseline';

export interface NetworkRun {
  readonly profile: string;
  readonly type: 'hls' | 'flv';
  readonly variant: Variant;
  readonly firstFrameMs: number;
  readonly stallsPerMinute: number;
  readonly stalledShare: number;
  /** Stalls per minute in the second half (after any step-down). */
  readonly lateStallsPerMinute: number;
  readonly videoBackMs: number | null;
  readonly chatBackMs: number | null;
  readonly bytesPerMinute: number;
  readonly latencyMs: number;
  /** The product's last calm line (its ladder's change), if any. */
  readonly statusLine: string;
}

/** What the page keeps of its <video> (the product's or the baseline's), read back by the bench. */
const PROBE = `(() => {
  const w = window;
  w.__net = { firstPlayingAt: null, stalls: 0, stalledMs: 0, stalledSince: null, lateStalls: 0, samples: [] };
  const watch = (video) => {
    if (video.__netWatched) return;
    video.__netWatched = true;
    video.addEventListener('playing', () => {
      const n = w.__net;
      if (n.firstPlayingAt === null) n.firstPlayingAt = Date.now();
      if (n.stalledSince !== null) { n.stalledMs += Date.now() - n.stalledSince; n.stalledSince = null; }
    });
    video.addEventListener('waiting', () => {
      const n = w.__net;
      if (n.firstPlayingAt === null || n.stalledSince !== null || video.seeking) return;
      n.stalledSince = Date.now();
      n.stalls += 1;
      if (w.__late) n.lateStalls += 1;
    });
  };
  setInterval(() => { const v = document.querySelector('video'); if (v) watch(v); }, 50);
})();`;

const BASELINE_HTML = `<!doctype html><meta charset="utf-8"><title>baseline</title><video muted autoplay playsinline style="width:640px"></video>`;

async function limit(page: Page, conditions: Conditions | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions?.latency ?? 0,
    downloadThroughput: conditions?.download ?? -1,
    uploadThroughput: conditions === null ? -1 : Math.max(conditions.download / 2, 30_000),
  });
}

interface Opened {
  readonly page: Page;
  /** When the page (the product's video page, the baseline's player) began to load, ms since the epoch. */
  readonly started: number;
}

/** The product's video page, logged in as a guest on the plain network first, then opened afresh under `conditions`. */
async function openProduct(browser: Browser, proxy: NetProxy, type: 'hls' | 'flv', watchMode: string | null, conditions: Conditions | null = null): Promise<Opened> {
  const context = await browser.newContext();
  await markSplashSeen(context, [ROOM]);
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  await page.goto(`${proxy.url}/live/login/${ROOM}`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SETTINGS_KEY, JSON.stringify({ type, delay: 'lowDelay', quality: null, debug: false })] as const);
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await page.waitForURL(/\/live\/video\//);
  await limit(page, conditions);
  const started = Date.now();
  await page.goto(`${proxy.url}/live/video/${ROOM}`);
  if (watchMode !== null) {
    const region = page.getByRole('region', { name: '直播播放器' });
    await region.hover();
    await region.getByRole('button', { name: '播放设置' }).click();
    await page.getByRole('menuitemradio', { name: watchMode }).click();
  }
  return { page, started };
}

/** The bare library player on a blank page of the server's origin (the page's CSP would refuse the injected library). */
async function openBaseline(browser: Browser, proxy: NetProxy, type: 'hls' | 'flv', conditions: Conditions | null): Promise<Opened> {
  const context = await browser.newContext({ bypassCSP: true });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  await page.goto(`${proxy.url}/healthz`);
  await limit(page, conditions);
  const started = Date.now();
  await page.setContent(BASELINE_HTML);
  const lib = type === 'hls' ? 'node_modules/hls.js/dist/hls.min.js' : 'node_modules/mpegts.js/dist/mpegts.js';
  await page.addScriptTag({ path: path.join(ROOT, lib) });
  await page.evaluate(
    ([kind, base]) => {
      const w = window as unknown as { Hls: typeof HlsLibrary; mpegts: typeof MpegtsLibrary; __latency?: () => number | null };
      const video = document.querySelector('video') as HTMLVideoElement;
      if (kind === 'hls') {
        const hls = new w.Hls();
        hls.loadSource(`${base}/media/line1/live/master.m3u8`);
        hls.attachMedia(video);
        w.__latency = () => (hls.playingDate ? Date.now() - hls.playingDate.getTime() : null);
      } else {
        const player = w.mpegts.createPlayer({ type: 'flv', isLive: true, url: `${base}/media/line1/live/original.flv` });
        let zero: number | null = null;
        player.on(w.mpegts.Events.METADATA_ARRIVED, (m: { wallClockAtZeroMs?: unknown }) => {
          if (typeof m.wallClockAtZeroMs === 'number') zero = m.wallClockAtZeroMs;
        });
        player.attachMediaElement(video);
        player.load();
        void player.play();
        w.__latency = () => (zero === null ? null : Date.now() - (zero + video.currentTime * 1000));
      }
    },
    [type, proxy.url] as const,
  );
  return { page, started };
}

const readLatency = (page: Page, variant: Variant): Promise<number | null> =>
  variant === 'product'
    ? page.evaluate(() => Number(document.querySelector('.player')?.getAttribute('data-latency-ms') ?? 'NaN')).then((n) => (Number.isFinite(n) ? n : null))
    : page.evaluate(() => (window as unknown as { __latency?: () => number | null }).__latency?.() ?? null);

async function oneRun(browser: Browser, server: BenchServer, profile: Profile, type: 'hls' | 'flv', variant: Variant, seconds: number): Promise<NetworkRun> {
  const proxy = await startNetProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
  proxy.setLoss(profile.loss ?? 0);
  const { page, started } = variant === 'product' ? await openProduct(browser, proxy, type, null, profile.conditions) : await openBaseline(browser, proxy, type, profile.conditions);
  try {
    await page.waitForFunction(() => (window as unknown as { __net: { firstPlayingAt: number | null } }).__net.firstPlayingAt !== null, null, { timeout: 60_000 }).catch(() => undefined);
    const firstPlayingAt = await page.evaluate(() => (window as unknown as { __net: { firstPlayingAt: number | null } }).__net.firstPlayingAt);
    proxy.resetCounters();
    const from = Date.now();
    const end = from + seconds * 1000;
    const latencies: number[] = [];
    let videoBackMs: number | null = null;
    let chatBackMs: number | null = null;
    let halved = false;
    let outageDone = !profile.outage;
    while (Date.now() < end) {
      const t = Date.now() - from;
      if (!halved && t > (seconds * 1000) / 2) {
        halved = true;
        await page.evaluate(() => ((window as unknown as { __late: boolean }).__late = true));
        if (profile.later) await limit(page, profile.later);
      }
      if (!outageDone && t > (seconds * 1000) / 3) {
        outageDone = true;
        ({ videoBackMs, chatBackMs } = await outage(page, proxy, server, variant));
      }
      const latency = await readLatency(page, variant);
      if (latency !== null && Date.now() - from > (seconds * 2000) / 3) latencies.push(latency);
      await page.waitForTimeout(500);
    }
    const minutes = (Date.now() - from) / 60_000;
    const net = await page.evaluate(() => (window as unknown as { __net: { stalls: number; stalledMs: number; stalledSince: number | null; lateStalls: number } }).__net);
    const stalledMs = net.stalledMs + (net.stalledSince === null ? 0 : Date.now() - net.stalledSince);
    const statusLine = variant === 'product' ? ((await page.getByTestId('player-status-line').textContent().catch(() => '')) ?? '') : '';
    latencies.sort((a, b) => a - b);
    return {
      profile: profile.name,
      type,
      variant,
      firstFrameMs: firstPlayingAt === null ? Number.NaN : firstPlayingAt - started,
      stallsPerMinute: net.stalls / minutes,
      stalledShare: stalledMs / (Date.now() - from),
      lateStallsPerMinute: net.lateStalls / (minutes / 2),
      videoBackMs,
      chatBackMs,
      bytesPerMinute: proxy.bytesDown() / minutes,
      latencyMs: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN,
      statusLine,
    };
  } finally {
    await page.context().close();
    await proxy.close();
  }
}

/** 5 s without a network; then how long until the video moves at its edge again, and (the product) the chat has what was said meanwhile. */
async function outage(page: Page, proxy: NetProxy, server: BenchServer, variant: Variant): Promise<{ videoBackMs: number | null; chatBackMs: number | null }> {
  const before = (await readLatency(page, variant)) ?? 0;
  proxy.cut();
  const marker = `outage ${Date.now()}`;
  if (variant === 'product') await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: marker, role: 'host' });
  await page.waitForTimeout(5_000);
  proxy.restore();
  const back = Date.now();
  let videoBackMs: number | null = null;
  let chatBackMs: number | null = null;
  let last = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
  while (Date.now() - back < 20_000 && (videoBackMs === null || (variant === 'product' && chatBackMs === null))) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
    const latency = await readLatency(page, variant);
    // Moving, and at the edge again (no more than 2 s further behind than before the outage).
    if (videoBackMs === null && now > last && latency !== null && latency <= before + 2_000) videoBackMs = Date.now() - back;
    last = now;
    if (variant === 'product' && chatBackMs === null && (await page.getByText(marker).count()) > 0) chatBackMs = Date.now() - back;
  }
  return { videoBackMs, chatBackMs };
}

/** Bytes per minute of each way of watching, on the plain network. */
async function modeBytes(browser: Browser, server: BenchServer, seconds: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [label, mode] of [
    ['video', null],
    ['audio only', '观看方式: 仅听声音'],
    // Slides only plays the same audio track, plus the shared pages (offered only while the host shares one).
    ['chat only', '观看方式: 仅看聊天'],
  ] as const) {
    const proxy = await startNetProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
    const { page } = await openProduct(browser, proxy, 'hls', mode);
    try {
      // Past the first buffer's fill (up to 10 s ahead at low delay), which would count twice.
      await page.waitForTimeout(12_000);
      proxy.resetCounters();
      await page.waitForTimeout(seconds * 1000);
      out[label] = proxy.bytesDown() / (seconds / 60);
    } finally {
      await page.context().close();
      await proxy.close();
    }
  }
  return out;
}

export interface NetworkResult {
  readonly machine: ReturnType<typeof machineFacts>;
  readonly chromium: string;
  readonly loadAverage: readonly [number, number];
  readonly seconds: number;
  readonly runs: readonly NetworkRun[];
  readonly modes: Record<string, number>;
  readonly targets: Record<string, boolean>;
}

export async function run(options: BenchOptions): Promise<NetworkResult> {
  const log = (line: string) => console.log(`[network] ${line}`);
  // A minute: a stall loop is stalls per minute, so a shorter run reads one stall as a loop.
  const seconds = options.smoke ? 8 : Number(process.env.BENCH_NETWORK_SECONDS ?? 60);
  const clientDir = buildClient(log);
  const server = await startBenchServer(clientDir, { env: { LIVE_REWIND_SECONDS: '300' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  try {
    const runs: NetworkRun[] = [];
    const profiles = options.smoke ? PROFILES.filter((p) => p.outage) : PROFILES;
    for (const profile of profiles) {
      for (const type of profile.flv === true && !options.smoke ? (['hls', 'flv'] as const) : (['hls'] as const)) {
        for (const variant of ['product', 'baseline'] as const) {
          const result = await oneRun(browser, server, profile, type, variant, seconds);
          runs.push(result);
          log(`${profile.name} ${type} ${variant}: first frame ${Math.round(result.firstFrameMs)} ms, ${result.stallsPerMinute.toFixed(1)} stalls/min (${(result.stalledShare * 100).toFixed(1)} % stalled), video back ${result.videoBackMs ?? '-'} ms, chat back ${result.chatBackMs ?? '-'} ms, ${Math.round(result.bytesPerMinute / 1024)} KiB/min, latency ${Math.round(result.latencyMs)} ms ${result.statusLine}`);
        }
      }
    }
    const modes = options.smoke ? {} : await modeBytes(browser, server, 30);
    const find = (profile: string, type: string, variant: Variant) => runs.find((r) => r.profile === profile && r.type === type && r.variant === variant);
    const outageRuns = runs.filter((r) => r.profile === '5 s outage' && r.variant === 'product');
    const slow = find('slow 4G', 'hls', 'product');
    const slowBase = find('slow 4G', 'hls', 'baseline');
    const targets = {
      outageRecovery: outageRuns.length > 0 && outageRuns.every((r) => r.videoBackMs !== null && r.videoBackMs <= TARGETS.outageRecoveryMs && r.chatBackMs !== null && r.chatBackMs <= TARGETS.outageRecoveryMs),
      slowStallShare: slow !== undefined && slowBase !== undefined && slow.stalledShare <= Math.max(slowBase.stalledShare * TARGETS.stallShareRatio, 0.005),
      noStallLoop: runs.filter((r) => r.variant === 'product').every((r) => r.lateStallsPerMinute <= TARGETS.stallLoopPerMinute),
    };
    const result: NetworkResult = { machine: machineFacts(), chromium: browser.version(), loadAverage: [loadAtStart, os.loadavg()[0] ?? Number.NaN], seconds, runs, modes, targets };
    if (!options.smoke) {
      writeResults('network', result);
      writeDocsSection(SECTION, report(result));
      log('wrote docs/benchmarks.md (## Network) and bench/results');
    }
    return result;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
}

const msText = (n: number | null) => (n === null || !Number.isFinite(n) ? '-' : `${Math.round(n)} ms`);
const met = (ok: boolean) => (ok ? '**met**' : '**not met**');

function report(r: NetworkResult): string {
  const lines = [
    `Debian's Chromium ${r.chromium}, ${describeMachine(r.machine)}; load ${r.loadAverage[0].toFixed(2)} before, ${r.loadAverage[1].toFixed(2)} after. ${r.seconds} s per run after the first frame, one run each, the product and its baseline twin (the bare library player with its default configuration) one after the other in the same run (\`npm run bench -- network\`, bench/network/index.ts).`,
    '',
    '| profile | player | variant | first frame | stalls/min | stalled | 2nd half stalls/min | video back | chat back | KiB/min | latency | calm line |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.runs.map(
      (x) =>
        `| ${x.profile} | ${x.type} | ${x.variant} | ${msText(x.firstFrameMs)} | ${x.stallsPerMinute.toFixed(1)} | ${(x.stalledShare * 100).toFixed(1)} % | ${x.lateStallsPerMinute.toFixed(1)} | ${msText(x.videoBackMs)} | ${msText(x.chatBackMs)} | ${Math.round(x.bytesPerMinute / 1024)} | ${msText(x.latencyMs)} | ${x.statusLine || '-'} |`,
    ),
    '',
    'Ways of watching (bytes per minute through the proxy, HLS, plain network, 30 s each after 12 s of playing): ' + Object.entries(r.modes).map(([k, v]) => `${k} ${Math.round(v / 1024)} KiB/min`).join(', ') + '.',
    '',
    `Targets: video and chat current within ${TARGETS.outageRecoveryMs / 1000} s of the network's return after a 5 s outage: ${met(r.targets.outageRecovery ?? false)}; stalled share on slow 4G at most half the baseline's: ${met(r.targets.slowStallShare ?? false)}; no stall loop (more than ${TARGETS.stallLoopPerMinute} stalls a minute in the second half) in any profile: ${met(r.targets.noStallLoop ?? false)}.`,
  ];
  return lines.join('\n');
}
