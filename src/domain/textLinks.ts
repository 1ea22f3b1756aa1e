/**
 * Web addresses written in a message's text, found so a renderer can make them links: only
 * http(s) addresses (safeUrl.ts), with the punctuation that usually ends a sentence left
 * outside the link. Everything else stays text.
 */
import { safeUrl } from './safeUrl';

export type TextRun = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'link'; readonly text: string; readonly href: string };

const CANDIDATE = /https?:\/\/[^\s<>"'`\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]+/giu;
const TRAILING = /[.,;:!?)\]}]+$/u;

/** Splits text into text and link runs; joining the runs' text gives the input back. */
export function splitLinks(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    const href = safeUrl(address);
    if (href === null || !/^https?:\/\//i.test(href)) continue;
    if (start > last) runs.push({ kind: 'text', text: text.slice(last, start) });
    runs.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) runs.push({ kind: 'text', text: text.slice(last) });
  return runs;
}
