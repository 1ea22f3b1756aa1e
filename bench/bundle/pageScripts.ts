/**
 * What JavaScript a page loads, as a browser sees it: every script response of a browser
 * context (the page's own scripts, its module chunks, the runtime configuration, worker
 * scripts), with the body's size and its gzip size (zlib level 9 of the body, as a static
 * server would send it compressed). Shared by the bundle benchmark (bench/bundle) and the
 * guide page's budget test (tests/e2e/guide-bundle.spec.ts).
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request, Response } from '@playwright/test';

/**
 * The guide page's JavaScript stays under this, gzipped (KB = 1,000 bytes): issue 5's
 * 150 KB, brought to 140 KB once the declarative router took 16 KB off (2026-12-01, 133 KB),
 * and to 130 KB once the router's unused parts, the video page's slots and the player's
 * texts left it (2026-12-02, 126 KB), so the gains hold; issue 34 item 7 wants 120 KB.
 */
export const GUIDE_BUDGET_GZIP_BYTES = 130_000;
/** Issue 34 item 7's target for the guide page, printed beside the budget by the bundle benchmark. */
export const GUIDE_TARGET_GZIP_BYTES = 120_000;

/**
 * Chunks of the player and the chat (the video page), by file name (Vite names a chunk after
 * its entry module): none may load on the guide page.
 */
export const PLAYER_CHAT_CHUNKS = /^\/assets\/(?:player|hlsEngine|flvEngine|engineConfig|chat|realtime\.(?:shared|dedicated))-[\w-]+\.js$/;

/**
 * Libraries the guide page must not load, found by a string of theirs that survives
 * minification, in case one moved into a chunk of another name: the player's engines, the
 * chat's list, and the money code (src/domain/money.ts; nothing on the guide page spends money).
 */
export const OFF_GUIDE_LIBRARIES: ReadonlyArray<{ readonly name: string; readonly kind: 'player' | 'chat' | 'money'; readonly marker: string }> = [
  { name: 'hls.js', kind: 'player', marker: 'bufferAppending' },
  { name: 'mpegts.js', kind: 'player', marker: 'TransmuxingController' },
  { name: 'react-virtuoso', kind: 'chat', marker: 'data-virtuoso' },
  { name: 'decimal.js', kind: 'money', marker: '[DecimalError]' },
];

export interface FoundLibrary {
  readonly name: string;
  readonly kind: 'player' | 'chat' | 'money';
  /** The file it was found in. */
  readonly path: string;
}

export interface ScriptFile {
  /** The address's path (and query, if any). */
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface ScriptRecorder {
  /** Every script seen so far, once each (a second load of the same address is not counted twice). */
  files(): ScriptFile[];
  /** Libraries of OFF_GUIDE_LIBRARIES found in the bodies seen so far. */
  libraries(): FoundLibrary[];
  /** Resolves once no script request has started or answered for `quietMs` (bodies read). */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** Stops recording. */
  stop(): void;
}

export const gzipSize = (body: Buffer): number => gzipSync(body, { level: 9 }).length;

export const totalGzip = (files: readonly ScriptFile[]): number => files.reduce((sum, f) => sum + f.gzipBytes, 0);
export const totalBytes = (files: readonly ScriptFile[]): number => files.reduce((sum, f) => sum + f.bytes, 0);

const isScriptRequest = (request: Request): boolean => request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname);

function isScriptResponse(response: Response): boolean {
  if (isScriptRequest(response.request())) return true;
  return /javascript|ecmascript/i.test(response.headers()['content-type'] ?? '');
}

const keyOf = (address: string): string => {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
};

/**
 * Records the script responses of `context` (all its pages and workers) from now on.
 * Chromium reports a SharedWorker's own script as a request without a response event: such
 * a script is fetched again through the context (same address, same cookies) once the page
 * has settled, so it is counted with the bytes the server sends for it.
 */
export function recordScripts(context: BrowserContext): ScriptRecorder {
  const seen = new Map<string, ScriptFile>();
  const found: FoundLibrary[] = [];
  const pending = new Set<Promise<void>>();
  /** Script requests without a response event yet: address by key. */
  const unanswered = new Map<string, string>();
  let lastActivity = Date.now();
  let stopped = false;

  const keep = (key: string, body: Buffer) => {
    if (seen.has(key)) return;
    seen.set(key, { path: key, bytes: body.length, gzipBytes: gzipSize(body) });
    const text = body.toString('utf8');
    for (const lib of OFF_GUIDE_LIBRARIES) if (text.includes(lib.marker)) found.push({ name: lib.name, kind: lib.kind, path: key });
  };
  const track = (reading: Promise<void>) => {
    const tracked = reading
      // A page that navigated away takes its bodies with it; that script was not kept.
      .catch(() => undefined)
      .finally(() => {
        lastActivity = Date.now();
        pending.delete(tracked);
      });
    pending.add(tracked);
  };

  // Only script traffic counts as activity: a playing stream requests media for ever.
  const onRequest = (request: Request) => {
    if (!isScriptRequest(request)) return;
    lastActivity = Date.now();
    unanswered.set(keyOf(request.url()), request.url());
  };
  const onRequestFailed = (request: Request) => {
    unanswered.delete(keyOf(request.url()));
  };
  const onResponse = (response: Response) => {
    if (!isScriptResponse(response)) return;
    const key = keyOf(response.url());
    unanswered.delete(key);
    lastActivity = Date.now();
    if (response.status() >= 300) return;
    track(response.body().then((body) => keep(key, body)));
  };
  context.on('request', onRequest);
  context.on('requestfailed', onRequestFailed);
  context.on('response', onResponse);

  const fetchUnanswered = () => {
    for (const [key, address] of unanswered) {
      unanswered.delete(key);
      if (seen.has(key)) continue;
      track(
        context.request.get(address).then(async (response) => {
          if (response.ok()) keep(key, await response.body());
        }),
      );
    }
  };

  return {
    files: () => [...seen.values()].sort((a, b) => b.gzipBytes - a.gzipBytes || a.path.localeCompare(b.path)),
    libraries: () => [...found],
    async quiet(quietMs = 1000, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await Promise.all(pending);
        const idle = Date.now() - lastActivity;
        if (idle >= quietMs && pending.size === 0) {
          if (unanswered.size === 0 || stopped) return;
          fetchUnanswered();
          continue;
        }
        if (Date.now() > deadline) throw new Error(`the page's scripts did not settle within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, Math.max(50, quietMs - idle)));
      }
    },
    stop() {
      stopped = true;
      context.off('request', onRequest);
      context.off('requestfailed', onRequestFailed);
      context.off('response', onResponse);
    },
  };
}

/**
 * Opens the guide page of `roomId` on a fresh page of `context` and waits until it is idle:
 * the guest entry form shown, the network idle, then no script request for `quietMs`.
 * Recording starts before the page opens: the page's scripts are all in the recorder.
 */
export async function openGuidePage(context: BrowserContext, baseUrl: string, roomId: string, quietMs = 1000): Promise<{ page: Page; recorder: ScriptRecorder }> {
  const recorder = recordScripts(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/live/login/${roomId}`);
  await page.locator('.entry-panel form').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await recorder.quiet(quietMs);
  return { page, recorder };
}
