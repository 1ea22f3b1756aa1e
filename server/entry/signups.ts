/**
 * Sign-up with approval (SPEC 4 "Sign-up audit": under review, passed, failed). A viewer
 * answers the room's form (SPEC 5: required fields, email and phone formats); the phone
 * (or, on a form without one, the email) is who they are. With approval on, a sign-up
 * waits for the host's audit (admin API); otherwise it passes at once. Logging in to a
 * sign-up room reads the state: pending -> 4011, failed -> 4012, passed -> in.
 */
import { sql } from 'kysely';
import { changedRows, lockKey, type SqlStore, type StoreQueries } from '../store/sqlStore.js';
import { BizError, invalid } from '../http/envelope.js';
import type { SignField } from './roomSettings.js';
import type { Room } from './rooms.js';
import { checked } from './fields.js';
import { validateEmail, validatePhone } from '../../src/domain/contact';
import { userOfEmail, userOfPhone } from './users.js';

export const SIGNUP_STATES = ['pending', 'passed', 'failed'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

export const ANSWER_MAX = 200;

export type Answers = Readonly<Record<string, string>>;

/** The answers as key -> text: an object, or a list of {key, value}. */
function answerMap(raw: unknown): Map<string, unknown> {
  if (Array.isArray(raw)) {
    const map = new Map<string, unknown>();
    raw.forEach((item: unknown, i) => {
      if (typeof item !== 'object' || item === null || typeof (item as { key?: unknown }).key !== 'string') {
        throw invalid(`answers[${i}]`, 'must be {key, value}');
      }
      const { key, value } = item as { key: string; value?: unknown };
      map.set(key, value);
    });
    return map;
  }
  if (typeof raw === 'object' && raw !== null) return new Map(Object.entries(raw));
  throw invalid('answers', 'must be an object of answers by field key');
}

/** Checks answers against the room's form; answers what is kept, phones and emails normalised. */
export function validateAnswers(fields: readonly SignField[], raw: unknown): Answers {
  const given = answerMap(raw);
  for (const key of given.keys()) {
    if (!fields.some((f) => f.key === key)) throw invalid(`answers.${key}`, 'is not a field of this form');
  }
  const out: Record<string, string> = {};
  for (const field of fields) {
    const name = `answers.${field.key}`;
    const value = given.get(field.key);
    if (value !== undefined && value !== null && typeof value !== 'string' && typeof value !== 'number') {
      throw invalid(name, 'must be text');
    }
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '') {
      if (field.required) throw invalid(name, 'is required');
      continue;
    }
    if ([...text].length > ANSWER_MAX) throw invalid(name, `must have at most ${ANSWER_MAX} characters`);
    if (field.kind === 'phone') out[field.key] = checked(name, validatePhone(text));
    else if (field.kind === 'email') out[field.key] = checked(name, validateEmail(text));
    else out[field.key] = text;
  }
  return out;
}

export interface SignupIdentity {
  readonly phone: string | null;
  readonly email: string | null;
}

/** Who signed up: the first phone answer, else the first email answer. */
export function identityOf(fields: readonly SignField[], answers: Answers): SignupIdentity {
  const firstOf = (kind: SignField['kind']): string | null =>
    fields.filter((f) => f.kind === kind).map((f) => answers[f.key]).find((v): v is string => v !== undefined) ?? null;
  const phone = firstOf('phone');
  const email = firstOf('email');
  if (phone === null && email === null) {
    const key = fields.find((f) => f.kind === 'phone')?.key ?? fields.find((f) => f.kind === 'email')?.key;
    throw key ? invalid(`answers.${key}`, 'is required to sign up') : invalid('answers', 'this form asks for no phone or email');
  }
  return { phone, email };
}

export interface SignupRecord {
  readonly userId: string;
  readonly state: SignupState;
  readonly phone: string | null;
  readonly email: string | null;
  readonly answers: Answers;
  readonly createdAt: number;
  readonly auditedAt: number | null;
}

interface SignupRow {
  user_id: string;
  state: SignupState;
  phone: string | null;
  email: string | null;
  answers: string;
  created_at: number;
  audited_at: number | null;
}

