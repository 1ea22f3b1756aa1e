/**
 * Connect-mic (SPEC 4, PROTOCOL 2.5): per room whether the host accepts applications, per
 * room and viewer the state machine of machine.ts, and the pushes each transition sends.
 * State lives in the store (mic_rooms, mic_states), so a restart keeps it: viewers who come
 * back within the reconnect grace find their mic as they left it (push 4201), the others
 * are disconnected as on any network loss.
 *
 * Pushes: 4101 applied, 4103 accepted, 4105 rejected, 4107 connected, 4109 disconnected
 * (`by`: viewer, host, network, kicked), 4111 requests open/closed, 4113 queue, 4133 invite,
 * 4201 snapshot; the call-room control pushes of callRoom.ts alongside.
 */
import { encodeFrame, type FrameBody } from '../../src/protocol/frame';
import { KICK_DEFAULT_REASON } from '../../src/domain/constants';
import { isStaff } from '../../src/domain/roles';
import type { Session } from '../auth/sessions.js';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { lockKey, type StoreQueries } from '../store/sqlStore.js';
import { invalid } from '../http/envelope.js';
import { pushExpectingAck } from '../socket/acks.js';
import type { ConnectedClient } from '../socket/clients.js';
import { CALL_ROOM } from './callRoom.js';
import { isOnMic, nextMicState, type MicEvent, type MicState } from './machine.js';

/** A viewer whose last socket closed keeps their mic this long, so a reconnect (2 s) is not a loss. */
export const MIC_RECONNECT_GRACE_MS = 10_000;

export interface MicOptions {
  readonly reconnectGraceMs?: number;
}

export interface MicUser {
  readonly uid: string;
  readonly name: string;
  readonly headImgUrl: string;
  readonly state: Exclude<MicState, 'idle'>;
  readonly since: number;
}

export type DisconnectedBy = 'viewer' | 'host' | 'network' | 'kicked';

/** What the host side does to one viewer's mic: the admin API, `npm run room` and the console all call hostAct. */
export const HOST_MIC_ACTIONS = ['accept', 'reject', 'invite', 'hangup'] as const;
export type HostMicAction = (typeof HOST_MIC_ACTIONS)[number];

const key = (webcastId: string, uid: string): string => `${webcastId}\n${uid}`;

/** The viewers connected on the mic, with their names (4113 and 4201 `onMic`). */
const connectedOf = (all: readonly MicUser[]): { uid: string; name: string }[] => all.filter((u) => u.state === 'connected').map((u) => ({ uid: u.uid, name: u.name }));

/** Who is in the call room: the viewers connecting or connected. */
const membersOf = (all: readonly MicUser[]): Array<{ uid: string; name: string; state: MicState }> =>
  all.filter((u) => isOnMic(u.state)).map((u) => ({ uid: u.uid, name: u.name, state: u.state }));

export class MicService {
  private readonly graceMs: number;
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  /** Set by close(): no grace starts after it (the store is about to close). */
  private closed = false;

  constructor(
    private readonly ctx: ServerContext,
    options: MicOptions = {},
  ) {
    this.graceMs = options.reconnectGraceMs ?? MIC_RECONNECT_GRACE_MS;
    ctx.clients.onAdded((client) => this.inBackground('a socket joining', this.clientAdded(client)));
    ctx.clients.onRemoved((client) => this.inBackground('a socket leaving', this.clientRemoved(client)));
    ctx.clients.onPeerLost(() => this.inBackground('a node lost', this.adoptOrphans()));
    // After a restart nobody is connected yet: everyone on the mic gets the grace to come back.
    this.inBackground('the restart grace', this.graceForEveryone());
  }

  private async graceForEveryone(): Promise<void> {
    for (const { webcastId, uid } of await this.everyoneOnMic()) this.startGrace(webcastId, uid);
  }

  /** Work started by an event with nobody to answer (a socket, a timer): its failure is logged, never thrown. */
  private inBackground(what: string, work: Promise<void>): void {
    work.catch((error: unknown) => console.error(`connect-mic: ${what} failed:`, error));
  }

  // ---- reading ----

  async requestsOpen(webcastId: string): Promise<boolean> {
    const row = (await sql<{ open: number }>`SELECT requests_open AS open FROM mic_rooms WHERE webcast_id = ${webcastId}`.execute(this.ctx.store.db)).rows[0];
    return row?.open === 1;
  }

