/**
 * The paper feature's own channel from its list of the room's papers (PaperList) to its card
 * (PaperCard, which owns the answering flow and its dialog): "show this paper". A module of
 * the feature, not a store: nothing outside the feature asks.
 */
type Listener = (paperId: string) => void;

const listeners = new Map<string, Set<Listener>>();

/** Asks the room's paper card to show `paperId` (read it, then open it to answer or to review). */
export function requestPaper(roomId: string, paperId: string): void {
  for (const listener of listeners.get(roomId) ?? []) listener(paperId);
}

/** Listens for requests in a room; returns the unsubscribe. */
export function onPaperRequest(roomId: string, listener: Listener): () => void {
  let set = listeners.get(roomId);
  if (set === undefined) {
    set = new Set();
    listeners.set(roomId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(roomId);
  };
}
