/**
 * The chat cut of SPEC 5: chat text is cut to 500 characters, each emoji token in square
 * brackets counts as one character, an emoji token is at most 8 characters long, and cut
 * text is shown with an ellipsis.
 *
 * Units. The text is measured in "units":
 * - an emoji token is `[`, then 1 to EMOJI_TOKEN_LENGTH - 2 (6) code points that are not
 *   brackets, then `]` (so at most 8 characters with the brackets); it is one unit, whatever
 *   its name. Whether the name is a known emoji is the renderer's business: the count is
 *   structural, so sender, server and every viewer agree on it without sharing a catalogue;
 * - every other code point is one unit; a surrogate pair is one code point and is never
 *   split, a lone surrogate is one unit on its own.
 * Tokens are found left to right: a `[` that does not open a token is a plain unit and the
 * scan moves on one code point, so in "[a[b]" the token is "[b]".
 *
 * The cut. A text of at most CHAT_CUT_LENGTH (500) units is left untouched. A longer text
 * keeps its first 500 units exactly, and CHAT_CUT_ELLIPSIS is appended beyond them (the
 * ellipsis is not one of the 500). Because a token is one unit, a token is either kept whole
 * (it is among the first 500) or dropped whole; the cut can never fall inside one.
 *
 * Cost. This runs for every chat message. Each function is one left-to-right pass with
 * charCodeAt and bounded look-ahead (at most 7 code points after a `[`), so it is linear in
 * the text, allocates nothing per character and uses no regular expression. cutChatText
 * stops scanning at unit 501, so an oversized message costs no more than a 500-unit one.
 */
import { CHAT_CUT_LENGTH, EMOJI_TOKEN_LENGTH } from './constants';
import { codePointWidthAt } from './text';

/** Appended to cut text. A single character (U+2026), not three dots. */
export const CHAT_CUT_ELLIPSIS = '…';

/** Longest token name: the token length minus its two brackets. */
const EMOJI_NAME_MAX = EMOJI_TOKEN_LENGTH - 2;
const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

/**
 * If an emoji token starts at `start` (where text has `[`), the index just after its `]`;
 * otherwise -1. Looks at most EMOJI_NAME_MAX + 1 code points ahead.
 */
function emojiTokenEnd(text: string, start: number): number {
  let i = start + 1;
  let nameLength = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === CLOSE) return nameLength > 0 ? i + 1 : -1;
    if (c === OPEN || nameLength === EMOJI_NAME_MAX) return -1;
    i += codePointWidthAt(text, i);
    nameLength++;
  }
  return -1;
}

/** Index just after the unit starting at `i`: after a whole token, or after one code point. */
function unitEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === OPEN) {
    const end = emojiTokenEnd(text, i);
    if (end > 0) return end;
  }
  return i + codePointWidthAt(text, i);
}

/** Length of chat text in units (emoji token = 1, other code point = 1). */
export function chatTextLength(text: string): number {
  let units = 0;
  for (let i = 0; i < text.length; i = unitEnd(text, i)) units++;
  return units;
}

export interface ChatCut {
  /** The text to show: the original, or its first 500 units followed by the ellipsis. */
  readonly text: string;
  /** True when the text was cut (and so ends with the ellipsis). */
  readonly cut: boolean;
  /** Units shown, not counting the ellipsis: the full length when not cut, else 500. */
  readonly length: number;
}

/**
 * True when `text` certainly fits `maxUnits` without measuring it: every unit is at least
 * one UTF-16 code unit, so a text no longer than that in code units is never cut. Most chat
 * messages are short; this spares them the unit-by-unit scan.
 */
export const fitsChatCut = (text: string, maxUnits: number = CHAT_CUT_LENGTH): boolean => text.length <= maxUnits;

/** Cuts chat text for display (see the module comment for the rules). */
export function cutChatText(text: string, maxUnits: number = CHAT_CUT_LENGTH): ChatCut {
  let units = 0;
  let i = 0;
  while (i < text.length) {
    if (units === maxUnits) {
      return { text: text.slice(0, i) + CHAT_CUT_ELLIPSIS, cut: true, length: units };
    }
    i = unitEnd(text, i);
    units++;
  }
  return { text, cut: false, length: units };
}

export type ChatSegment =
  | { readonly kind: 'text'; readonly text: string }
  /** `name` is what is inside the brackets, `raw` the token as written ("[微笑]"). */
  | { readonly kind: 'emoji'; readonly name: string; readonly raw: string };

/**
 * Splits chat text into runs of plain text and emoji tokens, in order, for the renderer
 * (tokens become images, text stays text). Adjacent plain units are merged into one text
 * segment, so plain text is one slice, not one object per character; an empty text gives
 * no segments. Joining every segment's text/raw gives back the input exactly.
 */
export function tokenizeChat(text: string): ChatSegment[] {
  const segments: ChatSegment[] = [];
  let plainStart = 0;
  // Only a `[` can open a token, and a `[` is never half of a surrogate pair, so the scan
  // may jump from one `[` to the next: most messages have none and cost one indexOf.
  let open = text.indexOf('[');
  while (open >= 0) {
    const end = emojiTokenEnd(text, open);
    if (end < 0) {
      open = text.indexOf('[', open + 1);
      continue;
    }
    if (plainStart < open) segments.push({ kind: 'text', text: text.slice(plainStart, open) });
    segments.push({ kind: 'emoji', name: text.slice(open + 1, end - 1), raw: text.slice(open, end) });
    plainStart = end;
    open = text.indexOf('[', end);
  }
  if (plainStart < text.length) segments.push({ kind: 'text', text: text.slice(plainStart) });
  return segments;
}
