/**
 * The last steps of every login (live_login, agg, disposable): was the account removed
 * from the room (4003), is there room for one more viewer, then one transaction that spends what the login used and opens the session, then
 * the account's older sessions end (push 9004 to their sockets).
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { lockKey, type StoreQueries } from '../store/sqlStore.js';
import { BizError } from '../http/envelope.js';
import { endOtherSessions } from '../socket/sessionsEnd.js';
import { isAddressSignalled, isKicked, isOriginKicked } from '../chat/kicks.js';
import { countedAddress, type LoginOrigin } from '../auth/loginOrigin.js';
import { isStaff } from '../../src/domain/roles';
import type { Entrant } from './credentials.js';
import { isEnded, type Room } from './rooms.js';
import { entryState } from './state.js';


/** A session counts as a viewer present in its room while used within this window. */
export const PRESENCE_WINDOW_MS = 5 * 60 * 1000;

/** PROTOCOL 1.3 login data, plus the name shown for the user and when the token expires. */
export interface LoginAnswer {
  readonly token: string;
  readonly sid: string;
  readonly userId: string;
  readonly role: number;
  readonly ws: string;
  readonly name: string;
  readonly nameChanged: boolean;
  readonly enterType: string;
  readonly expiresAt: number;
}

/** Viewers (not staff) present in a room, other than `exceptUserId`. */
export async function viewersPresent(q: StoreQueries, now: number, webcastId: string, exceptUserId: string | null): Promise<number> {
  const rows = await sql<{ n: number }>`SELECT COUNT(DISTINCT user_id) AS n FROM sessions
    WHERE webcast_id = ${webcastId} AND ended = 0 AND expires_at > ${now} AND last_used_at > ${now - PRESENCE_WINDOW_MS}
      AND role NOT IN (6, 7, 8) AND user_id != ${exceptUserId ?? ''}`.execute(q);
  return Number(rows.rows[0]?.n ?? 0);
}

/**
 * Room full (4007) while live, replay concurrency full (4008) once ended. Staff always fit.
 * Runs in the login's transaction `tx` holding the room's count, so the last seat goes to
 * one of two logins at once, on any node.
 */
async function assertRoomHasSpace(ctx: ServerContext, tx: StoreQueries, room: Room, entrant: Entrant): Promise<void> {
  if (isStaff(entrant.role)) return;
  const limit = isEnded(room) ? room.replayCapacity : room.capacity;
  if (limit === null) return;
  await lockKey(tx, `capacity:${room.id}`);
  if ((await viewersPresent(tx, ctx.now(), room.id, entrant.account?.id ?? null)) >= limit) throw new BizError(isEnded(room) ? 4008 : 4007);
}

/**
 * Someone removed from the room (push 7127 kick) stays out while the kick lasts: 4003. An
 * account is known by its account; any viewer also by the device the kicked one used.
 * Staff are the room's own and never kept out by a device or address.
 *
 * A new guest from an address a kicked guest used lately (the signal of chat/kicks.ts)
 * must bring a device id (4003 without: only a script leaves it out) and spends from a
 * slow rate for that address (4203): the kicked one cannot come back as guest after guest,
 * and colleagues behind the same office address still get in.
 */
export async function assertNotKicked(ctx: ServerContext, room: Room, entrant: Entrant, origin: LoginOrigin): Promise<void> {
  const now = ctx.now();
  const q = ctx.store.db;
  if (entrant.account && (await isKicked(q, room.id, entrant.account.id, now))) throw new BizError(4003);
  if (isStaff(entrant.role)) return;
  if (await isOriginKicked(q, room.id, origin, now)) throw new BizError(4003);
  const address = countedAddress(origin);
  if (entrant.account !== null || address === null || !(await isAddressSignalled(q, room.id, address, now))) return;
  if (origin.deviceId === null) throw new BizError(4003, 'you have been removed from the room: a new guest from this address must come from a browser');
  entryState(ctx).signalledGuests.take(`${room.id}\n${address}`);
}

/**
 * A login that makes a new user (a guest) spends from its address's rate: 500 guest logins
 * from one address in 3 s made 500 user rows (loopback left alone: countedAddress).
 */
function spendNewGuest(ctx: ServerContext, entrant: Entrant, origin: LoginOrigin): void {
  const address = countedAddress(origin);
  if (entrant.account === null && address !== null) entryState(ctx).newGuests.take(address);
}

export async function admit(ctx: ServerContext, room: Room, entrant: Entrant, enterType: string, ws: string, origin: LoginOrigin): Promise<LoginAnswer> {
  await assertNotKicked(ctx, room, entrant, origin);
  const { user, session } = await ctx.store.db.transaction().execute(async (tx) => {
    await assertRoomHasSpace(ctx, tx, room, entrant);
    // Spent only once the room has a seat: a full room does not eat an address's guests.
    spendNewGuest(ctx, entrant, origin);
    const entered = await entrant.commit(tx);
    return { user: entered, session: await ctx.sessions.create(entered.id, room.id, entrant.role, enterType, origin, tx) };
  });
  if (entrant.exclusive) await endOtherSessions(ctx, user.id, session.token);
  return {
    token: session.token,
    sid: session.sid,
    userId: user.id,
    role: session.role,
    ws,
    name: user.name,
    nameChanged: user.nameChanged,
    enterType,
    expiresAt: session.expiresAt,
  };
}
