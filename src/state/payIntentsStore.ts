/**
 * The intent book of domain/payIntents.ts kept in localStorage, so every tab of the browser
 * sees the keys of the intents on their way. The read-modify-write runs under a Web Lock
 * where the browser has them (every current one), so two tabs pressing in the same
 * instant cannot both make a key; without locks, or without storage (private modes that
 * refuse it), the tab keeps its own book and still never pays twice from one tab.
 */
import { claimIntent, parseIntentBook, settleIntent, type IntentBook } from '../domain/payIntents';

const STORAGE_KEY = 'webcast.payIntents';
const LOCK_NAME = 'webcast.payIntents';

let memoryBook: IntentBook = {};

function readBook(): IntentBook {
  try {
    return parseIntentBook(globalThis.localStorage.getItem(STORAGE_KEY));
  } catch {
    return memoryBook;
  }
}

function writeBook(book: IntentBook): void {
  memoryBook = book;
  try {
    globalThis.localStorage.setItem(STORAGE_KEY, JSON.stringify(book));
  } catch {
    // Storage refused (quota, private mode): this tab's memory keeps the book.
  }
}

function exclusively<T>(work: () => T): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks === undefined) return Promise.resolve(work());
  return locks.request(LOCK_NAME, () => work());
}

/** The Idempotency-Key for this intent now: the one every tab shares while it is open, else a new one. */
export function claimPayKey(intentId: string, newKey: () => string): Promise<string> {
  return exclusively(() => {
    const claimed = claimIntent(readBook(), intentId, Date.now(), newKey);
    writeBook(claimed.book);
    return claimed.key;
  });
}

/** The intent's outcome is known: its key is let go after the prevent-double-click interval. */
export function settlePayKey(intentId: string, key: string): Promise<void> {
  return exclusively(() => writeBook(settleIntent(readBook(), intentId, key, Date.now())));
}