  async stateOf(webcastId: string, uid: string, q: StoreQueries = this.ctx.store.db): Promise<MicState> {
    const row = (await sql<{ state: MicState }>`SELECT state FROM mic_states WHERE webcast_id = ${webcastId} AND user_id = ${uid}`.execute(q)).rows[0];
    return row?.state ?? 'idle';
  }

  /** Everyone of the room who is not idle, in the order they got there. */
  async users(webcastId: string): Promise<MicUser[]> {
    return (
      await sql<MicUser>`SELECT m.user_id AS uid, COALESCE(u.name, m.user_id) AS name, COALESCE(u.head_img_url, '') AS "headImgUrl", m.state, m.since
        FROM mic_states m LEFT JOIN users u ON u.id = m.user_id WHERE m.webcast_id = ${webcastId} ORDER BY m.since, m.user_id`.execute(this.ctx.store.db)
    ).rows;
  }

  // ---- the host side ----

  /** 4111 to the room; closing drops waiting applications (4105) and closes the call room (6125). */
  async setRequestsOpen(webcastId: string, open: boolean): Promise<void> {
    await this.requireRoom(webcastId);
    await sql`INSERT INTO mic_rooms (webcast_id, requests_open, updated_at) VALUES (${webcastId}, ${open ? 1 : 0}, ${this.ctx.now()})
      ON CONFLICT (webcast_id) DO UPDATE SET requests_open = excluded.requests_open, updated_at = excluded.updated_at`.execute(this.ctx.store.db);
    this.toRoom(webcastId, 4111, { webcastId, open });
    this.control(this.staffClients(webcastId), CALL_ROOM.roomAttributes, { webcastId, attr: { open } });
    if (open) return;
    for (const user of (await this.users(webcastId)).filter((u) => u.state === 'applying')) {
      await this.move(webcastId, user.uid, 'requestsClosed');
      this.toUser(webcastId, user.uid, 4105, { webcastId, uid: user.uid, reason: 'requests closed' });
    }
    await this.queueChanged(webcastId);
    this.control(await this.callRoomClients(webcastId), CALL_ROOM.closed, { webcastId });
  }

  /** 4103 to the applicant, with who accepted (`from`: the staff user, 'host' for the admin API). */
  async accept(webcastId: string, uid: string, from = 'host'): Promise<void> {
    await this.requireRoom(webcastId);
    await this.move(webcastId, uid, 'accept');
    this.toUser(webcastId, uid, 4103, { webcastId, uid, from });
    await this.queueChanged(webcastId);
    await this.membersChanged(webcastId);
  }

  async reject(webcastId: string, uid: string): Promise<void> {
    await this.requireRoom(webcastId);
    await this.move(webcastId, uid, 'reject');
    this.toUser(webcastId, uid, 4105, { webcastId, uid, reason: 'rejected' });
    await this.queueChanged(webcastId);
  }

  /** Push 4133 (acknowledged with 4134) to the viewer, who is then connecting. */
  async invite(webcastId: string, uid: string, from: string): Promise<void> {
    await this.requireRoom(webcastId);
    const viewers = this.ctx.clients.ofUserInRoom(uid, webcastId);
    if (viewers.length === 0) throw invalid('uid', 'that viewer is not connected to the room');
    if (viewers.some((c) => isStaff(c.role))) throw invalid('uid', 'the host and assistants are not invited to the mic');
    await this.move(webcastId, uid, 'invite');
    for (const client of viewers) pushExpectingAck(client, 4133, { webcastId, uid, from }, this.ctx.now());
    this.control(this.staffClients(webcastId), CALL_ROOM.invited, { webcastId, uid, from });
    await this.queueChanged(webcastId);
    await this.membersChanged(webcastId);
  }

  /** The host side ends a viewer's mic (SPEC 6: "remove mic users"). */
  async hangupByHost(webcastId: string, uid: string, kickReason: number = KICK_DEFAULT_REASON): Promise<void> {
    await this.requireRoom(webcastId);
    await this.move(webcastId, uid, 'hangup');
    await this.disconnected(webcastId, uid, 'host');
    this.control(this.ctx.clients.ofUserInRoom(uid, webcastId), CALL_ROOM.removed, {
      webcastId,
      users: [uid],
      kick_reason: kickReason,
    });
  }

  /** The viewer was removed from the room: whatever their mic was, it ends. */
  async userKicked(webcastId: string, uid: string): Promise<void> {
    this.cancelGrace(webcastId, uid);
    if ((await this.stateOf(webcastId, uid)) === 'idle') return;
    await this.move(webcastId, uid, 'kicked');
    await this.disconnected(webcastId, uid, 'kicked');
  }

