/**
 * The poster answers, narrowed from `unknown`: the viewer and the room a poster shows
 * (poster guest info), the template's words and colours, the viewer's poster (its invite
 * URL, http(s) only), and the invite ranking with the viewer's own place.
 */
import { isColour } from '../../domain/colour';
import { safeUrl } from '../../domain/safeUrl';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');
const countOf = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

export interface PosterFacts {
  readonly name: string;
  readonly roomTitle: string;
  /** ms since the epoch, or null. */
  readonly startTime: number | null;
  readonly coverUrl: string | null;
  readonly invitedCount: number;
}

export function readPosterFacts(value: unknown): PosterFacts | null {
  if (!isRecord(value) || !isRecord(value.room)) return null;
  const start = value.room.startTime;
  return {
    name: textOf(value.name, 40),
    roomTitle: textOf(value.room.title, 100),
    startTime: typeof start === 'number' && Number.isSafeInteger(start) && start > 0 ? start : null,
    coverUrl: safeUrl(value.room.coverUrl),
    invitedCount: countOf(value.invitedCount),
  };
}

export interface PosterLook {
  readonly title: string;
  readonly text: string;
  readonly colour: string;
  readonly background: string;
}

export function readPosterLook(value: unknown): PosterLook {
  const content = isRecord(value) && isRecord(value.content) ? value.content : {};
  return {
    title: textOf(content.title, 40),
    text: textOf(content.text, 200),
    colour: isColour(content.colour) ? content.colour : '#2081eb',
    background: isColour(content.background) ? content.background : '#ffffff',
  };
}

export function readTemplateId(value: unknown): string | null {
  return isRecord(value) && typeof value.id === 'string' && value.id.length > 0 && value.id.length <= 128 ? value.id : null;
}

export function readInviteUrl(value: unknown): string | null {
  const url = isRecord(value) ? safeUrl(value.inviteUrl) : null;
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

export interface RankRow {
  readonly rank: number;
  readonly uid: string;
  readonly name: string;
  readonly count: number;
}

export interface Ranking {
  readonly list: readonly RankRow[];
  readonly mine: { readonly rank: number | null; readonly count: number };
}

export function readRanking(value: unknown): Ranking {
  if (!isRecord(value)) return { list: [], mine: { rank: null, count: 0 } };
  const list = (Array.isArray(value.list) ? value.list : []).slice(0, 100).flatMap((row): RankRow[] => {
    if (!isRecord(row) || typeof row.uid !== 'string') return [];
    const rank = countOf(row.rank);
    return rank === 0 ? [] : [{ rank, uid: row.uid, name: textOf(row.name, 40), count: countOf(row.count) }];
  });
  const mine = isRecord(value.mine) ? value.mine : {};
  const rank = countOf(mine.rank);
  return { list, mine: { rank: rank === 0 ? null : rank, count: countOf(mine.count) } };
}

/** One of the viewer's own posters (poster/custom/list, custom/create): its look and invite URL. */
export interface CustomPoster {
  readonly id: string;
  readonly look: PosterLook;
  readonly inviteUrl: string;
}

/** The server's limits on a custom poster's words (server/interact/posters/content.ts), checked before sending. */
export const CUSTOM_POSTER_LIMITS = { title: 40, text: 200 } as const;

/** One custom poster answer; null without an id or an http(s) invite URL. */
export function readCustomPoster(value: unknown): CustomPoster | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '' || value.id.length > 128) return null;
  const inviteUrl = readInviteUrl(value);
  return inviteUrl === null ? null : { id: value.id, look: readPosterLook(value), inviteUrl };
}

/** The viewer's custom posters, newest first as the server lists them; at most 50. */
export function readCustomPosters(value: unknown): CustomPoster[] {
  const list = isRecord(value) && Array.isArray(value.list) ? value.list : [];
  return list.slice(0, 50).flatMap((item) => readCustomPoster(item) ?? []);
}
