/**
 * The answers the notice feature reads, narrowed from `unknown` (a field of the wrong kind
 * reads as absent, never as a crash):
 * - `noticeV2/get/info` -> `{notice: {content, updatedAt} | null}` (server/live/roomPageRoutes.ts);
 * - `contract/{id}` -> `{enabled, title, content, version}`: the viewing terms (guide) the room
 *   asks viewers to accept before watching; `enabled: false` means the room has none.
 */

export interface RoomNotice {
  readonly content: string;
  /** When the notice was last changed (ms); a changed notice is shown again after a dismissal. */
  readonly updatedAt: number;
}

export interface Contract {
  readonly title: string;
  readonly content: string;
  /** A new version is asked for again, even from a viewer who accepted an older one. */
  readonly version: number;
}

/** The server stores at most 2,000 characters; more is cut rather than trusted. */
export const NOTICE_MAX_CHARS = 2000;
/** Terms longer than this are cut (the dialog scrolls; a runaway answer must not hang the page). */
export const CONTRACT_MAX_CHARS = 20_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

export function readNotice(data: unknown): RoomNotice | null {
  const notice = isRecord(data) ? data.notice : null;
  if (!isRecord(notice) || typeof notice.content !== 'string') return null;
  const content = notice.content.trim();
  if (content === '') return null;
  const updatedAt = typeof notice.updatedAt === 'number' && Number.isFinite(notice.updatedAt) ? notice.updatedAt : 0;
  return { content: cut(content, NOTICE_MAX_CHARS), updatedAt };
}

/** The terms to accept, or null when the room has none (disabled, empty or unreadable). */
export function readContract(data: unknown): Contract | null {
  if (!isRecord(data) || data.enabled !== true) return null;
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  const content = typeof data.content === 'string' ? data.content.trim() : '';
  if (title === '' && content === '') return null;
  const version = typeof data.version === 'number' && Number.isSafeInteger(data.version) ? data.version : 0;
  return { title: cut(title, 200), content: cut(content, CONTRACT_MAX_CHARS), version };
}
