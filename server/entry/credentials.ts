/**
 * What each login type asks for and who it lets in. A check reads the request and the
 * store and throws the gate's code when the answer is no (PROTOCOL 3); it writes nothing
 * that a later refusal should undo: what a successful login spends (an SMS code, an
 * authorisation code, a QR ticket) is spent by `commit`, inside the login transaction.
 */
import type { LoginInput } from '../../src/protocol/services/live';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { StoreQueries } from '../store/sqlStore.js';
import { BizError, invalid } from '../http/envelope.js';
import { verifyPasswordAsync } from '../directory/passwords.js';
import { ROLE } from '../../src/domain/roles';
import type { LoginType } from './gates.js';
import type { Room } from './rooms.js';
import { entryState } from './state.js';
import { guessFrom } from '../auth/failureLimiter.js';
import type { LoginOrigin } from '../auth/loginOrigin.js';
import { emailCodeField, emailField, nicknameField, phoneField, present, smsCodeField } from './fields.js';
import {
  createUser,
  findUser,
  findUserByPhone,
  renameUser,
  userOfEmail,
  userOfIdentity,
  userOfPhone,
  type UserRecord,
} from './users.js';
import { assertSignupPassed, signupByPhone } from './signups.js';
import { consumeCode, findAccount, peekCode } from './sim/providers.js';
import { QrLogins } from './qrLogin.js';

/**
 * The live_login body: the client's call input (src/protocol/services/live.ts, one contract for
 * both sides), narrowed to what the route's JSON schema guarantees.
 */
export type LoginRequest = Omit<LoginInput, 'webcastId' | 'type'> & {
  readonly webcastId: string;
  readonly type: LoginType;
};

export interface Entrant {
  /** The account logging in; null for a guest, who is created by `commit`. */
  readonly account: UserRecord | null;
  readonly role: number;
  /**
   * The login is an account's (phone, email, member code, enterprise or social account,
   * staff): its other live sessions end (push 9004). A guest is a new user every time.
   */
  readonly exclusive: boolean;
  /**
   * Spends what the login used and answers the user who enters; runs in the login
   * transaction and may still refuse.
   */
  readonly commit: (tx: StoreQueries) => Promise<UserRecord>;
}

export interface CheckInput {
  readonly ctx: ServerContext;
  readonly room: Room;
  readonly request: LoginRequest;
  /** Who is asking (the address and device), for the guessing limiter. */
  readonly origin: LoginOrigin;
}

type Check = (input: CheckInput) => Entrant | Promise<Entrant>;

/** The name a viewer typed at login, checked by the nickname rules; undefined when none. */
const chosenName = (request: LoginRequest): string | undefined =>
  request.name === undefined || request.name === '' ? undefined : nicknameField('name', request.name);

/** An account login that also sets the name typed with it. */
type Spend = (tx: StoreQueries) => Promise<unknown>;

function accountEntrant(user: UserRecord, request: LoginRequest, spend: Spend, role: number = ROLE.guest): Entrant {
  const name = chosenName(request);
  return {
    account: user,
    role,
    exclusive: true,
    commit: async (tx) => {
      await spend(tx);
      if (name !== undefined) await renameUser(tx, user.id, name);
      return (await findUser(tx, user.id)) ?? user;
    },
  };
}

function guestEntrant(ctx: ServerContext, request: LoginRequest): Entrant {
  const name = chosenName(request);
  return {
    account: null,
    role: ROLE.guest,
    exclusive: false,
    commit: (tx) => createUser(tx, ctx.now(), name === undefined ? {} : { chosenName: name }),
  };
}

const nothing: Spend = async () => undefined;

async function watchPasswordHash(ctx: ServerContext, webcastId: string): Promise<string | null> {
  const rows = await sql<{ h: string | null }>`SELECT watch_password_hash AS h FROM room_secrets WHERE webcast_id = ${webcastId}`.execute(ctx.store.db);
  return rows.rows[0]?.h ?? null;
}

/**
 * The watch password check shared by the login and the password-check call (4103). scrypt
 * runs on the thread pool, so a login never stalls the socket fan-out.
 */
export async function checkWatchPassword(ctx: ServerContext, room: Room, password: string, origin: LoginOrigin): Promise<void> {
  await entryState(ctx).limiter.guard(guessFrom('password', room.id, origin), [4103], async () => {
    const hash = await watchPasswordHash(ctx, room.id);
    if (hash === null || !(await verifyPasswordAsync(password, hash))) throw new BizError(4103);
  });
}

/** A verified phone (SMS code checked, not yet spent) and the commit that spends the code. */
async function verifiedPhone(ctx: ServerContext, request: LoginRequest): Promise<{ phone: string; spend: Spend }> {
  const phone = phoneField('phone', request.phone);
  const code = smsCodeField('smsCode', request.smsCode);
  const codes = entryState(ctx).codes;
  await codes.verify('sms', phone, code, false);
  return { phone, spend: (tx) => codes.verify('sms', phone, code, true, tx) };
}