const toRecord = (r: SignupRow): SignupRecord => ({
  userId: r.user_id,
  state: r.state,
  phone: r.phone,
  email: r.email,
  answers: JSON.parse(r.answers) as Answers,
  createdAt: r.created_at,
  auditedAt: r.audited_at,
});

const SIGNUP_COLUMNS = sql.raw('user_id, state, phone, email, answers, created_at, audited_at');

export async function signupByPhone(q: StoreQueries, webcastId: string, phone: string): Promise<SignupRecord | null> {
  const row = (await sql<SignupRow>`SELECT ${SIGNUP_COLUMNS} FROM signups WHERE webcast_id = ${webcastId} AND phone = ${phone}`.execute(q)).rows[0];
  return row ? toRecord(row) : null;
}

export async function signupByEmail(q: StoreQueries, webcastId: string, email: string): Promise<SignupRecord | null> {
  const row = (
    await sql<SignupRow>`SELECT ${SIGNUP_COLUMNS} FROM signups WHERE webcast_id = ${webcastId} AND lower(email) = lower(${email})`.execute(q)
  ).rows[0];
  return row ? toRecord(row) : null;
}

export async function signupOfUser(q: StoreQueries, webcastId: string, userId: string): Promise<SignupRecord | null> {
  const row = (await sql<SignupRow>`SELECT ${SIGNUP_COLUMNS} FROM signups WHERE webcast_id = ${webcastId} AND user_id = ${userId}`.execute(q)).rows[0];
  return row ? toRecord(row) : null;
}

export async function listSignups(q: StoreQueries, webcastId: string): Promise<SignupRecord[]> {
  const rows = await sql<SignupRow>`SELECT ${SIGNUP_COLUMNS} FROM signups WHERE webcast_id = ${webcastId} ORDER BY created_at, user_id`.execute(q);
  return rows.rows.map(toRecord);
}

/**
 * A sign-up, or the one already made with the same phone or address (pending: its answers
 * updated). The transaction holds the room's phone or address, so the same person signing
 * up twice at once (two tabs, two nodes) makes one sign-up and one user.
 */
export function submitSignup(store: SqlStore, now: number, room: Room, answers: Answers): Promise<SignupRecord> {
  const fields = room.settings.signup.fields;
  const who = identityOf(fields, answers);
  return store.db.transaction().execute(async (tx) => {
    await lockKey(tx, `signup:${room.id}:${who.phone ?? (who.email ?? '').toLowerCase()}`);
    const existing = who.phone !== null ? await signupByPhone(tx, room.id, who.phone) : await signupByEmail(tx, room.id, who.email ?? '');
    if (existing) {
      if (existing.state === 'pending') {
        await sql`UPDATE signups SET answers = ${JSON.stringify(answers)} WHERE webcast_id = ${room.id} AND user_id = ${existing.userId}`.execute(tx);
        return { ...existing, answers };
      }
      return existing;
    }
    const user = who.phone !== null ? await userOfPhone(tx, now, who.phone) : await userOfEmail(tx, now, who.email ?? '');
    const state: SignupState = room.settings.signup.approval ? 'pending' : 'passed';
    await sql`INSERT INTO signups (webcast_id, user_id, phone, email, answers, state, created_at, audited_at)
      VALUES (${room.id}, ${user.id}, ${who.phone}, ${who.email}, ${JSON.stringify(answers)}, ${state}, ${now}, ${state === 'passed' ? now : null})`.execute(tx);
    return (await signupOfUser(tx, room.id, user.id))!;
  });
}

export async function auditSignup(q: StoreQueries, now: number, webcastId: string, userId: string, state: 'passed' | 'failed'): Promise<SignupRecord> {
  const changed = await sql`UPDATE signups SET state = ${state}, audited_at = ${now} WHERE webcast_id = ${webcastId} AND user_id = ${userId}`.execute(q);
  if (changedRows(changed) !== 1) throw invalid('uid', 'has not signed up for this room');
  return (await signupOfUser(q, webcastId, userId))!;
}

export function assertSignupPassed(record: SignupRecord | null): void {
  if (!record) throw new BizError(4009, 'sign up for this room first');
  if (record.state === 'pending') throw new BizError(4011);
  if (record.state === 'failed') throw new BizError(4012);
}