  /** A host-side action on `uid`'s mic by `by` (a staff user id, or 'host' for the admin API). */
  async hostAct(webcastId: string, uid: string, action: HostMicAction, by: string): Promise<MicState> {
    if (action === 'accept') await this.accept(webcastId, uid, by);
    else if (action === 'reject') await this.reject(webcastId, uid);
    else if (action === 'invite') await this.invite(webcastId, uid, by);
    else await this.hangupByHost(webcastId, uid);
    return this.stateOf(webcastId, uid);
  }

  // ---- the viewer ----

  /** voip/apply type 1. */
  async apply(session: Session): Promise<MicState> {
    const { webcastId, userId: uid } = session;
    if (isStaff(session.role)) throw invalid('role', 'the host and assistants do not apply for the mic');
    if (!(await this.requestsOpen(webcastId))) throw invalid('type', 'mic requests are closed by the host');
    const user = (await sql<{ nameChanged: number }>`SELECT name_changed AS "nameChanged" FROM users WHERE id = ${uid}`.execute(this.ctx.store.db)).rows[0];
    if (!user || user.nameChanged !== 1) throw invalid('name', 'set your nickname before applying to connect-mic');
    if (this.ctx.clients.ofUserInRoom(uid, webcastId).length === 0) {
      throw invalid('socket', 'connect to the room socket before applying (mic signalling goes over it)');
    }
    const state = await this.move(webcastId, uid, 'apply');
    const sender = (await this.users(webcastId)).find((u) => u.uid === uid);
    this.toStaff(webcastId, 4101, { webcastId, uid, name: sender?.name ?? uid, headImgUrl: sender?.headImgUrl ?? '' });
    await this.queueChanged(webcastId);
    return state;
  }

  /** voip/apply type 2. */
  async cancel(session: Session): Promise<MicState> {
    const { webcastId, userId: uid } = session;
    const state = await this.move(webcastId, uid, 'cancel');
    this.control(this.staffClients(webcastId), CALL_ROOM.applicationCancelled, { webcastId, uid });
    await this.queueChanged(webcastId);
    return state;
  }

  /** voip/reply: 1 confirm (media up -> connected), 2 decline, 3 hang up. */
  async reply(session: Session, event: 'confirm' | 'decline' | 'hangup'): Promise<MicState> {
    const { webcastId, userId: uid } = session;
    const wasInvited = await this.wasInvited(webcastId, uid);
    const state = await this.move(webcastId, uid, event);
    if (wasInvited && event !== 'hangup') {
      this.control(this.staffClients(webcastId), CALL_ROOM.inviteAnswered, { webcastId, uid, accepted: event === 'confirm' });
    }
    if (event === 'confirm') {
      const body = { webcastId, uid };
      this.toUser(webcastId, uid, 4107, body);
      this.toStaff(webcastId, 4107, body);
      await this.queueChanged(webcastId);
      this.control(await this.callRoomClients(webcastId), CALL_ROOM.memberJoined, body);
      await this.membersChanged(webcastId);
    } else {
      await this.disconnected(webcastId, uid, 'viewer');
    }
    return state;
  }

  private async wasInvited(webcastId: string, uid: string, q: StoreQueries = this.ctx.store.db): Promise<boolean> {
    const row = (await sql<{ invited: number }>`SELECT invited FROM mic_states WHERE webcast_id = ${webcastId} AND user_id = ${uid}`.execute(q)).rows[0];
    return row?.invited === 1;
  }

  // ---- signalling ----

  /**
   * 4115/4117/4119 relay: a viewer on the mic talks to the host side, the host side to a
   * viewer on the mic. Returns the target's sockets in the room.
   */
  async relayTargets(webcastId: string, fromUid: string, fromRole: number, toUid: string | null): Promise<ConnectedClient[]> {
    if (toUid === null) {
      // A viewer on the mic does not know who of the host side listens: all of them hear the offer.
      if (isStaff(fromRole)) throw invalid('to', 'required');
      if (!isOnMic(await this.stateOf(webcastId, fromUid))) throw invalid('webcastId', 'you are not on the mic');
      const staff = this.staffClients(webcastId);
      if (staff.length === 0) throw invalid('to', 'signalling goes to a connected host or assistant');
      return staff;
    }
    const targets = this.ctx.clients.ofUserInRoom(toUid, webcastId);
    if (isStaff(fromRole)) {
      if (!isOnMic(await this.stateOf(webcastId, toUid))) throw invalid('to', 'that viewer is not on the mic');
      if (targets.length === 0) throw invalid('to', 'that viewer is not connected');
      return targets;
    }
    if (!isOnMic(await this.stateOf(webcastId, fromUid))) throw invalid('webcastId', 'you are not on the mic');
    const staff = targets.filter((c) => isStaff(c.role));
    if (staff.length === 0) throw invalid('to', 'signalling goes to a connected host or assistant');
    return staff;
  }