const CHECKS: Readonly<Record<LoginType, Check>> = {
  guest: ({ ctx, request }) => guestEntrant(ctx, request),

  password: async ({ ctx, room, request, origin }) => {
    await checkWatchPassword(ctx, room, present('password', request.password), origin);
    return guestEntrant(ctx, request);
  },

  memberCode: async ({ ctx, room, request, origin }) => {
    const code = present('memberCode', request.memberCode).trim();
    const user = await entryState(ctx).limiter.guard(guessFrom('member', room.id, origin), [4102], async () => {
      const row = (await sql<{ user_id: string }>`SELECT user_id FROM member_codes WHERE webcast_id = ${room.id} AND code = ${code}`.execute(ctx.store.db))
        .rows[0];
      const member = row ? await findUser(ctx.store.db, row.user_id) : null;
      if (!member) throw new BizError(4102);
      return member;
    });
    return accountEntrant(user, request, nothing);
  },

  phone: async ({ ctx, request }) => {
    const { phone, spend } = await verifiedPhone(ctx, request);
    return accountEntrant(await userOfPhone(ctx.store.db, ctx.now(), phone), request, spend);
  },

  email: async ({ ctx, request }) => {
    const email = emailField('email', request.email);
    const code = emailCodeField('emailCode', request.emailCode);
    const codes = entryState(ctx).codes;
    await codes.verify('email', email, code, false);
    return accountEntrant(await userOfEmail(ctx.store.db, ctx.now(), email), request, (tx) => codes.verify('email', email, code, true, tx));
  },

  signup: async ({ ctx, room, request }) => {
    const { phone, spend } = await verifiedPhone(ctx, request);
    const signup = await signupByPhone(ctx.store.db, room.id, phone);
    assertSignupPassed(signup);
    const user = signup ? await findUser(ctx.store.db, signup.userId) : null;
    if (!user) throw new BizError(4104);
    return accountEntrant(user, request, spend);
  },

  vip: async ({ ctx, request }) => {
    const { phone, spend } = await verifiedPhone(ctx, request);
    const user = await findUserByPhone(ctx.store.db, phone);
    if (!user?.vip) throw new BizError(4010);
    return accountEntrant(user, request, spend);
  },

  whitelist: async ({ ctx, room, request }) => {
    const { phone, spend } = await verifiedPhone(ctx, request);
    const listed = await sql`SELECT 1 FROM room_whitelist WHERE webcast_id = ${room.id} AND phone = ${phone}`.execute(ctx.store.db);
    if (listed.rows.length === 0) throw new BizError(4009);
    return accountEntrant(await userOfPhone(ctx.store.db, ctx.now(), phone), request, spend);
  },

  enterprise: async ({ ctx, room, request }) => {
    const code = present('code', request.code);
    const account = await peekCode(ctx.store.db, ctx.now(), 'workwx', code);
    // Enterprise-internal: only employees of the room's corp (SPEC 6).
    if (!room.settings.enterprise.corpId || account.org !== room.settings.enterprise.corpId) throw new BizError(4009);
    const user = await userOfIdentity(ctx.store.db, ctx.now(), 'workwx', account.accountId, account);
    return accountEntrant(user, request, (tx) => consumeCode(tx, ctx.now(), 'workwx', code));
  },

  third: async ({ ctx, room, request }) => {
    const code = present('code', request.code);
    const { appCode } = room.settings.thirdParty;
    // The code must be the room's own app's: another app's users are not the organiser's.
    if (appCode === '' || request.appCode !== appCode) throw invalid('appCode', "must be the room's third-party app");
    const account = await peekCode(ctx.store.db, ctx.now(), 'third', code, appCode);
    const user = await userOfIdentity(ctx.store.db, ctx.now(), 'third', account.accountId, account);
    return accountEntrant(user, request, (tx) => consumeCode(tx, ctx.now(), 'third', code, appCode));
  },

  qrScan: async ({ ctx, room, request }) => {
    const code = present('code', request.code);
    const qr = new QrLogins(ctx.store, ctx.now);
    const ticket = await qr.ofLoginCode(room.id, code);
    const account = await findAccount(ctx.store.db, 'wx', ticket.accountId ?? '');
    if (!account) throw new BizError(4302);
    const user = await userOfIdentity(ctx.store.db, ctx.now(), 'wx', account.accountId, account);
    return accountEntrant(user, request, (tx) => qr.use(tx, ticket));
  },

  staff: async ({ ctx, room, request, origin }) => {
    const loginName = present('name', request.name);
    const password = present('password', request.password);
    const user = await entryState(ctx).limiter.guard(guessFrom('staff', room.id, origin), [4104], async () => {
      const row = (
        await sql<{ user_id: string; password_hash: string }>`SELECT user_id, password_hash FROM room_staff
          WHERE webcast_id = ${room.id} AND login_name = ${loginName}`.execute(ctx.store.db)
      ).rows[0];
      const staff = row && (await verifyPasswordAsync(password, row.password_hash)) ? await findUser(ctx.store.db, row.user_id) : null;
      if (!staff) throw new BizError(4104);
      return staff;
    });
    // `name` was the login name here, not a nickname to set.
    return accountEntrant(user, { ...request, name: undefined }, nothing, user.role);
  },
};

export const checkCredentials = async (input: CheckInput): Promise<Entrant> => CHECKS[input.request.type](input);
