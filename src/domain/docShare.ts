/**
 * Document sharing as the viewer follows it (resource host: doc share info). The room says
 * what is shared now, stamped with when the host last changed it; the viewer reads it again
 * and again while the page is in view, so answers can arrive out of order: an answer older
 * than the one shown is dropped, and the newest always wins.
 *
 *   none ──shared──▶ sharing(doc, page) ──page turned──▶ sharing(doc, page')
 *                        ╰──stopped──▶ stopped ("no sharing content") ──shared──▶ sharing
 */

export interface SharedPage {
  readonly docId: string;
  readonly title: string;
  readonly pages: number;
  readonly page: number;
  /** The page's file on the resource host, as the room gives it. */
  readonly url: string;
}

export type ShareView =
  | { readonly kind: 'none' }
  | { readonly kind: 'sharing'; readonly doc: SharedPage; readonly whiteboard: boolean; readonly updatedAt: number }
  | { readonly kind: 'stopped'; readonly updatedAt: number };

export const NO_SHARE: ShareView = { kind: 'none' };

/** One answer of the room: what is shared (null: nothing), and when that was set. */
export interface ShareRead {
  readonly doc: SharedPage | null;
  readonly whiteboard: boolean;
  readonly updatedAt: number;
}

const stamp = (view: ShareView): number => (view.kind === 'none' ? -Infinity : view.updatedAt);

/**
 * The view after an answer: an older answer changes nothing; "nothing shared" before anything
 * was ever shared stays none (a room that never shares shows no document region at all).
 */
export function followShare(view: ShareView, read: ShareRead): ShareView {
  if (read.updatedAt < stamp(view)) return view;
  if (read.doc !== null) {
    if (view.kind === 'sharing' && view.updatedAt === read.updatedAt && view.doc.docId === read.doc.docId && view.doc.page === read.doc.page && view.whiteboard === read.whiteboard) return view;
    return { kind: 'sharing', doc: read.doc, whiteboard: read.whiteboard, updatedAt: read.updatedAt };
  }
  if (view.kind === 'none') return view;
  return view.kind === 'stopped' && view.updatedAt === read.updatedAt ? view : { kind: 'stopped', updatedAt: read.updatedAt };
}

/** How often the page reads the share again while it is in view (a tab in the background waits). */
export const SHARE_READ_INTERVAL_MS = 3000;
