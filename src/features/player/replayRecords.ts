/**
 * The room's recordings (record list, paged with skip and take), narrowed from `unknown`: a
 * recording without a playable address (http(s) or a same-origin path) is left out.
 */
import { safeMediaUrl } from './sources';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

export const RECORDS_PAGE = 10;

export interface ReplayRecord {
  readonly id: string;
  readonly title: string;
  readonly durationMs: number | null;
  readonly url: string;
  readonly createdAt: number | null;
  /** When its session went live: the recording's time zero, from which its chat replays; null: not known. */
  readonly startedAt: number | null;
}

export interface RecordsPage {
  readonly total: number;
  readonly records: readonly ReplayRecord[];
}

export function readRecordsPage(data: unknown): RecordsPage {
  if (!isRecord(data) || !Array.isArray(data.list)) return { total: 0, records: [] };
  const records = data.list.slice(0, 100).flatMap((r): ReplayRecord[] => {
    if (!isRecord(r)) return [];
    const id = typeof r.id === 'number' || typeof r.id === 'string' ? String(r.id) : null;
    const url = safeMediaUrl(r.url);
    if (id === null || id === '' || url === null) return [];
    return [{ id, title: typeof r.title === 'string' && r.title.length <= 200 ? r.title : '', durationMs: whole(r.durationMs), url, createdAt: whole(r.createdAt), startedAt: whole(r.startedAt) }];
  });
  return { total: Math.max(whole(data.total) ?? 0, records.length), records };
}

/** mm:ss, or h:mm:ss for an hour or more. */
export function durationText(ms: number): string {
  const total = Math.round(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(total % 60)}` : `${two(m)}:${two(total % 60)}`;
}