  // ---- sockets coming and going ----

  private async clientAdded(client: ConnectedClient): Promise<void> {
    const { webcastId, userId: uid } = client;
    this.cancelGrace(webcastId, uid);
    const state = await this.stateOf(webcastId, uid);
    const open = await this.requestsOpen(webcastId);
    const all = await this.users(webcastId);
    const now = this.ctx.now();
    // Every viewer's login gets its mic and whether requests are open (also when idle: a
    // viewer who lost the mic while away learns it here, and a new page whether it may apply).
    if (!isStaff(client.role)) pushExpectingAck(client, 4201, { webcastId, state, open, onMic: connectedOf(all) }, now);
    if (state === 'idle') return;
    pushExpectingAck(client, CALL_ROOM.snapshot, { webcastId, state, users: membersOf(all) }, now);
  }

  private async clientRemoved(client: ConnectedClient): Promise<void> {
    const { webcastId, userId: uid } = client;
    if (this.ctx.clients.ofUserInRoom(uid, webcastId).length > 0) return;
    if ((await this.stateOf(webcastId, uid)) !== 'idle' && this.ctx.clients.ofUserInRoom(uid, webcastId).length === 0) this.startGrace(webcastId, uid);
  }

  /**
   * Another node of the cluster is gone, and with it the grace timers of the viewers whose
   * last socket was there: every viewer on the mic with no socket on any node gets the grace
   * here. (Each surviving node does so; the first whose grace ends moves the mic, the
   * others find it idle.)
   */
  private async adoptOrphans(): Promise<void> {
    for (const { webcastId, uid } of await this.everyoneOnMic()) {
      if (this.graceTimers.has(key(webcastId, uid)) || this.ctx.clients.ofUserInRoom(uid, webcastId).length > 0) continue;
      this.startGrace(webcastId, uid);
    }
  }

  /** Every viewer of every room whose mic is not idle. */
  private async everyoneOnMic(): Promise<{ webcastId: string; uid: string }[]> {
    return (await sql<{ webcastId: string; uid: string }>`SELECT webcast_id AS "webcastId", user_id AS uid FROM mic_states`.execute(this.ctx.store.db)).rows;
  }

  private startGrace(webcastId: string, uid: string): void {
    // A socket's leaving is handled after a store read: at shutdown that can come after close().
    if (this.closed) return;
    this.cancelGrace(webcastId, uid);
    const timer = setTimeout(() => void this.graceEnded(webcastId, uid), this.graceMs);
    timer.unref();
    this.graceTimers.set(key(webcastId, uid), timer);
  }

  private cancelGrace(webcastId: string, uid: string): void {
    const k = key(webcastId, uid);
    const timer = this.graceTimers.get(k);
    if (timer) clearTimeout(timer);
    this.graceTimers.delete(k);
  }

  private async graceEnded(webcastId: string, uid: string): Promise<void> {
    this.graceTimers.delete(key(webcastId, uid));
    try {
      if (this.ctx.clients.ofUserInRoom(uid, webcastId).length > 0) return;
      if ((await this.stateOf(webcastId, uid)) === 'idle') return;
      try {
        await this.move(webcastId, uid, 'networkLost');
      } catch (error) {
        // Another node's grace for the viewer ended first and moved it (adoptOrphans).
        if ((await this.stateOf(webcastId, uid)) === 'idle') return;
        throw error;
      }
      this.control(await this.callRoomClients(webcastId), CALL_ROOM.networkLost, { webcastId, uid });
      await this.disconnected(webcastId, uid, 'network');
    } catch (error) {
      // A timer callback: a throw here would be uncaught.
      console.error('connect-mic network loss handling failed:', error);
    }
  }

  // ---- state and pushes ----

  private async requireRoom(webcastId: string): Promise<void> {
    const room = (await sql<{ deleted: number }>`SELECT deleted FROM rooms WHERE id = ${webcastId}`.execute(this.ctx.store.db)).rows[0];
    if (!room || room.deleted === 1) throw invalid('webcastId', 'no such room');
  }

