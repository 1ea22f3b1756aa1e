/**
 * The doc share info answer (resource host), narrowed from `unknown`: `{sharing, doc: {id,
 * title, pages, page, url} | null, updatedAt}`; the whiteboard info `{open}`. A malformed
 * document reads as nothing shared, never a crash.
 */
import type { ShareRead, SharedPage } from '../../domain/docShare';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

function readDoc(value: unknown): SharedPage | null {
  if (!isRecord(value)) return null;
  const { id, title, url } = value;
  const pages = whole(value.pages);
  const page = whole(value.page);
  if (typeof id !== 'string' || id === '' || id.length > 128 || typeof url !== 'string' || url.length > 2000 || pages === null || page === null || page < 1 || page > pages) return null;
  return { docId: id, title: typeof title === 'string' && title.length <= 200 ? title : '', pages, page, url };
}

export function readShareInfo(data: unknown, whiteboard: unknown = null): ShareRead | null {
  if (!isRecord(data)) return null;
  const updatedAt = whole(data.updatedAt) ?? 0;
  const doc = data.sharing === true ? readDoc(data.doc) : null;
  return { doc, whiteboard: isRecord(whiteboard) && whiteboard.open === true, updatedAt };
}

/** What the room shares at all (SPEC 7.1 cloud setting): documents, the whiteboard. */
export interface CloudSetting {
  readonly docShare: boolean;
  readonly whiteboard: boolean;
}

/** The room's cloud setting; a field that is not a yes or no reads as yes (the share info then says). */
export function readCloudSetting(data: unknown): CloudSetting {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return { docShare: body.docShare !== false, whiteboard: body.whiteboard !== false };
}
