/** The sessions of a series (agg/relation/list), narrowed from `unknown`: a row without an id is left out; at most 50. */
export interface SeriesRoom {
  readonly webcastId: string;
  readonly title: string;
  /** 0 not started, 1 preparing, 2 live, 3 ended; null when unknown. */
  readonly status: 0 | 1 | 2 | 3 | null;
  /** Epoch ms, or null. */
  readonly startTime: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readSeries(data: unknown): SeriesRoom[] {
  const list = isRecord(data) && Array.isArray(data.rooms) ? data.rooms : [];
  return list.slice(0, 50).flatMap((item): SeriesRoom[] => {
    if (!isRecord(item)) return [];
    const id = typeof item.webcastId === 'string' || typeof item.webcastId === 'number' ? String(item.webcastId) : '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return [];
    const status = item.status === 0 || item.status === 1 || item.status === 2 || item.status === 3 ? item.status : null;
    const start = item.startTime;
    return [{ webcastId: id, title: typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim().slice(0, 100) : id, status, startTime: typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : null }];
  });
}
