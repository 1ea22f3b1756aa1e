/**
 * The Idempotency-Keys of the viewer's paying intents, shared by every tab of the browser
 * (issue 14 item 1): the same intent (same room, gift, count and amount, `payIntentId`)
 * pressed again while it is on its way, or within the prevent-double-click interval after
 * its outcome, in this tab or another, gets the key it was first sent with, so the server
 * answers with the first outcome instead of charging again. A new intent, or the same one
 * pressed later, gets a new key. The book is plain data kept in storage by the caller;
 * the clock and the key maker are parameters.
 */
import { DOUBLE_CLICK_INTERVAL_MS } from './constants';

export interface IntentRecord {
  readonly key: string;
  readonly openedAt: number;
  /** When its outcome (paid or refused) was known; null while on its way or unknown. */
  readonly settledAt: number | null;
}

export type IntentBook = Readonly<Record<string, IntentRecord>>;

/** A settled intent keeps its key this long: the prevent-double-click interval (SPEC 9). */
export const INTENT_HOLD_MS = DOUBLE_CLICK_INTERVAL_MS;
/** An intent never settled (its tab closed while checking) is forgotten after this. */
export const INTENT_PENDING_MAX_MS = 10 * 60_000;

const KEY = /^[0-9A-Za-z_-]{16,64}$/;

const isRecord = (value: unknown): value is IntentRecord => {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.key === 'string' &&
    KEY.test(r.key) &&
    typeof r.openedAt === 'number' &&
    Number.isFinite(r.openedAt) &&
    (r.settledAt === null || (typeof r.settledAt === 'number' && Number.isFinite(r.settledAt)))
  );
};

/** The book as stored; anything unreadable is an empty book (never a crash, never a wrong key). */
export function parseIntentBook(raw: string | null): IntentBook {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const book: Record<string, IntentRecord> = {};
  for (const [id, record] of Object.entries(value as Record<string, unknown>)) if (isRecord(record)) book[id] = record;
  return book;
}

const expired = (record: IntentRecord, now: number): boolean =>
  record.settledAt === null ? now - record.openedAt >= INTENT_PENDING_MAX_MS || now < record.openedAt : now - record.settledAt >= INTENT_HOLD_MS || now < record.settledAt;

function pruned(book: IntentBook, now: number): Record<string, IntentRecord> {
  const kept: Record<string, IntentRecord> = {};
  for (const [id, record] of Object.entries(book)) if (!expired(record, now)) kept[id] = record;
  return kept;
}

/** The key for an intent pressed at `now`: the open one's, else a new one from `newKey`. */
export function claimIntent(book: IntentBook, intentId: string, now: number, newKey: () => string): { readonly book: IntentBook; readonly key: string; readonly reused: boolean } {
  const kept = pruned(book, now);
  const open = kept[intentId];
  if (open !== undefined) return { book: kept, key: open.key, reused: true };
  const key = newKey();
  kept[intentId] = { key, openedAt: now, settledAt: null };
  return { book: kept, key, reused: false };
}

/** The intent's outcome is known at `now`: its key is held for INTENT_HOLD_MS more, then let go. */
export function settleIntent(book: IntentBook, intentId: string, key: string, now: number): IntentBook {
  const kept = pruned(book, now);
  const open = kept[intentId];
  if (open === undefined || open.key !== key || open.settledAt !== null) return kept;
  kept[intentId] = { ...open, settledAt: now };
  return kept;
}
