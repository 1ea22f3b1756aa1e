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
import type { ServerContext } from '../context.js';
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

export class MicService {
  private readonly graceMs: number;
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly ctx: ServerContext,
    options: MicOptions = {},
  ) {
    this.graceMs = options.reconnectGraceMs ?? MIC_RECONNECT_GRACE_MS;
    ctx.clients.onAdded((client) => this.clientAdded(client));
    ctx.clients.onRemoved((client) => this.clientRemoved(client));
    ctx.clients.onPeerLost(() => this.adoptOrphans());
    // After a restart nobody is connected yet: everyone on the mic gets the grace to come back.
    for (const { webcastId, uid } of this.everyoneOnMic()) this.startGrace(webcastId, uid);
  }

  // ---- reading ----

  requestsOpen(webcastId: string): boolean {
    const row = this.ctx.db.prepare('SELECT requests_open AS open FROM mic_rooms WHERE webcast_id = ?').get(webcastId) as { open: number } | undefined;
    return row?.open === 1;
  }

  stateOf(webcastId: string, uid: string): MicState {
    const row = this.ctx.db.prepare('SELECT state FROM mic_states WHERE webcast_id = ? AND user_id = ?').get(webcastId, uid) as
      | { state: MicState }
      | undefined;
    return row?.state ?? 'idle';
  }

  /** Everyone of the room who is not idle, in the order they got there. */
  users(webcastId: string): MicUser[] {
    return this.ctx.db
      .prepare(
        `SELECT m.user_id AS uid, COALESCE(u.name, m.user_id) AS name, COALESCE(u.head_img_url, '') AS headImgUrl, m.state, m.since
         FROM mic_states m LEFT JOIN users u ON u.id = m.user_id WHERE m.webcast_id = ? ORDER BY m.since, m.user_id`,
      )
      .all(webcastId) as MicUser[];
  }

  // ---- the host side ----

  /** 4111 to the room; closing drops waiting applications (4105) and closes the call room (6125). */
  setRequestsOpen(webcastId: string, open: boolean): void {
    this.requireRoom(webcastId);
    this.ctx.db
      .prepare(
        'INSERT INTO mic_rooms (webcast_id, requests_open, updated_at) VALUES (?, ?, ?) ON CONFLICT (webcast_id) DO UPDATE SET requests_open = excluded.requests_open, updated_at = excluded.updated_at',
      )
      .run(webcastId, open ? 1 : 0, this.ctx.now());
    this.toRoom(webcastId, 4111, { webcastId, open });
    this.control(this.staffClients(webcastId), CALL_ROOM.roomAttributes, { webcastId, attr: { open } });
    if (open) return;
    for (const user of this.users(webcastId).filter((u) => u.state === 'applying')) {
      this.move(webcastId, user.uid, 'requestsClosed');
      this.toUser(webcastId, user.uid, 4105, { webcastId, uid: user.uid, reason: 'requests closed' });
    }
    this.queueChanged(webcastId);
    this.control(this.callRoomClients(webcastId), CALL_ROOM.closed, { webcastId });
  }

  /** 4103 to the applicant, with who accepted (`from`: the staff user, 'host' for the admin API). */
  accept(webcastId: string, uid: string, from = 'host'): void {
    this.requireRoom(webcastId);
    this.move(webcastId, uid, 'accept');
    this.toUser(webcastId, uid, 4103, { webcastId, uid, from });
    this.queueChanged(webcastId);
    this.membersChanged(webcastId);
  }

  reject(webcastId: string, uid: string): void {
    this.requireRoom(webcastId);
    this.move(webcastId, uid, 'reject');
    this.toUser(webcastId, uid, 4105, { webcastId, uid, reason: 'rejected' });
    this.queueChanged(webcastId);
  }

  /** Push 4133 (acknowledged with 4134) to the viewer, who is then connecting. */
  invite(webcastId: string, uid: string, from: string): void {
    this.requireRoom(webcastId);
    const viewers = this.ctx.clients.ofUserInRoom(uid, webcastId);
    if (viewers.length === 0) throw invalid('uid', 'that viewer is not connected to the room');
    if (viewers.some((c) => isStaff(c.role))) throw invalid('uid', 'the host and assistants are not invited to the mic');
    this.move(webcastId, uid, 'invite');
    for (const client of viewers) pushExpectingAck(client, 4133, { webcastId, uid, from }, this.ctx.now());
    this.control(this.staffClients(webcastId), CALL_ROOM.invited, { webcastId, uid, from });
    this.queueChanged(webcastId);
    this.membersChanged(webcastId);
  }

  /** The host side ends a viewer's mic (SPEC 6: "remove mic users"). */
  hangupByHost(webcastId: string, uid: string, kickReason: number = KICK_DEFAULT_REASON): void {
    this.requireRoom(webcastId);
    this.move(webcastId, uid, 'hangup');
    this.disconnected(webcastId, uid, 'host');
    this.control(this.ctx.clients.ofUserInRoom(uid, webcastId), CALL_ROOM.removed, {
      webcastId,
      users: [uid],
      kick_reason: kickReason,
    });
  }

  /** The viewer was removed from the room: whatever their mic was, it ends. */
  userKicked(webcastId: string, uid: string): void {
    this.cancelGrace(webcastId, uid);
    if (this.stateOf(webcastId, uid) === 'idle') return;
    this.move(webcastId, uid, 'kicked');
    this.disconnected(webcastId, uid, 'kicked');
  }

  /** A host-side action on `uid`'s mic by `by` (a staff user id, or 'host' for the admin API). */
  hostAct(webcastId: string, uid: string, action: HostMicAction, by: string): MicState {
    if (action === 'accept') this.accept(webcastId, uid, by);
    else if (action === 'reject') this.reject(webcastId, uid);
    else if (action === 'invite') this.invite(webcastId, uid, by);
    else this.hangupByHost(webcastId, uid);
    return this.stateOf(webcastId, uid);
  }

  // ---- the viewer ----

  /** voip/apply type 1. */
  apply(session: Session): MicState {
    const { webcastId, userId: uid } = session;
    if (isStaff(session.role)) throw invalid('role', 'the host and assistants do not apply for the mic');
    if (!this.requestsOpen(webcastId)) throw invalid('type', 'mic requests are closed by the host');
    const user = this.ctx.db.prepare('SELECT name_changed AS nameChanged FROM users WHERE id = ?').get(uid) as { nameChanged: number } | undefined;
    if (!user || user.nameChanged !== 1) throw invalid('name', 'set your nickname before applying to connect-mic');
    if (this.ctx.clients.ofUserInRoom(uid, webcastId).length === 0) {
      throw invalid('socket', 'connect to the room socket before applying (mic signalling goes over it)');
    }
    const state = this.move(webcastId, uid, 'apply');
    const sender = this.users(webcastId).find((u) => u.uid === uid);
    this.toStaff(webcastId, 4101, { webcastId, uid, name: sender?.name ?? uid, headImgUrl: sender?.headImgUrl ?? '' });
    this.queueChanged(webcastId);
    return state;
  }

  /** voip/apply type 2. */
  cancel(session: Session): MicState {
    const { webcastId, userId: uid } = session;
    const state = this.move(webcastId, uid, 'cancel');
    this.control(this.staffClients(webcastId), CALL_ROOM.applicationCancelled, { webcastId, uid });
    this.queueChanged(webcastId);
    return state;
  }

  /** voip/reply: 1 confirm (media up -> connected), 2 decline, 3 hang up. */
  reply(session: Session, event: 'confirm' | 'decline' | 'hangup'): MicState {
    const { webcastId, userId: uid } = session;
    const wasInvited = this.wasInvited(webcastId, uid);
    const state = this.move(webcastId, uid, event);
    if (wasInvited && event !== 'hangup') {
      this.control(this.staffClients(webcastId), CALL_ROOM.inviteAnswered, { webcastId, uid, accepted: event === 'confirm' });
    }
    if (event === 'confirm') {
      const body = { webcastId, uid };
      this.toUser(webcastId, uid, 4107, body);
      this.toStaff(webcastId, 4107, body);
      this.queueChanged(webcastId);
      this.control(this.callRoomClients(webcastId), CALL_ROOM.memberJoined, body);
      this.membersChanged(webcastId);
    } else {
      this.disconnected(webcastId, uid, 'viewer');
    }
    return state;
  }

  private wasInvited(webcastId: string, uid: string): boolean {
    const row = this.ctx.db.prepare('SELECT invited FROM mic_states WHERE webcast_id = ? AND user_id = ?').get(webcastId, uid) as { invited: number } | undefined;
    return row?.invited === 1;
  }

  // ---- signalling ----

  /**
   * 4115/4117/4119 relay: a viewer on the mic talks to the host side, the host side to a
   * viewer on the mic. Returns the target's sockets in the room.
   */
  relayTargets(webcastId: string, fromUid: string, fromRole: number, toUid: string | null): ConnectedClient[] {
    if (toUid === null) {
      // A viewer on the mic does not know who of the host side listens: all of them hear the offer.
      if (isStaff(fromRole)) throw invalid('to', 'required');
      if (!isOnMic(this.stateOf(webcastId, fromUid))) throw invalid('webcastId', 'you are not on the mic');
      const staff = this.staffClients(webcastId);
      if (staff.length === 0) throw invalid('to', 'signalling goes to a connected host or assistant');
      return staff;
    }
    const targets = this.ctx.clients.ofUserInRoom(toUid, webcastId);
    if (isStaff(fromRole)) {
      if (!isOnMic(this.stateOf(webcastId, toUid))) throw invalid('to', 'that viewer is not on the mic');
      if (targets.length === 0) throw invalid('to', 'that viewer is not connected');
      return targets;
    }
    if (!isOnMic(this.stateOf(webcastId, fromUid))) throw invalid('webcastId', 'you are not on the mic');
    const staff = targets.filter((c) => isStaff(c.role));
    if (staff.length === 0) throw invalid('to', 'signalling goes to a connected host or assistant');
    return staff;
  }

  // ---- sockets coming and going ----

  private clientAdded(client: ConnectedClient): void {
    const { webcastId, userId: uid } = client;
    this.cancelGrace(webcastId, uid);
    const state = this.stateOf(webcastId, uid);
    const now = this.ctx.now();
    // Every viewer's login gets its mic and whether requests are open (also when idle: a
    // viewer who lost the mic while away learns it here, and a new page whether it may apply).
    if (!isStaff(client.role)) pushExpectingAck(client, 4201, { webcastId, state, open: this.requestsOpen(webcastId), onMic: this.connectedUsers(webcastId) }, now);
    if (state === 'idle') return;
    pushExpectingAck(client, CALL_ROOM.snapshot, { webcastId, state, users: this.memberList(webcastId) }, now);
  }

  private clientRemoved(client: ConnectedClient): void {
    const { webcastId, userId: uid } = client;
    if (this.ctx.clients.ofUserInRoom(uid, webcastId).length > 0) return;
    if (this.stateOf(webcastId, uid) !== 'idle') this.startGrace(webcastId, uid);
  }

  /**
   * Another node of the cluster is gone, and with it the grace timers of the viewers whose
   * last socket was there: every viewer on the mic with no socket on any node gets the grace
   * here. (Each surviving node does so; the first whose grace ends moves the mic, the
   * others find it idle.)
   */
  private adoptOrphans(): void {
    for (const { webcastId, uid } of this.everyoneOnMic()) {
      if (this.graceTimers.has(key(webcastId, uid)) || this.ctx.clients.ofUserInRoom(uid, webcastId).length > 0) continue;
      this.startGrace(webcastId, uid);
    }
  }

  /** Every viewer of every room whose mic is not idle. */
  private everyoneOnMic(): { webcastId: string; uid: string }[] {
    return this.ctx.db.prepare('SELECT webcast_id AS webcastId, user_id AS uid FROM mic_states').all() as { webcastId: string; uid: string }[];
  }

  private startGrace(webcastId: string, uid: string): void {
    this.cancelGrace(webcastId, uid);
    const timer = setTimeout(() => this.graceEnded(webcastId, uid), this.graceMs);
    timer.unref();
    this.graceTimers.set(key(webcastId, uid), timer);
  }

  private cancelGrace(webcastId: string, uid: string): void {
    const k = key(webcastId, uid);
    const timer = this.graceTimers.get(k);
    if (timer) clearTimeout(timer);
    this.graceTimers.delete(k);
  }

  private graceEnded(webcastId: string, uid: string): void {
    this.graceTimers.delete(key(webcastId, uid));
    try {
      if (this.ctx.clients.ofUserInRoom(uid, webcastId).length > 0) return;
      if (this.stateOf(webcastId, uid) === 'idle') return;
      try {
        this.move(webcastId, uid, 'networkLost');
      } catch (error) {
        // Another node's grace for the viewer ended first and moved it (adoptOrphans).
        if (this.stateOf(webcastId, uid) === 'idle') return;
        throw error;
      }
      this.control(this.callRoomClients(webcastId), CALL_ROOM.networkLost, { webcastId, uid });
      this.disconnected(webcastId, uid, 'network');
    } catch (error) {
      // A timer callback: a throw here would be uncaught.
      console.error('connect-mic network loss handling failed:', error);
    }
  }

  // ---- state and pushes ----

  private requireRoom(webcastId: string): void {
    const room = this.ctx.db.prepare('SELECT deleted FROM rooms WHERE id = ?').get(webcastId) as { deleted: number } | undefined;
    if (!room || room.deleted === 1) throw invalid('webcastId', 'no such room');
  }

  /** Applies `event` to the viewer's state and stores it; 4501 when the event is not allowed now. */
  private move(webcastId: string, uid: string, event: MicEvent): MicState {
    // Read and written in one transaction: the nodes of a cluster share the store, and two
    // of them moving one viewer's mic at once must not both start from the same state.
    const { from, to } = this.ctx.db.transaction(() => {
      const from = this.stateOf(webcastId, uid);
      const to = nextMicState(from, event);
      if (to === null) throw invalid('type', `cannot ${event} the mic while ${from}`);
      // An invitation is remembered until the mic is up or over (the answer goes to the host side).
      const invited = event === 'invite' || (to === 'connecting' && this.wasInvited(webcastId, uid)) ? 1 : 0;
      if (to === 'idle') {
        this.ctx.db.prepare('DELETE FROM mic_states WHERE webcast_id = ? AND user_id = ?').run(webcastId, uid);
      } else {
        this.ctx.db
          .prepare(
            'INSERT INTO mic_states (webcast_id, user_id, state, since, invited) VALUES (?, ?, ?, ?, ?) ON CONFLICT (webcast_id, user_id) DO UPDATE SET state = excluded.state, since = excluded.since, invited = excluded.invited',
          )
          .run(webcastId, uid, to, this.ctx.now(), invited);
      }
      return { from, to };
    })();
    if (to === 'idle') this.cancelGrace(webcastId, uid);
    if (from !== to) this.memberAttributes(webcastId, uid, to);
    return to;
  }

  /** 4109 to the viewer and the host side, and the call room hears who left. */
  private disconnected(webcastId: string, uid: string, by: DisconnectedBy): void {
    const body = { webcastId, uid, by };
    this.toUser(webcastId, uid, 4109, body);
    this.toStaff(webcastId, 4109, body);
    if (by === 'viewer' || by === 'host') this.control(this.callRoomClients(webcastId), CALL_ROOM.memberLeft, body);
    this.queueChanged(webcastId);
    this.membersChanged(webcastId);
  }

  /**
   * 4113 to the room: the applications waiting (`users`) and who is on the mic now (`onMic`,
   * connected viewers with their names), so every viewer sees who speaks with the host.
   */
  private queueChanged(webcastId: string): void {
    const all = this.users(webcastId);
    const users = all.filter((u) => u.state === 'applying');
    this.toRoom(webcastId, 4113, { webcastId, users, onMic: this.connectedUsers(webcastId, all) });
  }

  /** The viewers connected on the mic, with their names (4113 and 4201 `onMic`). */
  private connectedUsers(webcastId: string, all: readonly MicUser[] = this.users(webcastId)): { uid: string; name: string }[] {
    return all.filter((u) => u.state === 'connected').map((u) => ({ uid: u.uid, name: u.name }));
  }

  private memberList(webcastId: string): Array<{ uid: string; name: string; state: MicState }> {
    return this.users(webcastId)
      .filter((u) => isOnMic(u.state))
      .map((u) => ({ uid: u.uid, name: u.name, state: u.state }));
  }

  private membersChanged(webcastId: string): void {
    this.control(this.callRoomClients(webcastId), CALL_ROOM.membersChanged, { webcastId, users: this.memberList(webcastId) });
  }

  private memberAttributes(webcastId: string, uid: string, state: MicState): void {
    this.control(this.staffClients(webcastId), CALL_ROOM.memberAttributes, { webcastId, users: [{ uid, attr: { state } }] });
  }

  private staffClients(webcastId: string): ConnectedClient[] {
    return this.ctx.clients.ofRoom(webcastId).filter((c) => isStaff(c.role));
  }

  /** The host side plus the viewers who are connecting or connected. */
  private callRoomClients(webcastId: string): ConnectedClient[] {
    const onMic = new Set(this.memberList(webcastId).map((u) => u.uid));
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
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
  }
}
