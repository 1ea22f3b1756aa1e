/**
 * What each login type asks for and who it lets in. A check reads the request and the
 * store and throws the gate's code when the answer is no (PROTOCOL 3); it writes nothing
 * that a later refusal should undo: what a successful login spends (an SMS code, an
 * authorisation code, a QR ticket) is spent by `commit`, inside the login transaction.
 */
import type { LoginInput } from '../../src/protocol/services/live';
import type { ServerContext } from '../context.js';
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
  readonly commit: () => UserRecord;
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
function accountEntrant(ctx: ServerContext, user: UserRecord, request: LoginRequest, spend: () => void, role: number = ROLE.guest): Entrant {
  const name = chosenName(request);
  return {
    account: user,
    role,
    exclusive: true,
    commit: () => {
      spend();
      if (name !== undefined) renameUser(ctx.db, user.id, name);
      return findUser(ctx.db, user.id) ?? user;
    },
  };
}

function guestEntrant(ctx: ServerContext, request: LoginRequest): Entrant {
  const name = chosenName(request);
  return {
    account: null,
    role: ROLE.guest,
    exclusive: false,
    commit: () => createUser(ctx.db, ctx.now(), name === undefined ? {} : { chosenName: name }),
  };
}

const nothing = (): void => undefined;

function watchPasswordHash(ctx: ServerContext, webcastId: string): string | null {
  const row = ctx.db.prepare('SELECT watch_password_hash AS h FROM room_secrets WHERE webcast_id = ?').get(webcastId) as
    | { h: string | null }
    | undefined;
  return row?.h ?? null;
}

/**
 * The watch password check shared by the login and the password-check call (4103). scrypt
 * runs on the thread pool, so a login never stalls the socket fan-out.
 */
export async function checkWatchPassword(ctx: ServerContext, room: Room, password: string, origin: LoginOrigin): Promise<void> {
  await entryState(ctx).limiter.guard(guessFrom('password', room.id, origin), [4103], async () => {
    const hash = watchPasswordHash(ctx, room.id);
    if (hash === null || !(await verifyPasswordAsync(password, hash))) throw new BizError(4103);
  });
}

/** A verified phone (SMS code checked, not yet spent) and the commit that spends the code. */
function verifiedPhone(ctx: ServerContext, request: LoginRequest): { phone: string; spend: () => void } {
  const phone = phoneField('phone', request.phone);
  const code = smsCodeField('smsCode', request.smsCode);
  const codes = entryState(ctx).codes;
  codes.verify('sms', phone, code, false);
  return { phone, spend: () => codes.verify('sms', phone, code, true) };
}