  /** Applies `event` to the viewer's state and stores it; 4501 when the event is not allowed now. */
  private async move(webcastId: string, uid: string, event: MicEvent): Promise<MicState> {
    // Read and written in one transaction: the nodes of a cluster share the store, and two
    // of them moving one viewer's mic at once must not both start from the same state. The
    // viewer's mic is locked first (PostgreSQL: the row may not exist while idle, so a lock
    // on its key; SQLite: the one writer).
    const { from, to } = await this.ctx.store.db.transaction().execute(async (tx) => {
      await lockKey(tx, `mic\n${webcastId}\n${uid}`);
      const from = await this.stateOf(webcastId, uid, tx);
      const to = nextMicState(from, event);
      if (to === null) throw invalid('type', `cannot ${event} the mic while ${from}`);
      // An invitation is remembered until the mic is up or over (the answer goes to the host side).
      const invited = event === 'invite' || (to === 'connecting' && (await this.wasInvited(webcastId, uid, tx))) ? 1 : 0;
      if (to === 'idle') {
        await sql`DELETE FROM mic_states WHERE webcast_id = ${webcastId} AND user_id = ${uid}`.execute(tx);
      } else {
        await sql`INSERT INTO mic_states (webcast_id, user_id, state, since, invited) VALUES (${webcastId}, ${uid}, ${to}, ${this.ctx.now()}, ${invited})
          ON CONFLICT (webcast_id, user_id) DO UPDATE SET state = excluded.state, since = excluded.since, invited = excluded.invited`.execute(tx);
      }
      return { from, to };
    });
    if (to === 'idle') this.cancelGrace(webcastId, uid);
    if (from !== to) this.memberAttributes(webcastId, uid, to);
    return to;
  }

  /** 4109 to the viewer and the host side, and the call room hears who left. */
  private async disconnected(webcastId: string, uid: string, by: DisconnectedBy): Promise<void> {
    const body = { webcastId, uid, by };
    this.toUser(webcastId, uid, 4109, body);
    this.toStaff(webcastId, 4109, body);
    if (by === 'viewer' || by === 'host') this.control(await this.callRoomClients(webcastId), CALL_ROOM.memberLeft, body);
    await this.queueChanged(webcastId);
    await this.membersChanged(webcastId);
  }

  /**
   * 4113 to the room: the applications waiting (`users`) and who is on the mic now (`onMic`,
   * connected viewers with their names), so every viewer sees who speaks with the host.
   */
  private async queueChanged(webcastId: string): Promise<void> {
    const all = await this.users(webcastId);
    const users = all.filter((u) => u.state === 'applying');
    this.toRoom(webcastId, 4113, { webcastId, users, onMic: connectedOf(all) });
  }

  private async membersChanged(webcastId: string): Promise<void> {
    const members = membersOf(await this.users(webcastId));
    this.control(this.callRoomClientsOf(webcastId, members), CALL_ROOM.membersChanged, { webcastId, users: members });
  }

  private memberAttributes(webcastId: string, uid: string, state: MicState): void {
    this.control(this.staffClients(webcastId), CALL_ROOM.memberAttributes, { webcastId, users: [{ uid, attr: { state } }] });
  }

  private staffClients(webcastId: string): ConnectedClient[] {
    return this.ctx.clients.ofRoom(webcastId).filter((c) => isStaff(c.role));
  }

  /** The host side plus the viewers who are connecting or connected. */
  private async callRoomClients(webcastId: string): Promise<ConnectedClient[]> {
    return this.callRoomClientsOf(webcastId, membersOf(await this.users(webcastId)));
  }

  private callRoomClientsOf(webcastId: string, members: readonly { readonly uid: string }[]): ConnectedClient[] {
    const onMic = new Set(members.map((u) => u.uid));
    return this.ctx.clients.ofRoom(webcastId).filter((c) => isStaff(c.role) || onMic.has(c.userId));
  }

  private control(clients: readonly ConnectedClient[], code: number, body: FrameBody): void {
    const now = this.ctx.now();
    for (const client of clients) pushExpectingAck(client, code, body, now);
  }

  private send(clients: readonly ConnectedClient[], code: number, body: FrameBody): void {
    if (clients.length === 0) return;
    const frame = encodeFrame({ code, body });
    for (const client of clients) client.send(frame);
  }

  private toUser(webcastId: string, uid: string, code: number, body: FrameBody): void {
    this.send(this.ctx.clients.ofUserInRoom(uid, webcastId), code, body);
  }

  private toStaff(webcastId: string, code: number, body: FrameBody): void {
    this.send(this.staffClients(webcastId), code, body);
  }

  private toRoom(webcastId: string, code: number, body: FrameBody): void {
    this.send(this.ctx.clients.ofRoom(webcastId), code, body);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
  }
}
