/**
 * The composer's draft as a reducer: text with its caret, the quoted message and the
 * mentioned users. Pure, so the editing rules (insertion at the caret, mention limits,
 * what is sent) are tested without a DOM; the component only mirrors the caret back into
 * the textarea after an insertion.
 */
import { chatTextLength } from '../../domain/chatCut';
import { validateChatText } from '../../domain/chatInput';
import { CHAT_CUT_LENGTH } from '../../domain/constants';
import type { Problem } from '../../domain/result';
import type { ChatQuote } from '../../realtime/chatEntry';
import type { ChatSendInput } from '../../realtime/realtimeApi';
import { mentionText } from './mentions';
import type { Mention } from './types';

/** The server refuses more (server/chat/message.ts PICKED_MAX): the chip list stops there. */
export const MENTIONS_MAX = 20;

export interface Draft {
  readonly text: string;
  /** Where the next insertion goes; null = at the end. */
  readonly caret: number | null;
  readonly quote: ChatQuote | null;
  readonly mentions: readonly Mention[];
}

export const EMPTY_DRAFT: Draft = { text: '', caret: null, quote: null, mentions: [] };

/** A selection in the textarea, in UTF-16 indexes as the DOM gives them. */
export interface Selection {
  readonly start: number;
  readonly end: number;
}

export type DraftAction =
  | { readonly type: 'edit'; readonly text: string; readonly caret: number | null }
  | { readonly type: 'insert'; readonly text: string; readonly at: Selection | null }
  | { readonly type: 'quote'; readonly quote: ChatQuote }
  | { readonly type: 'cancelQuote' }
  | { readonly type: 'mention'; readonly mention: Mention; readonly at: Selection | null }
  | { readonly type: 'removeMention'; readonly uid: string }
  | { readonly type: 'sent' };

function clamp(n: number, max: number): number {
  return n < 0 ? 0 : n > max ? max : n;
}

/** `insert` placed over the selection (or at the end when there is none). */
export function insertAt(text: string, insert: string, at: Selection | null): { text: string; caret: number } {
  const start = at === null ? text.length : clamp(Math.min(at.start, at.end), text.length);
  const end = at === null ? text.length : clamp(Math.max(at.start, at.end), text.length);
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'edit':
      return { ...draft, text: action.text, caret: action.caret };
    case 'insert': {
      const next = insertAt(draft.text, action.text, action.at);
      return { ...draft, ...next };
    }
    case 'quote':
      return { ...draft, quote: action.quote };
    case 'cancelQuote':
      return { ...draft, quote: null };
    case 'mention': {
      const known = draft.mentions.some((m) => m.uid === action.mention.uid);
      if (!known && draft.mentions.length >= MENTIONS_MAX) return draft;
      const next = insertAt(draft.text, mentionText(action.mention.name), action.at);
      return { ...draft, ...next, mentions: known ? draft.mentions : [...draft.mentions, action.mention] };
    }
    case 'removeMention':
      return { ...draft, mentions: draft.mentions.filter((m) => m.uid !== action.uid) };
    case 'sent':
      return EMPTY_DRAFT;
  }
}

/** Units left before the cut of SPEC 5 (negative when over: the excess would be cut). */
export function remainingUnits(text: string): number {
  return CHAT_CUT_LENGTH - chatTextLength(text);
}

/** The message to send, or the domain's problem (empty or blank text). */
export function draftToInput(draft: Draft): { ok: true; input: ChatSendInput } | { ok: false; problem: Problem } {
  const checked = validateChatText(draft.text);
  if (!checked.ok) return { ok: false, problem: checked.error };
  return {
    ok: true,
    input: { text: draft.text, quote: draft.quote, pickedUids: draft.mentions.map((m) => m.uid) },
  };
}
