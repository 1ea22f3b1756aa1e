/**
 * What the console reads from the room server, narrowed from unknown JSON: the room's title
 * and live status (GET webcast/{id}), and the mic users with their states (voip/users,
 * voip/host). Bad fields are dropped, never thrown.
 */
import { MIC_PHASES, type MicPhase } from '../../domain/connectMic';
import { LIVE_STATUS } from '../../domain/constants';

export type LiveStatus = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];

export interface ConsoleRoom {
  readonly title: string;
  readonly status: LiveStatus | null;
  readonly introduction: string;
}

export interface MicUser {
  readonly uid: string;
  readonly name: string;
  readonly state: Exclude<MicPhase, 'idle'>;
}

export interface MicDeskData {
  readonly open: boolean;
  readonly users: readonly MicUser[];
}

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const LIVE_CODES: readonly number[] = Object.values(LIVE_STATUS);

export function readConsoleRoom(data: unknown): ConsoleRoom {
  const room = record(data) ?? {};
  const status = room.status;
  return {
    title: typeof room.title === 'string' ? room.title : '',
    status: typeof status === 'number' && LIVE_CODES.includes(status) ? (status as LiveStatus) : null,
    introduction: typeof room.introduction === 'string' ? room.introduction : '',
  };
}

const id = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null);

export function readMicDesk(data: unknown): MicDeskData {
  const body = record(data) ?? {};
  const users: MicUser[] = [];
  for (const item of Array.isArray(body.users) ? body.users : []) {
    const user = record(item);
    const uid = id(user?.uid);
    const state = user?.state;
    if (user === null || uid === null || typeof state !== 'string' || state === 'idle' || !(MIC_PHASES as readonly string[]).includes(state)) continue;
    users.push({ uid, name: typeof user.name === 'string' && user.name !== '' ? user.name : uid, state: state as MicUser['state'] });
  }
  return { open: body.open === true, users };
}

/** A chat message waiting for review (chat/pending): who sent it and what it says. */
export interface PendingMessage {
  readonly msgId: string;
  readonly name: string;
  readonly text: string;
}

export function readPending(data: unknown): PendingMessage[] {
  const list = record(data)?.list;
  const out: PendingMessage[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const msgId = id(row?.msgId);
    const body = record(row?.body);
    if (row === null || msgId === null) continue;
    const name = typeof body?.name === 'string' && body.name !== '' ? body.name : (id(row.uid) ?? '');
    const text = typeof body?.body === 'string' ? body.body : '';
    out.push({ msgId, name, text });
  }
  return out;
}

/** Someone in a result list (a sign-in, a grab): who, and the amount for a grab. */
export interface ResultPerson {
  readonly uid: string;
  readonly name: string;
  readonly amount: string | null;
}

export interface RollCallResult {
  readonly id: string | null;
  readonly deadline: number | null;
  readonly people: readonly ResultPerson[];
}

function people(list: unknown): ResultPerson[] {
  const out: ResultPerson[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const uid = id(row?.uid);
    if (row === null || uid === null) continue;
    out.push({ uid, name: typeof row.name === 'string' && row.name !== '' ? row.name : uid, amount: typeof row.amount === 'string' ? row.amount : null });
  }
  return out;
}

export function readSignIns(data: unknown): RollCallResult {
  const body = record(data) ?? {};
  const call = record(body.rollCall);
  return { id: id(call?.id), deadline: typeof call?.deadline === 'number' ? call.deadline : null, people: people(body.signIns) };
}

export interface RedPacketResult {
  readonly id: string | null;
  readonly total: string;
  readonly count: number;
  readonly people: readonly ResultPerson[];
}

export function readGrabs(data: unknown): RedPacketResult {
  const body = record(data) ?? {};
  const packet = record(body.redPacket);
  return {
    id: id(packet?.id),
    total: typeof packet?.total === 'string' ? packet.total : '',
    count: typeof packet?.count === 'number' ? packet.count : 0,
    people: people(body.grabs),
  };
}

export interface PendingQuestion {
  readonly qaId: string;
  readonly name: string;
  readonly content: string;
}

export function readQaPending(data: unknown): PendingQuestion[] {
  const out: PendingQuestion[] = [];
  const list = record(data)?.list;
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const qaId = id(row?.qaId);
    if (row === null || qaId === null) continue;
    out.push({ qaId, name: typeof row.name === 'string' ? row.name : '', content: typeof row.content === 'string' ? row.content : '' });
  }
  return out;
}

/** What the room shares now (the share call's answer): the document's page and pages, the whiteboard. */
export interface ShareNow {
  readonly sharing: boolean;
  /** The shared document's id ('' when none). */
  readonly docId: string;
  readonly title: string;
  readonly page: number;
  readonly pages: number;
  readonly whiteboard: boolean;
}

export function readShare(data: unknown): ShareNow {
  const body = record(data) ?? {};
  const doc = record(body.doc);
  const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 1);
  return {
    sharing: body.sharing === true && doc !== null,
    docId: id(doc?.id) ?? '',
    title: typeof doc?.title === 'string' ? doc.title : '',
    page: count(doc?.page),
    pages: count(doc?.pages),
    whiteboard: record(body.whiteboard)?.open === true,
  };
}

export type SignupState = 'pending' | 'passed' | 'failed';
const SIGNUP_STATES: readonly string[] = ['pending', 'passed', 'failed'];

