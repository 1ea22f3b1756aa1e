/**
 * Loading messages a tab skipped (issue 11 item 2): a marker row "1,234 messages not shown"
 * sits before the entry that followed them; when the viewer scrolls there, the tab asks the
 * worker for the room messages between the entry before the marker and the one after it,
 * and the worker reads them with history sync 2401 (the server keeps every message, so
 * a range skipped on purpose, thinned or cut in a flood, is always fetchable).
 *
 * A range can hold more than one page (SKIPPED_PAGE_MAX): a load fetches the newest page of it, the one
 * next to the marked entry that the viewer scrolled up to, and the marker moves above the
 * loaded rows with what is left, for the next load.
 *
 * The page is room messages of every kind: only chat (7101) becomes rows, as the tab's
 * filter shows them; a chat message withdrawn in the same page (7103), or known by the
 * caller as withdrawn, is left out.
 */
import { toChatEntry, type ChatEntry } from './chatEntry';
import { showsEntry, type ChatFilter, type ChatVisibility } from './filters';
import { CHAT_CODE, HISTORY_PAGE_MAX, WITHDRAW_CODE, type HistoryMessage } from './roomHub';

/**
 * Messages per load: the rows of a page are rendered at once, inside the marked row (the
 * list keeps its place then, see ChatList), so a page is what a viewer reads in a few
 * scrolls, not the 500 a 2401 page may hold.
 */
export const SKIPPED_PAGE_MAX = Math.min(100, HISTORY_PAGE_MAX);

/** Offsets strictly between `after` and `before` were not shown. */
export interface SkippedRange {
  readonly after: number;
  readonly before: number;
}

export interface SkippedPage {
  /** Rows for the tab, oldest first. */
  readonly entries: ChatEntry[];
  /** What is still not loaded: `{after: range.after, before: restBefore}`, nothing when isSkippedRange refuses it. */
  readonly restBefore: number;
  /**
   * Chat messages of the page the tab's filter shows, withdrawn ones included: what the
   * marker's count goes down by (the worker counted them so when it marked them).
   */
  readonly counted: number;
}

/** A range worth asking for: ordered, whole offsets, at least one offset inside. */
export function isSkippedRange(range: SkippedRange): boolean {
  const { after, before } = range;
  return Number.isSafeInteger(after) && Number.isSafeInteger(before) && after >= 0 && before - after >= 2;
}

/** The 2401 request for the newest page of the range: `after` and `limit` (1 to SKIPPED_PAGE_MAX). */
export function skippedPageRequest(range: SkippedRange): { readonly after: number; readonly limit: number } {
  const after = Math.max(range.after, range.before - 1 - SKIPPED_PAGE_MAX);
  return { after, limit: range.before - 1 - after };
}

export interface SkippedPageContext {
  readonly myUid: string | null;
  readonly filter: ChatFilter;
  readonly chatState: ChatVisibility;
  /** Ids the caller knows were withdrawn (later than the page, say). */
  readonly withdrawn?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** The rows of a history page answering skippedPageRequest(range); messages outside the page's span are ignored. */
export function readSkippedPage(range: SkippedRange, messages: readonly HistoryMessage[], ctx: SkippedPageContext): SkippedPage {
  const request = skippedPageRequest(range);
  const ordered = messages
    .filter((m) => {
      const offset = m.body.offset;
      return typeof offset === 'number' && offset > request.after && offset < range.before;
    })
    .sort((a, b) => (a.body.offset as number) - (b.body.offset as number));
  const withdrawnHere = new Set<string>();
  for (const m of ordered) if (m.code === WITHDRAW_CODE && typeof m.body.msgId === 'string') withdrawnHere.add(m.body.msgId);
  const withdrawn = ctx.withdrawn ?? NONE;
  const entries: ChatEntry[] = [];
  let previous: ChatEntry | undefined;
  let counted = 0;
  let seen = -1;
  for (const m of ordered) {
    const offset = m.body.offset as number;
    if (offset === seen) continue; // a page never repeats an offset; a broken one is not believed twice
    seen = offset;
    if (m.code !== CHAT_CODE) continue;
    const entry = toChatEntry(m.body, { myUid: ctx.myUid, previous });
    if (entry === null || !showsEntry(ctx.filter, entry, ctx.chatState)) continue;
    counted++;
    if (withdrawnHere.has(entry.msgId) || withdrawn.has(entry.msgId)) continue;
    previous = entry;
    entries.push(entry);
  }
  return { entries, restBefore: request.after + 1, counted };
}
