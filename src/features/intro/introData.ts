/**
 * The introduction tab's view of the room info answer (GET webcast/{id}, see
 * server/entry/roomInfo.ts): title, start time, live status and the introduction text.
 * Narrowed from `unknown` field by field: a field of the wrong kind reads as absent.
 */
import { LIVE_STATUS, type LiveStatusName } from '../../domain/constants';
import type { LiveStatusCode } from '../../realtime/roomState';
import { isAssistant, isHost } from '../../domain/roles';
import { safeUrl } from '../../domain/safeUrl';

export interface RoomIntroduction {
  readonly title: string;
  /** Epoch milliseconds; null when not given. */
  readonly startTime: number | null;
  /** PROTOCOL 2.4 7107: 0 not started, 1 preparing, 2 live, 3 ended; null when unknown. */
  readonly status: LiveStatusCode | null;
  /** Plain text, shown as text (line breaks kept), never as markup. */
  readonly introduction: string;
}

/** Longer than any introduction a room shows; keeps a runaway answer from flooding the tab. */
export const INTRODUCTION_MAX_CHARS = 20_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STATUSES: readonly number[] = Object.values(LIVE_STATUS);

export function readStatus(value: unknown): LiveStatusCode | null {
  return typeof value === 'number' && STATUSES.includes(value) ? (value as LiveStatusCode) : null;
}

export function readIntroduction(info: unknown): RoomIntroduction {
  const record = isRecord(info) ? info : {};
  const start = record.startTime;
  const text = typeof record.introduction === 'string' ? record.introduction.trim() : '';
  return {
    title: typeof record.title === 'string' ? record.title.trim() : '',
    startTime: typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : null,
    status: readStatus(record.status),
    introduction: text.length > INTRODUCTION_MAX_CHARS ? `${text.slice(0, INTRODUCTION_MAX_CHARS)}…` : text,
  };
}

const STATUS_NAMES = Object.keys(LIVE_STATUS) as LiveStatusName[];

/** The status's name, for the i18n keys `liveStatus.*`. */
export const statusName = (status: LiveStatusCode): LiveStatusName | null => STATUS_NAMES.find((name) => LIVE_STATUS[name] === status) ?? null;

/** One of the room's staff (webcast/user/list): who presents and who helps. */
export interface StaffMember {
  readonly uid: string;
  readonly name: string;
  readonly role: 'host' | 'assistant';
  /** http(s) or same-origin only (domain/safeUrl), else null. */
  readonly avatar: string | null;
}

/** At most this many are shown: a list the server sends longer is cut, never a flood. */
export const STAFF_MAX = 50;

/** The staff answer narrowed: hosts first, then assistants; a row without a name or a staff role is dropped. */
export function readStaff(data: unknown): StaffMember[] {
  const list = isRecord(data) ? data.users : null;
  const out: StaffMember[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    if (!isRecord(item)) continue;
    const uid = typeof item.uid === 'string' || typeof item.uid === 'number' ? String(item.uid) : '';
    const name = typeof item.name === 'string' ? item.name.trim() : '';
    const code = typeof item.role === 'number' ? item.role : NaN;
    const role = isHost(code) ? 'host' : isAssistant(code) ? 'assistant' : null;
    if (uid === '' || name === '' || role === null) continue;
    out.push({ uid, name, role, avatar: safeUrl(item.headImgUrl) });
    if (out.length === STAFF_MAX) break;
  }
  return out.sort((a, b) => (a.role === b.role ? 0 : a.role === 'host' ? -1 : 1));
}
