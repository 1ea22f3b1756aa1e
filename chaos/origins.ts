/**
 * Issue 17 item 8, the embedding interface (README "Embedding in a portal"): messages to the
 * viewer from 50 origins that config.js does not allow (lookalikes of the allowed one: other
 * ports, schemes, a trailing dot, subdomains, IP addresses, a homoglyph, and `null` from a
 * sandboxed frame) change nothing, in Debian's Chromium against a reference server process
 * of its own. Each hostile page (served by the browser's request routing, so any host name
 * works) tries both ways another site has: it frames the viewer and posts to the frame, and
 * it opens the viewer in a window and posts to that. A message is accepted when the viewer
 * switches to English (`setLocale`, the one command whose effect shows in the document).
 *
 * The allowed origin (the sample portal, /embed/index.html) is run first the same way, and
 * must be accepted: the measure can see an accepted message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../harness/chromium';
import { withServer } from './lib/server';
import type { ChaosOptions, ChaosReport, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM = '10001';
/** How often a hostile page posts its commands (it keeps posting until it is closed). */
const POST_EVERY_MS = 300;
/** How long the viewer may take to show its entry page (a loaded machine is slow). */
const VIEWER_READY_MS = 30_000;
/** How long the posts go on once the viewer is ready, before its language is read. */
const AFTER_READY_MS = 1500;
const GUEST_BUTTON = '以游客身份进入';
const COMMANDS = [
  { source: 'webcast-host', type: 'setLocale', locale: 'en_us' },
  { source: 'webcast-host', type: 'pause' },
];

/** 49 origins that are not `http://localhost:<port>` (many one character away), and `null`. */
export function hostileOrigins(port: number): string[] {
  // A Cyrillic "о" in place of the Latin one, as the browser writes it (punycode).
  const homoglyph = domainToASCII('lоcalhost');
  const hosts = [
    'localhost.', 'localhost.evil.test', 'evil.test', 'localhost-evil.test', 'evil-localhost', homoglyph, 'sub.localhost', 'localhost.localdomain',
    '127.0.0.2', '10.0.0.1', '192.168.0.1', '[::1]', '0.0.0.0', 'example.com', 'localhost.com', 'l0calhost', 'localhost1', 'mylocalhost',
    '127.0.0.1.evil.test', 'localhost.evil',
  ];
  const origins = new Set<string>();
  for (const host of hosts) for (const scheme of ['http', 'https']) origins.add(`${scheme}://${host}:${port}`);
  for (const other of [port + 1, port - 1, port + 10, 80, 443, 8080]) origins.add(`http://localhost:${other}`);
  origins.add(`https://localhost:${port}`);
  for (const other of [port + 1, 80]) origins.add(`http://127.0.0.1:${other}`);
  origins.delete(`http://localhost:${port}`);
  return [...[...origins].slice(0, 49), 'null'];
}

/** A hostile page: frames the viewer and posts to it, opens it in a window and posts to that. */
function hostilePage(viewerUrl: string, sandboxed: boolean): string {
  const script = `
    const commands = ${JSON.stringify(COMMANDS)};
    const frame = document.getElementById('v');
    const opened = window.open(${JSON.stringify(viewerUrl)}, '_blank');
    setInterval(() => {
      for (const c of commands) {
        frame.contentWindow.postMessage(c, '*');
        if (opened) opened.postMessage(c, '*');
      }
    }, ${POST_EVERY_MS});
  `;
  const inner = `<!doctype html><iframe id="v" src="${viewerUrl}" width="400" height="300"></iframe><script>${script}</script>`;
  if (!sandboxed) return inner;
  // An opaque origin: messages from it carry the origin "null" (its window escapes the sandbox so the viewer can load in it; the opener stays the null frame).
  return `<!doctype html><iframe sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox" srcdoc="${inner.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" width="500" height="400"></iframe>`;
}

/** Whether a page of the viewer switched to English (the message was accepted), or is not a viewer at all (blocked). */
async function viewerLanguage(page: Page | null, viewerOrigin: string): Promise<string> {
  if (page === null) return 'none';
  const frames = page.frames().filter((f) => f.url().startsWith(viewerOrigin));
  const langs = await Promise.all(frames.map((f) => f.evaluate('document.documentElement.lang').catch(() => 'gone') as Promise<string>));
  return langs.length === 0 ? 'blocked' : langs.some((l) => l.startsWith('en')) ? 'en' : langs.join('/');
}

interface Attempt {
  readonly origin: string;
  readonly framed: string;
  readonly opened: string;
}

async function attempt(context: BrowserContext, url: string, viewerOrigin: string): Promise<Attempt> {
  const page = await context.newPage();
  const popup = context.waitForEvent('page', { timeout: VIEWER_READY_MS }).catch(() => null);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const opened = await popup;
  // The page posts all along: once the viewer it opened shows its entry page, its script is
  // running and every later post reaches it.
  const ready =
    opened !== null &&
    (await opened
      .getByRole('button', { name: GUEST_BUTTON })
      .waitFor({ timeout: VIEWER_READY_MS })
      .then(() => true)
      .catch(() => false));
  await page.waitForTimeout(AFTER_READY_MS);
  const result = { origin: new URL(url).origin, framed: await viewerLanguage(page, viewerOrigin), opened: ready ? await viewerLanguage(opened, viewerOrigin) : 'not ready' };
  await opened?.close();
  await page.close();
  return result;
}

