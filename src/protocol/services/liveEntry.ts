/**
 * The live service calls a first visit of the guide page makes (SPEC 7.1): the room's
 * information, its login page's resources and its series, the login, the stored login's
 * refresh and the nickname, with the login's
 * answer. The client binds these at once; the rest of the live table (live.ts, which
 * includes these) loads with its first call, so the guide page's script does not carry it
 * (issue 5's budget).
 */
import { callMakers, type Id } from '../calls';

const { get, post } = callMakers('live');

/** PROTOCOL 1.3: what a successful login answers. */
export interface LoginData {
  readonly token: string;
  readonly sid: string;
  readonly userId: string;
  readonly role: number;
  /** Realtime socket address. */
  readonly ws: string;
  /** The viewer's nickname as the server knows it (the reference server answers it). */
  readonly name?: string;
  /** False while the nickname is the server-assigned one (SPEC 5: set before mic or lottery). */
  readonly nameChanged?: boolean;
}

/**
 * Login (PROTOCOL 1.3). `type: 'guest'` with a name is the minimum; other login types
 * (password, member code, phone, email, sign-up, enterprise messaging, QR) add their fields
 * to the same call. The optional field names are ours (SPEC does not show them).
 */
export interface LoginInput {
  readonly webcastId: Id;
  readonly type: string;
  readonly name?: string;
  readonly password?: string;
  readonly memberCode?: string;
  readonly phone?: string;
  readonly smsCode?: string;
  readonly email?: string;
  readonly emailCode?: string;
  /** Authorisation code of enterprise messaging, a QR scan login or a third-party app. */
  readonly code?: string;
  /** The third-party app whose code `code` is (type third). */
  readonly appCode?: string;
  /** SPEC 5: the privacy agreement was ticked; rooms that require it answer 4107 without it. */
  readonly privacyAccepted?: boolean;
}
export const LOGIN_FIELDS = ['webcastId', 'type', 'name', 'password', 'memberCode', 'phone', 'smsCode', 'email', 'emailCode', 'code', 'appCode', 'privacyAccepted'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The client cannot go on without token, sid and socket address: check them. */
export function decodeLoginData(data: unknown): LoginData {
  if (!isRecord(data)) throw new Error('login: data is not an object');
  const token = text(data.token);
  const sid = text(data.sid);
  const userId = text(data.userId);
  const ws = text(data.ws);
  const role = typeof data.role === 'number' ? data.role : Number(data.role);
  if (!token || !sid || userId === null || ws === null || !Number.isInteger(role)) {
    throw new Error('login: data lacks token, sid, userId, role or ws');
  }
  const name = typeof data.name === 'string' ? { name: data.name } : {};
  const nameChanged = typeof data.nameChanged === 'boolean' ? { nameChanged: data.nameChanged } : {};
  return { token, sid, userId, role, ws, ...name, ...nameChanged };
}

export const LIVE_ENTRY_CALLS = {
  roomInfo: get<{ readonly id: Id }>('/ccp/monitor/v2/webcast/{id}', ['id']),
  login: post<LoginInput, LoginData>('/ccp/monitor/v2/live_login', LOGIN_FIELDS, { decode: decodeLoginData }),
  refreshSession: get<{ token: string; sid: string; webcastId: Id }>('/ccp/monitor/v2/webcast/user/refresh', ['token', 'sid', 'webcastId']),
  updateName: get<{ name: string }>('/ccp/monitor/v2/webcast/user/update_name/{name}', ['name']),
  loginResource: get<{ readonly id: Id }>('/ccp/monitor/v2/login/resource/{id}', ['id']),
  /** chosen path */
  aggRelationList: get<{ aggId: Id }>('/ccp/monitor/v2/agg/relation/list', ['aggId']),
} as const;
