/**
 * Issue 17 item 5, hostile content: a corpus of XSS and spoofing payloads
 * (chaos/lib/hostileCorpus.ts) sent through every user-controlled field the reference server
 * carries to a viewer, rendered by the built client in Debian's Chromium at 1280x800 and at
 * 390x844, and audited inside the pages (chaos/lib/hostileAudit.ts):
 *
 * - a viewer's chat text, the quote it carries (name and text, claiming the host's role),
 *   its @mention of the watching viewer, and the fields a viewer may not set (role, name,
 *   avatar, top, highlight), which the server must ignore;
 * - a viewer's picture and picture-link URLs (7101 imgUrl, imgLinkUrl);
 * - the host's chat text and display name (admin `say`);
 * - a sample of payloads as the host's notice to the viewer (7127) and as captions (7125).
 *
 * The pages run with their Content-Security-Policy bypassed, so a script run would be the
 * rendering's fault alone; the CSP itself is checked on the served page (no inline script).
 * Each payload is sent once its predecessor was seen on both pages, so every one is really
 * rendered (a virtual list shows only what is in view), and the figures count them.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../harness/chromium';
import { cutChatText } from '../src/domain/chatCut';
import { isStaff } from '../src/domain/roles';
import { LIVE_CALLS } from '../src/protocol/services/live';
import { ADMIN_TOKEN, type BenchServer } from '../harness/serverProcess';
import { TestSocket } from '../server/testing/socketClient';
import { markSplashSeen } from '../harness/splash';
import { guestLogin } from './lib/guest';
import { answerKey, envelopeCode, envelopeData, rawRequest, viewerRequest } from './lib/http';
import { corpusSummary, hostileCorpus, type HostilePayload } from './lib/hostileCorpus';
import { installHostileAudit, readLayout, type HostileAuditResult } from './lib/hostileAudit';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';
import { tally } from './lib/scenario';

const ROOM = '10001';
const GUEST_BUTTON = '以游客身份进入';
const QA_TAB = '问答';
const INTRO_TAB = '直播介绍';
/** Limits of the admin API and the guest login (server/admin, src/domain/nickname.ts). */
const ROOM_NOTICE_MAX = 2000;
const INTRODUCTION_MAX = 5000;
const ADVERT_TITLE_MAX = 100;
const NICKNAME_MAX = 20;
const RED_PACKET_TITLE_MAX = 40;
/** A Q&A question is at most this long (server/interact/qa/routes.ts). */
const QUESTION_MAX = 500;
/** How long a payload's messages may take to show on both pages. */
const SEEN_WITHIN_MS = 10_000;
/** The host's display name is at most this long (admin say). */
const HOST_NAME_MAX = 20;
/** The host's notice and a caption are at most this long (admin API). */
const NOTICE_MAX = 200;
/** Every this many payloads (in the full run) also goes to the fields a fresh visitor's page reads as it opens. */
const PAGE_OPEN_EVERY = 25;
/** Every this many payloads (in the full run) is also sent as a notice and a caption. */
const SAMPLE_EVERY = 10;

/**
 * A function of ours as a script for the page. tsx (esbuild, keeping names) wraps inner
 * functions in `__name(...)`, which the page does not have: the script brings its own.
 */
const inPage = (fn: () => unknown): string => `(() => { const __name = (f) => f; return (${fn.toString()})(); })()`;

interface Viewer {
  readonly label: string;
  readonly page: Page;
  readonly uid: string;
}

interface OpenOptions {
  /** Show the room's splash advert (a fresh visit); the chat viewers mark it seen. */
  readonly splash?: boolean;
  /** The users' texts the page will show from its first paint (what the audit takes as theirs). */
  readonly texts?: readonly string[];
}

async function openViewer(browser: Browser, server: BenchServer, label: string, viewport: { width: number; height: number }, options: OpenOptions = {}): Promise<{ viewer: Viewer; context: BrowserContext }> {
  // CSP bypassed: a payload that runs must be caught by the audit, not hidden by the policy.
  const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
  if (options.splash !== true) await markSplashSeen(context, [ROOM]);
  await context.addInitScript({ content: inPage(installHostileAudit) });
  if (options.texts !== undefined) await context.addInitScript({ content: `window.__hostileTexts.push(...${JSON.stringify(options.texts)});` });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.dismiss());
  const login = page.waitForResponse((r) => r.url().includes('/live_login'));
  await page.goto(`/live/login/${ROOM}`);
  await page.getByRole('button', { name: GUEST_BUTTON }).click();
  const answer = (await (await login).json()) as { data?: { userId?: string } };
  await page.locator('.chat-list').first().waitFor({ timeout: 30_000 });
  return { viewer: { label, page, uid: String(answer.data?.userId ?? '') }, context };
}

