/**
 * The answers the counts bar reads, narrowed from `unknown` field by field (a field of the
 * wrong kind reads as absent, never as a crash):
 * - `webcast/total` and `praise/count`: `{online, praise}` (server/live/countsRoutes.ts);
 * - `praise/{webcastId}/custom/images`: `{images: [url...]}`, only http(s) kept;
 * - `setting/other`: `{showOnline, showPraise}`, whether the room shows them (default yes).
 */
import { safeUrl } from '../../realtime/chatEntry';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const countOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

export interface CountsAnswer {
  readonly online: number | null;
  readonly praise: number | null;
}

export function readCounts(data: unknown): CountsAnswer {
  const record = isRecord(data) ? data : {};
  return { online: countOf(record.online), praise: countOf(record.praise) };
}

/** More than this many custom images is more than a like button can use. */
export const PRAISE_IMAGES_KEPT = 10;

/**
 * The room's custom praise images: http(s) or root-relative addresses only (the room-state
 * rule of the realtime layer: no other scheme, no control characters, no "//host" tricks).
 */
export function readPraiseImages(data: unknown): readonly string[] {
  const list = isRecord(data) && Array.isArray(data.images) ? data.images : [];
  const out: string[] = [];
  for (const item of list) {
    const url = safeUrl(item);
    if (url !== null && !out.includes(url)) out.push(url);
    if (out.length === PRAISE_IMAGES_KEPT) break;
  }
  return out;
}

export interface CountsDisplay {
  readonly showOnline: boolean;
  readonly showPraise: boolean;
}

export const SHOW_ALL: CountsDisplay = { showOnline: true, showPraise: true };

export function readCountsDisplay(data: unknown): CountsDisplay {
  const record = isRecord(data) ? data : {};
  return {
    showOnline: typeof record.showOnline === 'boolean' ? record.showOnline : true,
    showPraise: typeof record.showPraise === 'boolean' ? record.showPraise : true,
  };
}
