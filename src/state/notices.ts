/**
 * Short-lived, localized notices ("toasts"): a small valtio queue that src/ui/Toasts shows.
 * A notice holds an i18n key and its parameters, never text, so it follows a language
 * switch while it is on screen.
 */
import { proxy } from 'valtio';
import { isApiError } from '../api';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  readonly id: number;
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly tone: NoticeTone;
}

export interface NoticeInput {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly tone?: NoticeTone;
}

export const NOTICE_DURATION_MS = 4000;
/** More than this at once is noise: the oldest make room. */
export const MAX_NOTICES = 3;

export const notices = proxy<{ items: Notice[] }>({ items: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

const sameNotice = (a: NoticeInput, b: NoticeInput): boolean =>
  a.key === b.key && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});

function scheduleDismiss(id: number, durationMs: number): void {
  const previous = timers.get(id);
  if (previous !== undefined) clearTimeout(previous);
  timers.set(id, setTimeout(() => dismissNotice(id), durationMs));
}

/**
 * Shows a notice for `durationMs`. The same notice pushed again while visible (several
 * requests failing with 402 together, say) is shown once, for the full duration again.
 */
export function pushNotice(input: NoticeInput, durationMs = NOTICE_DURATION_MS): number {
  const existing = notices.items.find((n) => sameNotice(n, input));
  if (existing !== undefined) {
    scheduleDismiss(existing.id, durationMs);
    return existing.id;
  }
  const id = nextId++;
  const notice: Notice = { id, key: input.key, tone: input.tone ?? 'info', ...(input.params ? { params: input.params } : {}) };
  notices.items.push(notice);
  while (notices.items.length > MAX_NOTICES) {
    const oldest = notices.items[0];
    if (oldest !== undefined) dismissNotice(oldest.id);
  }
  scheduleDismiss(id, durationMs);
  return id;
}

export function dismissNotice(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  const index = notices.items.findIndex((n) => n.id === id);
  if (index >= 0) notices.items.splice(index, 1);
}

/**
 * A failed side call of a page (counts, praise, notice, terms), told in a toast: the page
 * keeps what it has. Failures the app already acts on are left to it: 402 (session expired:
 * cleared, told, sent to the root), HTTP statuses (the error page); a cancelled call is
 * nobody's news.
 */
export function noticeCallFailure(error: unknown, key: string): void {
  if (isApiError(error) && (error.kind === 'aborted' || error.kind === 'http' || error.code === 402)) return;
  pushNotice({ key, tone: 'warning' });
}