const audit = (page: Page): Promise<HostileAuditResult> => page.evaluate('window.__hostileAudit()');

/** What is wider than its box on the page now, each line led by `label`. */
async function layoutProblems(page: Page, label: string): Promise<string[]> {
  const layout = (await page.evaluate(inPage(readLayout))) as ReturnType<typeof readLayout>;
  return [...(layout.pageOverflow > 0 ? [`${label}: page ${layout.pageOverflow} px wider than the window`] : []), ...layout.rowsOverflowing.map((row) => `${label}: ${row}`)];
}

/** Waits until every marker is among what both pages showed; returns those still missing. */
async function waitSeen(viewers: readonly Viewer[], markers: readonly string[]): Promise<string[]> {
  const deadline = Date.now() + SEEN_WITHIN_MS;
  for (;;) {
    const missing = new Set<string>();
    for (const v of viewers) {
      const seen = new Set((await audit(v.page)).seen);
      for (const m of markers) if (!seen.has(m)) missing.add(`${v.label} ${m}`);
    }
    if (missing.size === 0 || Date.now() > deadline) return [...missing];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Sent {
  /** Reply statuses (or envelope codes) by field. */
  readonly answers: Map<string, (number | string)[]>;
  readonly missing: string[];
  /** The viewer's chat messages the server took, by msgId, with the payload that forged their fields. */
  readonly forged: Map<string, HostilePayload>;
  /** Payloads sent so far, and those also asked in the Q&A. */
  readonly payloads: HostilePayload[];
  readonly asked: HostilePayload[];
}

/** A fresh page shows the newest chat (a screenful from the room's recent messages) and every Q&A question. */
const FRESH_PAGE_RECENT = 40;

/** An admin call's answer as tallied ("200", "4501"...); never throws. */
const adminAnswer = async (server: BenchServer, pathname: string, body: unknown): Promise<string> =>
  answerKey(await rawRequest(server.url, 'POST', pathname, { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' }, JSON.stringify(body)));

const record = (sent: Sent, field: string, answer: number | string): void => {
  const list = sent.answers.get(field) ?? [];
  list.push(answer);
  sent.answers.set(field, list);
};

/** Every text the payload's messages carry, as the pages' audit must know them (what is the users'). */
function textsOf(p: HostilePayload): string[] {
  const texts = [`⟦${p.id}⟧ ${p.text}`, `⟦${p.id}⟧q ${p.text}`, `⟦${p.id}⟧u`, `⟦${p.id}⟧h ${p.text}`, `⟦${p.id}⟧n ${p.text}`, `⟦${p.id}⟧c ${p.text}`, qaText(p, 'a'), qaText(p, 'r'), redPacketTitle(p), p.text];
  // Chat text is shown cut to 500 units with an ellipsis (SPEC 5), for everyone alike.
  return [...texts, ...texts.map((t) => cutChatText(t).text)];
}

/** A red packet's title of the payload, within the admin API's limit. */
const redPacketTitle = (p: HostilePayload): string => `⟦${p.id}⟧p ${p.text}`.slice(0, RED_PACKET_TITLE_MAX);

/** A Q&A question (`a`) or answer (`r`) of the payload, within the question's limit. */
const qaText = (p: HostilePayload, kind: 'a' | 'r'): string => `⟦${p.id}⟧${kind} ${p.text}`.slice(0, QUESTION_MAX);

/** The viewer who asks, and the page that shows the Q&A tab. */
interface QaSide {
  readonly askerToken: string;
  readonly viewer: Viewer;
}

/** A viewer asks the payload; the host approves it and answers with it. The markers to see. */
async function sendQuestion(p: HostilePayload, qa: QaSide, server: BenchServer, sent: Sent): Promise<string[]> {
  const asked = await viewerRequest(server.url, qa.askerToken, 'POST', LIVE_CALLS.qaAsk.path, { confId: ROOM, content: qaText(p, 'a') });
  record(sent, 'viewer Q&A question', answerKey(asked));
  const qaId = envelopeCode(asked) === 200 ? String(envelopeData(asked).qaId) : null;
  if (qaId === null) return [];
  const approved = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/qa/${qaId}/approve`, {});
  const answered = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/qa/${qaId}/answer`, { text: qaText(p, 'r') });
  record(sent, "host's approval and Q&A answer", approved === '200' ? answered : `approve ${approved}`);
  return answered === '200' ? [`${p.id}a`, `${p.id}r`] : approved === '200' ? [`${p.id}a`] : [];
}

/** The fields a page reads when it opens: the room notice, the introduction, the splash advert. */
function pageOpenTexts(p: HostilePayload): { notice: string; introduction: string; advertTitle: string } {
  return { notice: `⟦${p.id}⟧o ${p.text}`.slice(0, ROOM_NOTICE_MAX), introduction: `⟦${p.id}⟧i ${p.text}`.slice(0, INTRODUCTION_MAX), advertTitle: `⟦${p.id}⟧s ${p.text}`.slice(0, ADVERT_TITLE_MAX) };
}

/**
 * The host sets the payload as the room notice, the introduction and the splash advert's
 * title (and its link, when it is a URL: refused unless http(s)); a fresh visitor's page
 * opens, shows the notice and the advert, and its introduction tab. Its audit is returned.
 */
async function sendPageOpenFields(p: HostilePayload, browser: Browser, server: BenchServer, sent: Sent): Promise<{ label: string; result: HostileAuditResult; overflow: string[] }> {
  const texts = pageOpenTexts(p);
  record(sent, 'room notice', await adminAnswer(server, `/admin/v1/rooms/${ROOM}/notice`, { content: texts.notice }));
  const settings = (linkUrl: string) => ({ introduction: texts.introduction, splash: { enabled: true, adverts: [{ id: 'hostile', title: texts.advertTitle, imageUrl: '', linkUrl }] } });
  if (p.url !== null) record(sent, 'splash advert link', await adminAnswer(server, `/admin/v1/rooms/${ROOM}/settings`, settings(p.url)));
  const stored = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/settings`, settings('https://example.com/advert'));
  record(sent, 'room introduction and splash advert title', stored);
  const label = `fresh visitor 1280x800 #${p.id}`;
  const shown = [...Object.values(texts), ...Object.values(texts).map((t) => t.trim()), ...[...sent.payloads.slice(-FRESH_PAGE_RECENT), ...sent.asked].flatMap(textsOf)];
  const { viewer, context } = await openViewer(browser, server, label, { width: 1280, height: 800 }, { splash: true, texts: shown });
  try {
    const markers = [`${p.id}o`, ...(stored === '200' ? [`${p.id}s`] : [])];
    sent.missing.push(...(await waitSeen([viewer], markers)));
    await viewer.page.getByRole('tab', { name: INTRO_TAB }).click();
    if (stored === '200') sent.missing.push(...(await waitSeen([viewer], [`${p.id}i`])));
    return { label, result: await audit(viewer.page), overflow: await layoutProblems(viewer.page, label) };
  } finally {
    await context.close();
  }
}

async function sendPayload(p: HostilePayload, sample: boolean, sender: TestSocket, server: BenchServer, viewers: readonly Viewer[], qa: QaSide, sent: Sent): Promise<void> {
  const markers: string[] = [];
  sent.payloads.push(p);
  if (sample) sent.asked.push(p);
  for (const v of [...viewers, qa.viewer]) await v.page.evaluate((texts) => window.__hostileTexts!.push(...texts), textsOf(p));
  const chat = await sender.request(7101, {
    webcastId: ROOM,
    body: `⟦${p.id}⟧ ${p.text}`,
    quote: { name: p.text.slice(0, 64), chatContent: `⟦${p.id}⟧q ${p.text}`, role: 6 },
    picked_uid: viewers.map((v) => v.uid),
    // Fields only the server may set: a viewer's must be ignored.
    name: p.text.slice(0, 64),
    role: 6,
    roleName: 'host',
    headImgUrl: p.url ?? `javascript:__hostileRan(${p.id})`,
    top: true,
    highlight: true,
    definedRoleName: p.text.slice(0, 20),
  });
  record(sent, 'viewer chat text, quote, mention', Number(chat.status));
  if (chat.status === 200) {
    markers.push(`${p.id}`, `${p.id}q`);
    sent.forged.set(String(chat.msgId), p);
  }

  if (p.url !== null) {
    const picture = await sender.request(7101, { webcastId: ROOM, body: `⟦${p.id}⟧u`, imgUrl: p.url, imgLinkUrl: p.url });
    record(sent, 'viewer picture and link URL', Number(picture.status));
    if (picture.status === 200) markers.push(`${p.id}u`);
  }

  // A guest named with the payload (names are letters, digits and _: most are refused), who then chats.
  const named = await rawRequest(server.url, 'POST', '/ccp/monitor/v2/live_login', { 'content-type': 'application/json' }, JSON.stringify({ webcastId: ROOM, type: 'guest', name: p.text.slice(0, NICKNAME_MAX) }));
  record(sent, 'guest nickname', answerKey(named));
  if (envelopeCode(named) === 200) {
    const guest = await TestSocket.connect(server.url, String(envelopeData(named).sid), { batch: true });
    const said = await guest.request(7101, { webcastId: ROOM, body: `⟦${p.id}⟧g` });
    guest.close();
    if (said.status === 200) markers.push(`${p.id}g`);
  }

  const say = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/say`, { text: `⟦${p.id}⟧h ${p.text}`, role: 'host', name: p.text.slice(0, HOST_NAME_MAX).trim() || 'x' });
  record(sent, 'host chat text and name', say);
  if (say === '200') markers.push(`${p.id}h`);

  if (sample) {
    for (const v of viewers) {
      const notice = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/users/${v.uid}/notice`, { text: `⟦${p.id}⟧n ${p.text}`.slice(0, NOTICE_MAX) });
      record(sent, 'host notice to the viewer', notice);
      if (notice === '200' && !markers.includes(`${p.id}n`)) markers.push(`${p.id}n`);
    }
    const caption = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/caption`, { text: `⟦${p.id}⟧c ${p.text}`.slice(0, NOTICE_MAX) });
    record(sent, 'caption', caption);
    if (caption === '200') markers.push(`${p.id}c`);
    const packet = await adminAnswer(server, `/admin/v1/rooms/${ROOM}/redpacket/send`, { title: redPacketTitle(p), total: '1.00', count: 10 });
    record(sent, 'red packet title', packet);
    if (packet === '200') markers.push(`${p.id}p`);
    sent.missing.push(...(await waitSeen([qa.viewer], await sendQuestion(p, qa, server, sent))));
  }
  sent.missing.push(...(await waitSeen(viewers, markers)));
}

export const hostileScenario: ChaosScenario = {
  name: 'hostile',
  async run({ short, log }: ChaosOptions): Promise<ChaosReport> {
    const corpus = hostileCorpus();
    // The short run (the CI's smoke) sends every 18th payload: each family still appears,
    // and the run stays within the CI's time (the full run sends them all).
    const payloads = short ? corpus.filter((_p, i) => i % 18 === 0) : corpus;
    // One viewer sends every payload, one after another: the run measures what reaches the
    // pages, not the send rate (CHAT_SEND_RATE), which the flood scenario measures.
    return withServer(log, async (server) => {
      let browser: Browser | null = null;
      try {
        const served = await fetch(`${server.url}/live/login/${ROOM}`, { headers: { accept: 'text/html' } });
        const csp = served.headers.get('content-security-policy') ?? '';
        const scriptSrc = /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? '(none)';
        const hardening = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy'].map((h) => `${h}: ${served.headers.get(h) ?? 'absent'}`);

        await server.admin(`/admin/v1/rooms/${ROOM}/qa/state`, { state: 'on' });
        browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
        const desktop = await openViewer(browser, server, '1280x800', { width: 1280, height: 800 });
        const phone = await openViewer(browser, server, '390x844', { width: 390, height: 844 });
        const qaPage = await openViewer(browser, server, 'Q&A tab 1280x800', { width: 1280, height: 800 });
        await qaPage.viewer.page.getByRole('tab', { name: QA_TAB }).click();
        const viewers = [desktop.viewer, phone.viewer];
        const pages = [...viewers, qaPage.viewer];
        const pageErrors: string[] = [];
        for (const v of pages) v.page.on('pageerror', (error) => pageErrors.push(`${v.label}: ${error.message}`));

        const senderLogin = await guestLogin(server, ROOM);
        const qa: QaSide = { askerToken: (await guestLogin(server, ROOM)).token, viewer: qaPage.viewer };
        const sender = await TestSocket.connect(server.url, senderLogin.sid, { batch: true });
        await sender.request(7001, { webcastId: ROOM, offset: 0 });
        const sent: Sent = { answers: new Map(), missing: [], forged: new Map(), payloads: [], asked: [] };
        const overflow: string[] = [];
        log(`hostile: ${payloads.length} payloads (${corpusSummary(payloads)}) through each field, to a viewer at 1280x800 and one at 390x844...`);
        const visits: { label: string; result: HostileAuditResult }[] = [];
        for (const [i, p] of payloads.entries()) {
          if (i % (short ? 12 : PAGE_OPEN_EVERY) === 0) {
            const visit = await sendPageOpenFields(p, browser, server, sent);
            visits.push(visit);
            overflow.push(...visit.overflow);
          }
          await sendPayload(p, short ? i % 4 === 0 : i % SAMPLE_EVERY === 0, sender, server, viewers, qa, sent);
          for (const v of pages) overflow.push(...(await layoutProblems(v.page, `${v.label} after #${p.id}`)));
          if ((i + 1) % 50 === 0) log(`hostile: ${i + 1} of ${payloads.length}`);
        }
        // The page still works: a plain message after the corpus shows.
        const after = await sender.request(7101, { webcastId: ROOM, body: '⟦0⟧ still here' });
        const stillWorking = after.status === 200 && (await waitSeen(viewers, ['0'])).length === 0;
        // What the room got from the viewer: the fields only the server sets are the server's.
        const published = sender.received(7101).filter((f) => sent.forged.has(String(f.body.msgId)));
        const forgedKept = published.filter((f) => {
          const p = sent.forged.get(String(f.body.msgId))!;
          const b = f.body;
          const quoteRole = Number((b.quote as { role?: unknown } | null)?.role);
          return isStaff(Number(b.role)) || isStaff(quoteRole) || b.roleName !== 'guest' || b.top !== false || b.highlight !== false || b.definedRoleName !== '' || b.name === p.text.slice(0, 64) || String(b.headImgUrl).includes('hostile');
        });
        sender.close();

        const audits = [...(await Promise.all(pages.map(async (v) => ({ v: v as { label: string }, result: await audit(v.page) })))), ...visits.map((visit) => ({ v: { label: visit.label }, result: visit.result }))];
        const ran = audits.flatMap(({ v, result }) => result.ran.map((id) => `${v.label} #${id}`));
        const elements = audits.flatMap(({ v, result }) => result.elements.map((id) => `${v.label} #${id}`));
        const badUrls = audits.flatMap(({ v, result }) => result.badUrls.map((u) => `${v.label} ${u}`));
        const unisolated = audits.flatMap(({ v, result }) => result.unisolated.map((u) => `${v.label} ${u}`));
        const seenChat = audits.filter(({ v }) => viewers.some((chatViewer) => chatViewer.label === v.label)).map(({ v, result }) => `${v.label} ${payloads.filter((p) => result.seen.includes(`${p.id}`)).length}`);
        for (const c of [desktop.context, phone.context, qaPage.context]) await c.close();

        const payloadsById = new Map(payloads.map((p) => [p.id, p]));
        const labelOf = (entry: string) => {
          const id = Number(/#(\d+)/.exec(entry)?.[1]);
          return `${entry} (${payloadsById.get(id)?.label ?? '?'})`;
        };
        const fieldRows: ChaosRow[] = [...sent.answers.entries()].map(([field, answers]) => ({
          what: `${field}: answers`,
          tried: answers.length,
          failed: answers.filter((a) => String(a) !== '200' && String(a) !== '4501').length,
          expected: '200 (shown) or 4501 (refused with its reason); never an error or a crash',
          seen: tally(answers),
        }));
        const rows: ChaosRow[] = [
          ...fieldRows,
          { what: 'payload scripts that ran (CSP bypassed)', tried: payloads.length * pages.length, failed: ran.length, expected: '0', seen: ran.length === 0 ? 'none' : ran.slice(0, 5).join(', ') },
          { what: 'payload markup that became elements', tried: payloads.length * pages.length, failed: elements.length, expected: '0', seen: elements.length === 0 ? 'none' : elements.slice(0, 5).join(', ') },
          { what: 'URLs rendered that are not http(s)', tried: payloads.length * pages.length, failed: badUrls.length, expected: '0 (src, href, action, style url(...) of every element the pages inserted)', seen: badUrls.length === 0 ? 'none' : badUrls.slice(0, 3).join(', ') },
          { what: "a viewer's forged name, role, avatar, pin, highlight or staff quote kept by the server", tried: published.length, failed: forgedKept.length, expected: "0 (the room gets the sender's own name and role, no pin, no highlight, and a quote without a message id as a guest's)", seen: forgedKept.length === 0 ? 'none kept' : forgedKept.slice(0, 3).map((f) => JSON.stringify(f.body).slice(0, 160)).join('; ') },
          { what: 'bidi controls not isolated from the next field', tried: payloads.length * pages.length, failed: unisolated.length, expected: '0 (the field isolates its text)', seen: unisolated.length === 0 ? 'none' : unisolated.slice(0, 3).join(', ') },
          { what: 'layout broken (page or row wider than its box)', tried: payloads.length * pages.length, failed: overflow.length, expected: '0', seen: overflow.length === 0 ? 'none' : overflow.slice(0, 3).join('; ') },
        ];
        const checks: ChaosCheck[] = [
          { what: 'corpus size (the full run sends at least 500 payloads)', figure: `${corpus.length} in the corpus (${corpusSummary(corpus)}); ${payloads.length} sent`, ok: short || payloads.length >= 500 },
          { what: 'every message sent was seen on both pages (each payload really rendered)', figure: sent.missing.length === 0 ? `all; chat payloads seen: ${seenChat.join(', ')}` : `${sent.missing.length} not seen: ${sent.missing.slice(0, 6).join(', ')}`, ok: sent.missing.length === 0 },
          { what: 'no page error, and the chat still shows new messages after the corpus', figure: `${pageErrors.length} page errors${pageErrors.length > 0 ? `: ${pageErrors.slice(0, 2).join('; ')}` : ''}; still showing: ${stillWorking ? 'yes' : 'no'}`, ok: pageErrors.length === 0 && stillWorking },
          { what: 'the served page has a Content-Security-Policy whose script-src allows no inline script', figure: `script-src${scriptSrc}`, ok: csp !== '' && !/'unsafe-inline'|'unsafe-eval'/.test(scriptSrc) && scriptSrc !== '(none)' },
          { what: 'the served page carries the hardening headers', figure: hardening.join('; '), ok: served.headers.get('x-content-type-options') === 'nosniff' && served.headers.get('referrer-policy') !== null },
        ];
        return {
          name: 'hostile',
          title: 'Hostile content in the viewer',
          how: `Debian's Chromium against a reference server process of its own; two viewers of room ${ROOM} (guests) at 1280x800 and 390x844, each page with its Content-Security-Policy bypassed (so only the rendering stands between a payload and a script run) and an audit installed before the page's scripts: a MutationObserver over every node and attribute the page inserts (chaos/lib/hostileAudit.ts). ${payloads.length} payloads (chaos/lib/hostileCorpus.ts: ${corpusSummary(payloads)}; script and event-handler markup, SVG and MathML, javascript:/data:/vbscript: URLs and their disguises, entities, bidi overrides, zero-width characters, homoglyphs, overlong strings, each in variants) go, one payload at a time, as a viewer's chat text with a quote claiming the host's role, an @mention of both viewers, and a forged name, role, avatar, top and highlight; as a picture and link URL when it is one; as the nickname of a guest who then chats (most are refused: names are letters, digits and _); as the host's chat text and display name; and every ${short ? 4 : SAMPLE_EVERY}th as the host's notice to each viewer, a caption, a red packet's title, and a viewer's Q&A question that the host approves and answers with it, shown to a third viewer (1280x800) on the Q&A tab. Every ${short ? 12 : PAGE_OPEN_EVERY}th also becomes the room notice, the introduction and the splash advert's title (its link too when it is a URL), and a fresh visitor's page (1280x800, the advert not yet seen) opens and shows them, the introduction on its tab. The next payload goes once both pages showed the last one's messages. Layout is read after each payload.`,
          rows,
          checks,
          examples: [...[...ran, ...elements].map(labelOf), ...badUrls, ...unisolated, ...overflow].slice(0, 12),
        };
      } finally {
        await browser?.close();
      }
    }, { env: { CHAT_SEND_RATE: '0' } });
  },
};
