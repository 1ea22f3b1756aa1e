/**
 * What the hostile content scenario watches inside the viewer's page (issue 17 item 5),
 * installed before the page's own scripts (Playwright addInitScript) and read with
 * `window.__hostileAudit`. It never trusts the DOM at one moment only: a MutationObserver
 * audits every node and attribute the page ever inserts, so a row that a virtual list shows
 * for one frame is audited too.
 *
 * - `ran`: payload ids whose script called `__hostileRan(id)` (the scenario runs the page
 *   with its Content-Security-Policy bypassed, so this measures the rendering, not the CSP);
 * - `elements`: payload ids of elements carrying `data-hostile`: markup that became markup;
 * - `badUrls`: URL-bearing attributes the page set whose scheme is not http(s) (the player's
 *   own `blob:` media source aside), with the element that carried them;
 * - `seen`: the markers (`⟦12⟧`, `⟦12⟧h`...) of every text the page showed, so the scenario
 *   knows each payload was really rendered;
 * - `unisolated`: texts holding a bidi control character whose nearest isolating element
 *   (`unicode-bidi: isolate` or `plaintext`, a `<bdi>`; Chromium isolates every block
 *   element) also holds text that is not the users': the override would reorder the words
 *   after it, the row's next field or its time. What is the users' is what the scenario
 *   sent (`window.__hostileTexts`): a text of the page is theirs when it is part of one.
 */

export interface HostileAuditResult {
  readonly ran: number[];
  readonly elements: number[];
  readonly badUrls: string[];
  readonly seen: string[];
  readonly unisolated: string[];
  readonly errors: string[];
}

declare global {
  interface Window {
    __hostileAudit?: () => HostileAuditResult;
    __hostileRan?: (id: number) => void;
    __hostileTexts?: string[];
  }
}

/** Runs in the page (serialised by Playwright): no imports, no outer names. */
export function installHostileAudit(): void {
  const ran: number[] = [];
  const elements = new Set<number>();
  const badUrls = new Set<string>();
  const seen = new Set<string>();
  const unisolated = new Set<string>();
  const errors: string[] = [];
  window.__hostileRan = (id: number) => {
    ran.push(id);
  };
  const sent: string[] = [];
  window.__hostileTexts = sent;
  window.addEventListener('error', (event) => errors.push(String(event.message)));

  const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'background', 'xlink:href', 'srcset', 'srcdoc'];
  const MARKER = /⟦(\d+)⟧([a-z]?)/g;
  const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
  const ISOLATING = ['isolate', 'plaintext', 'isolate-override'];

  const urlOk = (element: Element, name: string, value: string): boolean => {
    if (name === 'srcdoc') return false;
    const text = value.trim();
    if (text === '' || text.startsWith('#')) return true;
    let url: URL;
    try {
      url = new URL(text, document.baseURI);
    } catch {
      return false;
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') return true;
    // The player's media source (hls.js/mpegts.js attach a MediaSource by a blob: URL of this page).
    return url.protocol === 'blob:' && url.origin === location.origin && (element instanceof HTMLMediaElement || element instanceof HTMLSourceElement);
  };

  const auditElement = (element: Element) => {
    const hostile = element.getAttribute('data-hostile');
    if (hostile !== null) elements.add(Number(hostile));
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value !== null && !urlOk(element, name, value)) badUrls.add(`<${element.tagName.toLowerCase()} ${name}="${value.slice(0, 120)}">`);
    }
    const style = element.getAttribute('style');
    if (style !== null && /url\(\s*['"]?\s*(?!https?:|\/[^/])/i.test(style)) badUrls.add(`<${element.tagName.toLowerCase()} style="${style.slice(0, 120)}">`);
  };

  const isUsers = (data: string): boolean => data.trim() === '' || sent.some((s) => s.includes(data));
  /** Whether the nearest isolating element around the text holds the users' text only. */
  const isolated = (text: Text): boolean => {
    let element = text.parentElement;
    while (element !== null && element.tagName !== 'BDI' && !ISOLATING.includes(getComputedStyle(element).unicodeBidi)) element = element.parentElement;
    if (element === null) return false;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let next = walker.nextNode(); next !== null; next = walker.nextNode()) if (!isUsers((next as Text).data)) return false;
    return true;
  };

  const auditText = (text: Text) => {
    const data = text.data;
    for (const match of data.matchAll(MARKER)) seen.add(`${match[1]}${match[2]}`);
    // Text nobody sees (a screen reader's live region, visually hidden) has no visual order to break.
    if (BIDI.test(data) && text.parentElement !== null && !text.parentElement.closest('title, script, style, .visually-hidden') && !isolated(text)) {
      unisolated.add(`${text.parentElement.className || text.parentElement.tagName}: ${JSON.stringify(data.slice(0, 60))}`);
    }
  };

  const auditTree = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      auditText(node as Text);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    auditElement(node as Element);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let next = walker.nextNode(); next !== null; next = walker.nextNode()) {
      if (next.nodeType === Node.TEXT_NODE) auditText(next as Text);
      else auditElement(next as Element);
    }
  };

  // Styles are read when a text is inserted; a text inserted with its row is only styled once
  // the row is in the document, which it is by the time the observer runs.
  const auditRecords = (records: readonly MutationRecord[]) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(auditTree);
      else if (record.type === 'attributes' && record.target.nodeType === Node.ELEMENT_NODE) auditElement(record.target as Element);
      else if (record.type === 'characterData') auditText(record.target as Text);
    }
  };
  const observer = new MutationObserver(auditRecords);
  const start = () => {
    auditTree(document.documentElement);
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: [...URL_ATTRIBUTES, 'style', 'data-hostile'] });
  };
  if (document.documentElement !== null) start();
  else document.addEventListener('readystatechange', start, { once: true });

  window.__hostileAudit = () => {
    // Pending records first: what the page inserted since the last callback counts too.
    auditRecords(observer.takeRecords());
    return { ran: [...ran], elements: [...elements], badUrls: [...badUrls], seen: [...seen], unisolated: [...unisolated], errors: [...errors] };
  };
}

/** Layout read at a moment: overflow of the page and of chat rows (overlong or bidi text breaking out). */
export function readLayout(): { pageOverflow: number; rowsOverflowing: string[] } {
  const root = document.documentElement;
  const rowsOverflowing: string[] = [];
  for (const row of document.querySelectorAll<HTMLElement>('.chat-message, .room-notice, .captions, .chat-message__quote')) {
    if (row.scrollWidth > row.clientWidth + 1) rowsOverflowing.push(`${row.className.split(' ')[0]} ${row.scrollWidth} > ${row.clientWidth}`);
  }
  return { pageOverflow: Math.max(0, root.scrollWidth - window.innerWidth), rowsOverflowing };
}