export const originsScenario: ChaosScenario = {
  name: 'origins',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    return withServer(log, async (server, clientDir) => {
      let browser: Browser | null = null;
      try {
        const port = Number(new URL(server.url).port);
        const allowed = `http://localhost:${port}`;
        const viewerOrigin = `http://127.0.0.1:${port}`;
        const viewerUrl = `${viewerOrigin}/live/login/${ROOM}`;
        const configFile = path.join(clientDir, 'config.js');
        fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace(/allowedOrigins:\s*\[\]/, `allowedOrigins: ['${allowed}']`));
        // The server reads config.js again within a second: wait until its pages say so.
        for (let tries = 0; tries < 50; tries++) {
          const csp = (await fetch(viewerUrl, { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '';
          if (csp.includes(allowed)) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }

        browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
        const context = await browser.newContext();
        // Every origin but the server's two names is a hostile page of this scenario.
        await context.route('**/*', async (route) => {
          const target = new URL(route.request().url());
          if (target.origin === allowed || target.origin === viewerOrigin) return route.continue();
          if (route.request().resourceType() !== 'document') return route.fulfill({ status: 404, body: '' });
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostilePage(viewerUrl, target.pathname.includes('sandboxed')) });
        });

        // The allowed portal: its messages must be accepted (the measure sees acceptance).
        log('origins: the allowed portal...');
        const portal = await context.newPage();
        await portal.goto(`${allowed}/embed/index.html?viewer=${encodeURIComponent(viewerUrl)}`);
        await portal.frameLocator('#viewer').getByRole('button', { name: GUEST_BUTTON }).waitFor({ timeout: VIEWER_READY_MS });
        let allowedLanguage = 'none';
        for (let tries = 0; tries < 20 && allowedLanguage !== 'en'; tries++) {
          await portal.evaluate(`(() => { const f = document.getElementById('viewer'); f.contentWindow.postMessage(${JSON.stringify(COMMANDS[0])}, ${JSON.stringify(viewerOrigin)}); })()`);
          await portal.waitForTimeout(500);
          allowedLanguage = await viewerLanguage(portal, viewerOrigin);
        }
        await portal.close();

        // The short version: every eighth, and null.
        const all = hostileOrigins(port);
        const origins = short ? all.filter((o, i) => i % 8 === 0 || o === 'null') : all;
        log(`origins: ${origins.length} other origins, each framing and opening the viewer...`);
        const attempts: Attempt[] = [];
        for (const origin of origins) {
          const url = origin === 'null' ? `http://sandbox.evil.test:${port}/sandboxed.html` : `${origin}/attack.html`;
          const result = await attempt(context, url, viewerOrigin);
          attempts.push(origin === 'null' ? { ...result, origin: 'null (a sandboxed frame)' } : result);
        }
        const framedAccepted = attempts.filter((a) => a.framed === 'en');
        const openedAccepted = attempts.filter((a) => a.opened === 'en');
        const openedViewer = attempts.filter((a) => !['none', 'blocked', 'not ready', 'gone'].includes(a.opened));
        await context.close();
        return {
          name: 'origins',
          title: 'Embedding: messages from other origins',
          how: `Debian's Chromium against a reference server process of its own, config.js allowing ${allowed} only; the viewer at ${viewerOrigin}. ${origins.length} pages on other origins (served by the browser's request routing: ${origins.slice(0, 8).join(', ')}, …, and null from a sandboxed frame) each frame the viewer and open it in a window, and post setLocale (en_us) and pause to both every ${POST_EVERY_MS} ms; the language is read ${AFTER_READY_MS} ms after the opened viewer shows its entry page. Accepted: the viewer's document switched to English. First the allowed sample portal (/embed/index.html) posts the same setLocale to its framed viewer.`,
          rows: [
            { what: 'posts to the viewer framed by a page of another origin', tried: attempts.length, failed: framedAccepted.length, expected: '0 accepted (the viewer refuses to be framed there: frame-ancestors; were it framed, the bridge takes its parent at allowed origins only)', seen: tally(attempts.map((a) => (a.framed === 'blocked' ? 'framing refused' : a.framed === 'en' ? 'ACCEPTED' : `framed, ignored (${a.framed})`))) },
            { what: 'posts to the viewer opened in a window by a page of another origin', tried: attempts.length, failed: openedAccepted.length, expected: '0 accepted (a viewer that is not framed takes no commands)', seen: tally(attempts.map((a) => (a.opened === 'en' ? 'ACCEPTED' : a.opened === 'none' ? 'no window' : 'ignored'))) },
          ],
          checks: [
            { what: `the allowed portal's setLocale was accepted (the measure sees acceptance)`, figure: allowedLanguage, ok: allowedLanguage === 'en' },
            {
              what: 'the windows other origins opened showed the viewer while the posts went on (the second way was really tried)',
              figure: `${openedViewer.length} of ${attempts.length}${openedViewer.length < attempts.length ? `; not from ${attempts.filter((a) => !openedViewer.includes(a)).map((a) => `${a.origin} (${a.opened})`).join(', ')}` : ''}`,
              ok: openedViewer.length === attempts.length,
            },
          ],
          examples: [...framedAccepted, ...openedAccepted].slice(0, 5).map((a) => `${a.origin}: framed ${a.framed}, opened ${a.opened}`),
        };
      } finally {
        await browser?.close();
      }
    });
  },
};
