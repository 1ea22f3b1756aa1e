/**
 * The worker's conversation archive in the browser: one IndexedDB record per login (server
 * and user), through idb-keyval. What the record holds is read back by
 * conversations.ts readArchivedConversations, which trusts none of it. Where IndexedDB is
 * missing or refused (a private window of some browsers), the books live only as long as
 * the worker.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { ConversationArchive } from '../realtime/conversationBook';

const DATABASE = 'webcast-conversations';
const STORE = 'books';

export function indexedDbArchive(): ConversationArchive | null {
  if (typeof indexedDB === 'undefined') return null;
  let store: UseStore;
  try {
    store = createStore(DATABASE, STORE);
  } catch {
    return null;
  }
  return {
    load: (key) => get(key, store),
    save: (key, value) => set(key, value, store),
  };
}
