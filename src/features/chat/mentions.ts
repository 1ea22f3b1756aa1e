/**
 * @mentions in chat text. The wire carries mentioned users as picked_uid; the text carries
 * "@name " so every viewer reads who was meant. The renderer highlights "@word" runs; which
 * of them means the viewer is not knowable from the text alone, so "mentions me" is marked
 * on the whole row from entry.mentionsMe instead.
 */

export type MentionRun = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'mention'; readonly text: string };

const AT = 0x40; // @

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x3000 || code === 0xa0;
}

/**
 * Splits plain text into text runs and "@name" runs ("@" then one or more non-space
 * characters). A lone "@" stays text. Joining the runs gives the input back.
 */
export function splitMentions(text: string): MentionRun[] {
  if (text.indexOf('@') < 0) return [{ kind: 'text', text }];
  const runs: MentionRun[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== AT) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end)) && text.charCodeAt(end) !== AT) end++;
    if (end === i + 1) {
      i++;
      continue;
    }
    if (plainStart < i) runs.push({ kind: 'text', text: text.slice(plainStart, i) });
    runs.push({ kind: 'mention', text: text.slice(i, end) });
    plainStart = end;
    i = end;
  }
  if (plainStart < text.length) runs.push({ kind: 'text', text: text.slice(plainStart) });
  return runs;
}

/** The text written into the draft for a mention: "@name " (the space ends the mention). */
export function mentionText(name: string): string {
  return `@${name} `;
}