const CHECKS: Readonly<Record<LoginType, Check>> = {
  guest: ({ ctx, request }) => guestEntrant(ctx, request),

  password: async ({ ctx, room, request, origin }) => {
    await checkWatchPassword(ctx, room, present('password', request.password), origin);
    return guestEntrant(ctx, request);
  },

  memberCode: async ({ ctx, room, request, origin }) => {
    const code = present('memberCode', request.memberCode).trim();
    const user = await entryState(ctx).limiter.guard(guessFrom('member', room.id, origin), [4102], () => {
      const row = ctx.db.prepare('SELECT user_id FROM member_codes WHERE webcast_id = ? AND code = ?').get(room.id, code) as
        | { user_id: string }
        | undefined;
      const member = row ? findUser(ctx.db, row.user_id) : null;
      if (!member) throw new BizError(4102);
      return member;
    });
    return accountEntrant(ctx, user, request, nothing);
  },

  phone: ({ ctx, request }) => {
    const { phone, spend } = verifiedPhone(ctx, request);
    return accountEntrant(ctx, userOfPhone(ctx.db, ctx.now(), phone), request, spend);
  },

  email: ({ ctx, request }) => {
    const email = emailField('email', request.email);
    const code = emailCodeField('emailCode', request.emailCode);
    const codes = entryState(ctx).codes;
    codes.verify('email', email, code, false);
    return accountEntrant(ctx, userOfEmail(ctx.db, ctx.now(), email), request, () => codes.verify('email', email, code, true));
  },

  signup: ({ ctx, room, request }) => {
    const { phone, spend } = verifiedPhone(ctx, request);
    const signup = signupByPhone(ctx.db, room.id, phone);
    assertSignupPassed(signup);
    const user = signup ? findUser(ctx.db, signup.userId) : null;
    if (!user) throw new BizError(4104);
    return accountEntrant(ctx, user, request, spend);
  },

  vip: ({ ctx, request }) => {
    const { phone, spend } = verifiedPhone(ctx, request);
    const user = findUserByPhone(ctx.db, phone);
    if (!user?.vip) throw new BizError(4010);
    return accountEntrant(ctx, user, request, spend);
  },

  whitelist: ({ ctx, room, request }) => {
    const { phone, spend } = verifiedPhone(ctx, request);
    const listed = ctx.db.prepare('SELECT 1 FROM room_whitelist WHERE webcast_id = ? AND phone = ?').get(room.id, phone);
    if (!listed) throw new BizError(4009);
    return accountEntrant(ctx, userOfPhone(ctx.db, ctx.now(), phone), request, spend);
  },

  enterprise: ({ ctx, room, request }) => {
    const code = present('code', request.code);
    const account = peekCode(ctx.db, ctx.now(), 'workwx', code);
    // Enterprise-internal: only employees of the room's corp (SPEC 6).
    if (!room.settings.enterprise.corpId || account.org !== room.settings.enterprise.corpId) throw new BizError(4009);
    const user = userOfIdentity(ctx.db, ctx.now(), 'workwx', account.accountId, account);
    return accountEntrant(ctx, user, request, () => {
      consumeCode(ctx.db, ctx.now(), 'workwx', code);
    });
  },

  third: ({ ctx, room, request }) => {
    const code = present('code', request.code);
    const { appCode } = room.settings.thirdParty;
    // The code must be the room's own app's: another app's users are not the organiser's.
    if (appCode === '' || request.appCode !== appCode) throw invalid('appCode', "must be the room's third-party app");
    const account = peekCode(ctx.db, ctx.now(), 'third', code, appCode);
    const user = userOfIdentity(ctx.db, ctx.now(), 'third', account.accountId, account);
    return accountEntrant(ctx, user, request, () => {
      consumeCode(ctx.db, ctx.now(), 'third', code, appCode);
    });
  },

  qrScan: ({ ctx, room, request }) => {
    const code = present('code', request.code);
    const qr = new QrLogins(ctx.db, ctx.now);
    const ticket = qr.ofLoginCode(room.id, code);
    const account = findAccount(ctx.db, 'wx', ticket.accountId ?? '');
    if (!account) throw new BizError(4302);
    const user = userOfIdentity(ctx.db, ctx.now(), 'wx', account.accountId, account);
    return accountEntrant(ctx, user, request, () => qr.use(ticket));
  },

  staff: async ({ ctx, room, request, origin }) => {
    const loginName = present('name', request.name);
    const password = present('password', request.password);
    const user = await entryState(ctx).limiter.guard(guessFrom('staff', room.id, origin), [4104], async () => {
      const row = ctx.db
        .prepare('SELECT user_id, password_hash FROM room_staff WHERE webcast_id = ? AND login_name = ?')
        .get(room.id, loginName) as { user_id: string; password_hash: string } | undefined;
      const staff = row && (await verifyPasswordAsync(password, row.password_hash)) ? findUser(ctx.db, row.user_id) : null;
      if (!staff) throw new BizError(4104);
      return staff;
    });
    // `name` was the login name here, not a nickname to set.
    return accountEntrant(ctx, user, { ...request, name: undefined }, nothing, user.role);
  },
};

export const checkCredentials = async (input: CheckInput): Promise<Entrant> => CHECKS[input.request.type](input);