/** A sign-up of the room (host/rooms/{id}/signups): who, how to reach them, where the audit stands. */
export interface Signup {
  readonly uid: string;
  readonly name: string;
  /** The phone or e-mail the viewer signed up with ('' when neither). */
  readonly contact: string;
  readonly state: SignupState;
}

export interface Chapter {
  readonly id: string;
  readonly at: number;
  readonly title: string;
}

/** The room's chapters (host chapters list), oldest first. */
export function readChapters(data: unknown): Chapter[] {
  const list = record(data)?.list;
  return (Array.isArray(list) ? list : []).flatMap((value: unknown) => {
    const c = record(value);
    return c !== null && (typeof c.id === 'number' || typeof c.id === 'string') && typeof c.at === 'number' && typeof c.title === 'string' ? [{ id: String(c.id), at: c.at, title: c.title }] : [];
  });
}

export function readSignups(data: unknown): Signup[] {
  const out: Signup[] = [];
  const list = record(data)?.signups;
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const uid = id(row?.uid);
    const state = row?.state;
    if (row === null || uid === null || typeof state !== 'string' || !SIGNUP_STATES.includes(state)) continue;
    const contact = [row.phone, row.email].find((v): v is string => typeof v === 'string' && v !== '') ?? '';
    // The name the viewer gave on the form first (the account's may be a generated one).
    const given = record(row.answers)?.name;
    const name = [given, row.name].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? uid;
    out.push({ uid, name, contact, state: state as SignupState });
  }
  return out;
}

/** A viewer a kick keeps out (host/rooms/{id}/kicks): until when (null: until readmitted), and the reason given. */
export interface KickedUser {
  readonly uid: string;
  readonly name: string;
  readonly reason: string;
  readonly until: number | null;
}

export function readKicks(data: unknown): KickedUser[] {
  const out: KickedUser[] = [];
  const list = record(data)?.list;
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const uid = id(row?.userId);
    if (row === null || uid === null) continue;
    out.push({
      uid,
      name: typeof row.name === 'string' && row.name !== '' ? row.name : uid,
      reason: typeof row.text === 'string' ? row.text : '',
      until: typeof row.until === 'number' && Number.isFinite(row.until) ? row.until : null,
    });
  }
  return out;
}

/** A guessing alarm of the room (host/rooms/{id}/guessing): what is guessed, how much, since when. */
export interface RoomGuessing {
  readonly kind: 'password' | 'memberCode';
  readonly failures: number;
  readonly guessers: number;
  readonly minutes: number;
  readonly since: number | null;
}

/** The alarms in force; nothing for an answer of another shape. */
export function readGuessing(data: unknown): RoomGuessing[] {
  const out: RoomGuessing[] = [];
  const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);
  for (const kind of ['password', 'memberCode'] as const) {
    const alarm = record(record(data)?.[kind]);
    if (alarm?.active !== true) continue;
    out.push({
      kind,
      failures: count(alarm.failures),
      guessers: count(alarm.guessers),
      minutes: Math.max(1, Math.round(count(alarm.windowSeconds) / 60)),
      since: typeof alarm.since === 'number' && Number.isFinite(alarm.since) ? alarm.since : null,
    });
  }
  return out;
}

/** Where the host's encoder sends the stream (stream/push/url): an RTMP address and the room's key. */
export interface PushAddress {
  readonly url: string;
  readonly streamKey: string;
}

export function readPushAddress(data: unknown): PushAddress | null {
  const row = record(data);
  const url = row?.url;
  const streamKey = row?.streamKey;
  // Only an RTMP(S) address is one an encoder takes; anything else is not shown.
  if (typeof url !== 'string' || typeof streamKey !== 'string' || !/^rtmps?:\/\/[^\s]+$/i.test(url) || streamKey === '') return null;
  return { url, streamKey };
}

/** The room's Q&A switch (qa/switch): 'on', 'off' or 'unopened'; null when unreadable. */
export function readQaSwitchState(data: unknown): 'on' | 'off' | 'unopened' | null {
  const state = record(data)?.state;
  return state === 'on' || state === 'off' || state === 'unopened' ? state : null;
}

/** A recommendation the host may push (recommend/find): its id and title. */
export interface RecommendationMatch {
  readonly id: string;
  readonly title: string;
}

/** The matches of recommend/find, at most 50; a row without an id is left out. */
export function readRecommendationMatches(data: unknown): RecommendationMatch[] {
  const list = record(data)?.list;
  const out: RecommendationMatch[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const found = id(row?.id);
    if (row === null || found === null) continue;
    out.push({ id: found, title: typeof row.title === 'string' && row.title.trim() !== '' ? row.title.trim().slice(0, 200) : found });
    if (out.length === 50) break;
  }
  return out;
}

/** A document of the room's cloud storage (share/v1/cloud/info): what the host may share. */
export interface CloudDocument {
  readonly id: string;
  readonly title: string;
  readonly pages: number;
}

/** The room's documents; a row without an id or a page count is left out; at most 50. */
export function readCloudDocuments(data: unknown): CloudDocument[] {
  const list = record(data)?.list;
  const out: CloudDocument[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const row = record(item);
    const docId = id(row?.id);
    const pages = row?.pages;
    if (row === null || docId === null || typeof pages !== 'number' || !Number.isSafeInteger(pages) || pages < 1) continue;
    out.push({ id: docId, title: typeof row.title === 'string' && row.title.trim() !== '' ? row.title.trim().slice(0, 200) : docId, pages });
    if (out.length === 50) break;
  }
  return out;
}
