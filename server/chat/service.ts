/**
 * The public chat of a room (SPEC 3, 4, 5; PROTOCOL 2.4 codes 7101, 7103, 7105, 7127):
 * sending with the room's rules, withdrawing, the chat state, review mode and room control
 * of one user (mute, unmute, kick, notice). One instance per server (chatServiceOf), used
 * by the socket handlers, the history routes, the admin API and anything else that
 * publishes chat (the burst generator), so every chat message lands in the history.
 */
import { sql } from 'kysely';
import type { FrameBody } from '../../src/protocol/frame';
import { WITHDRAW_WINDOW_MS } from '../../src/domain/constants';
import { ROLE, isStaff } from '../../src/domain/roles';
import type { ServerContext } from '../context.js';
import { BizError, invalid } from '../http/envelope.js';
import type { RoomMessage } from '../rooms/roomLog.js';
import { CLOSE } from '../socket/closeCodes.js';
import { optionalBoolField } from '../socket/fields.js';
import { endSessionsInRoom } from '../socket/sessionsEnd.js';
import { ChatHistory } from './history.js';
import { TokenBuckets } from '../auth/tokenBuckets.js';
import { checkedPictureUrl } from './pictureSource.js';
import { recordKick } from './kicks.js';
import { chatMessageBody, checkedQuote, hasPicture, newChatMessageId, readChatInput, type ChatExtras, type ChatInput, type ChatSender } from './message.js';
import { changeChatState, readChatState, withMuted, withSwitches, type ChatState, type ChatSwitches } from './state.js';

export const ROOM_CONTROL_ACTIONS = ['kick', 'mute', 'unmute', 'notice'] as const;
export type RoomControlAction = (typeof ROOM_CONTROL_ACTIONS)[number];
/** Longest text of a room control message (the reason shown to the user). */
export const CONTROL_TEXT_MAX = 200;

export type StaffRole = 'host' | 'assistant';

export interface PendingMessage {
  readonly msgId: string;
  readonly uid: string;
  readonly createdAt: number;
  readonly body: Record<string, unknown>;
}

type KickListener = (webcastId: string, uid: string) => void;

export class ChatService {
  readonly history: ChatHistory;
  private readonly kickListeners: KickListener[] = [];
  /** One viewer's sends per room (issue 35: one guest sent 121 a second, all fanned out). */
  private readonly sendRate: TokenBuckets;

  constructor(private readonly ctx: ServerContext) {
    this.history = new ChatHistory(ctx.store);
    const rate = ctx.config.chatSendRate;
    this.sendRate = new TokenBuckets(ctx.now, rate, (wait) => `sending too fast: at most ${rate.burst} messages at once and ${rate.perSecond} a second, wait ${wait} s`);
  }

  /** Called after a user was removed from a room (e.g. connect-mic ends their mic). */
  onKicked(listener: KickListener): void {
    this.kickListeners.push(listener);
  }

  /** A room's chat state; 4501 when there is no such room. */
  async state(webcastId: string): Promise<ChatState> {
    const state = await readChatState(this.ctx.store.db, webcastId);
    if (!state) throw invalid('webcastId', 'no such room');
    return state;
  }

  async senderOf(uid: string, role: number): Promise<ChatSender> {
    const user = (await sql<{ name: string; headImgUrl: string | null }>`SELECT name, head_img_url AS "headImgUrl" FROM users WHERE id = ${uid}`.execute(this.ctx.store.db))
      .rows[0];
    return { uid, role, name: user?.name ?? uid, headImgUrl: user?.headImgUrl ?? '' };
  }

  /**
   * A viewer's or staff member's 7101 request, in the order of the rules: chat open (4401),
   * not muted (4402), not staff-only (4401), pictures allowed (4404), valid input (4501),
   * then review mode (stored, 4403 with the msgId) or published. Staff are not held by the
   * room's switches. Resolves once the message is durable (acknowledged = persisted).
   */
  async send(webcastId: string, uid: string, role: number, body: FrameBody): Promise<{ msgId: string; offset: number }> {
    const state = await this.state(webcastId);
    if (!isStaff(role)) {
      if (!state.open) throw new BizError(4401);
      if (state.muted.includes(uid)) throw new BizError(4402);
      if (state.staffOnly) throw new BizError(4401, 'chat is limited to the host and assistants');
      if (hasPicture(body) && !state.pictures) throw new BizError(4404);
    }
    const read = readChatInput(body);
    const quoted = read.quote?.msgId === undefined ? null : await this.quoted(webcastId, read.quote.msgId);
    const input = {
      ...read,
      imgUrl: read.imgUrl === null ? null : await checkedPictureUrl(this.ctx.store.db, this.ctx.config, webcastId, read.imgUrl),
      quote: checkedQuote(read.quote, () => quoted),
    };
    // After the input checks: a refused message costs the room nothing, so it spends nothing.
    if (!isStaff(role)) this.sendRate.take(`${webcastId}\n${uid}`);
    const msgId = newChatMessageId(this.ctx.now());
    const sender = await this.senderOf(uid, role);
    if (!isStaff(role) && state.review) {
      await this.hold(webcastId, msgId, sender, input);
      throw new BizError(4403, undefined, { msgId });
    }
    // The host side may pin its message (`top`: the room's pinned message) from the console.
    const top = isStaff(role) ? optionalBoolField(body, 'top') : undefined;
    const message = await this.publish(webcastId, sender, input, { msgId, ...(top === true ? { extras: { top: true } } : {}) });
    await this.durable();
    return { msgId, offset: message.offset };
  }

  /** A chat message of the room that a quote names: its sender's name, its text and role; null when gone. */
  private async quoted(webcastId: string, msgId: string): Promise<{ name: string; text: string; role: number } | null> {
    const row = await this.history.find(webcastId, msgId);
    if (row === null || row.withdrawn) return null;
    const body = JSON.parse(row.bodyJson) as { name?: unknown; body?: unknown; role?: unknown };
    return { name: String(body.name ?? ''), text: typeof body.body === 'string' ? body.body : '', role: typeof body.role === 'number' ? body.role : ROLE.guest };
  }

  /** Publishes a chat message (7101) and records it in the history. Checks nothing. */
  publish(webcastId: string, sender: ChatSender, input: ChatInput, options: { msgId?: string; sentAt?: number; extras?: ChatExtras } = {}): Promise<RoomMessage> {
    const msgId = options.msgId ?? newChatMessageId(this.ctx.now());
    const sentAt = options.sentAt ?? this.ctx.now();
    return this.publishBody(webcastId, sender.uid, chatMessageBody(msgId, sender, input, sentAt, options.extras));
  }

  private async publishBody(webcastId: string, uid: string, body: Record<string, unknown>): Promise<RoomMessage> {
    const message = await this.ctx.hub.send(webcastId, 7101, body);
    this.history.record({
      msgId: String(body.msgId),
      webcastId,
      offset: message.offset,
      uid,
      bodyJson: message.bodyJson,
      sentAt: Number(body.sendTime),
      role: typeof body.role === 'number' ? body.role : 5,
      picked: Array.isArray(body.picked_uid) ? body.picked_uid.filter((uid): uid is string => typeof uid === 'string') : [],
    });
    return message;
  }

  /** Resolves once every chat message and room message published so far is written. */
  async durable(): Promise<void> {
    await Promise.all([this.ctx.hub.whenDurable(), this.history.whenDurable()]);
  }

  /** A message from the room's host or assistant (admin "say"). */
  async say(webcastId: string, staff: StaffRole, text: string, options: { name?: string; extras?: ChatExtras; pickedUids?: readonly string[] } = {}): Promise<{ msgId: string; offset: number }> {
    await this.state(webcastId);
    // Picked uids: the viewers the message @mentions (as a viewer's 7101 picked_uid).
    const input = readChatInput(options.pickedUids === undefined ? { body: text } : { body: text, picked_uid: [...options.pickedUids] });
    const role = staff === 'host' ? ROLE.host : ROLE.assistant;
    const uid = await this.ensureStaffUser(webcastId, staff);
    const sender = await this.senderOf(uid, role);
    const message = await this.publish(webcastId, options.name ? { ...sender, name: options.name } : sender, input, options.extras ? { extras: options.extras } : {});
    await this.durable();
    return { msgId: String((JSON.parse(message.bodyJson) as { msgId: string }).msgId), offset: message.offset };
  }

  /** The room's host or assistant user for messages the admin API sends on their behalf. */
  async ensureStaffUser(webcastId: string, staff: StaffRole): Promise<string> {
    const uid = `${staff}-${webcastId}`;
    const name = staff === 'host' ? 'Host' : 'Assistant';
    await sql`INSERT INTO users (id, name, name_changed, role, created_at) VALUES (${uid}, ${name}, 1, ${staff === 'host' ? ROLE.host : ROLE.assistant}, ${this.ctx.now()})
      ON CONFLICT (id) DO NOTHING`.execute(this.ctx.store.db);
    return uid;
  }

  /**
   * 7103: one's own message within WITHDRAW_WINDOW_MS (120 s) of sending; the host and
   * assistants may withdraw any message at any time.
   */
  async withdraw(webcastId: string, msgId: string, by: { uid: string; role: number }): Promise<void> {
    const row = await this.history.find(webcastId, msgId);
    if (!row) throw invalid('msgId', 'no such message in this room');
    if (row.withdrawn) throw invalid('msgId', 'the message is already withdrawn');
    if (!isStaff(by.role)) {
      if (row.uid !== by.uid) throw invalid('msgId', 'only your own messages can be withdrawn');
      if (this.ctx.now() - row.sentAt > WITHDRAW_WINDOW_MS) {
        throw invalid('msgId', `a message can be withdrawn only within ${WITHDRAW_WINDOW_MS / 1000} s of sending`);
      }
    }
    await this.history.markWithdrawn(msgId);
    this.ctx.hub.publish(webcastId, 7103, { msgId });
  }

  /** 7105: changes the switches given and publishes the whole state. */
  async setSwitches(webcastId: string, switches: ChatSwitches): Promise<ChatState> {
    const next = await changeChatState(this.ctx.store, webcastId, (state) => withSwitches(state, switches));
    this.publishState(webcastId, next);
    return next;
  }

  private publishState(webcastId: string, state: ChatState): void {
    this.ctx.hub.publish(webcastId, 7105, { ...state, muted: [...state.muted] });
  }

  /**
   * 7127: room control of one user, with its effect (mute list, kick). A kick lasts
   * `kickMinutes` (null: until the host readmits the user).
   */
  async control(webcastId: string, uid: string, action: RoomControlAction, text: string, kickMinutes: number | null = null): Promise<void> {
    await this.state(webcastId);
    const user = (await sql<{ role: number }>`SELECT role FROM users WHERE id = ${uid}`.execute(this.ctx.store.db)).rows[0];
    if (!user) throw invalid('uid', 'no such user');
    if (action !== 'notice' && (await this.isStaffOf(webcastId, uid, user.role))) {
      throw invalid('uid', 'the host and assistants cannot be muted or removed');
    }
    if (action === 'notice' && text.trim() === '') throw invalid('text', 'a notice needs a text');
    const message = { uid, action, text };
    switch (action) {
      case 'mute':
      case 'unmute': {
        const next = await changeChatState(this.ctx.store, webcastId, (state) => withMuted(state, uid, action === 'mute'));
        this.ctx.hub.publish(webcastId, 7127, message);
        this.publishState(webcastId, next);
        return;
      }
      case 'kick':
        await recordKick(this.ctx.store, webcastId, uid, text, this.ctx.now(), kickMinutes === null ? null : this.ctx.now() + kickMinutes * 60_000);
        // Published before the sockets close: a socket closing flushes what it was sent first.
        this.ctx.hub.publish(webcastId, 7127, message);
        await endSessionsInRoom(this.ctx, uid, webcastId, CLOSE.kicked, 'removed from the room');
        for (const listener of this.kickListeners) listener(webcastId, uid);
        return;
      case 'notice':
        this.ctx.hub.publish(webcastId, 7127, message);
        return;
    }
  }

  private async isStaffOf(webcastId: string, uid: string, userRole: number): Promise<boolean> {
    if (isStaff(userRole)) return true;
    const rows = await sql`SELECT 1 FROM sessions WHERE user_id = ${uid} AND webcast_id = ${webcastId} AND ended = 0
      AND role IN (${ROLE.host}, ${ROLE.hostAlt}, ${ROLE.assistant})`.execute(this.ctx.store.db);
    return rows.rows.length > 0;
  }

  private async hold(webcastId: string, msgId: string, sender: ChatSender, input: ChatInput): Promise<void> {
    const body = chatMessageBody(msgId, sender, input, this.ctx.now());
    await sql`INSERT INTO chat_pending (msg_id, webcast_id, uid, body, created_at)
      VALUES (${msgId}, ${webcastId}, ${sender.uid}, ${JSON.stringify(body)}, ${this.ctx.now()})`.execute(this.ctx.store.db);
  }

  async pending(webcastId: string): Promise<PendingMessage[]> {
    await this.state(webcastId);
    const rows = (
      await sql<{ msgId: string; uid: string; createdAt: number; body: string }>`
        SELECT msg_id AS "msgId", uid, created_at AS "createdAt", body FROM chat_pending
        WHERE webcast_id = ${webcastId} AND state = 'pending' ORDER BY seq`.execute(this.ctx.store.db)
    ).rows;
    return rows.map((r) => ({ msgId: r.msgId, uid: r.uid, createdAt: r.createdAt, body: JSON.parse(r.body) as Record<string, unknown> }));
  }

  /** Review mode: publishes a held message (with its original sendTime). */
  async approve(webcastId: string, msgId: string): Promise<{ msgId: string; offset: number }> {
    const held = await this.takePending(webcastId, msgId, 'approved');
    const message = await this.publishBody(webcastId, held.uid, held.body);
    await this.durable();
    return { msgId, offset: message.offset };
  }

  async reject(webcastId: string, msgId: string): Promise<void> {
    await this.takePending(webcastId, msgId, 'rejected');
  }

  /** A held message's decision: the one decision made, however many staff click at once. */
  private async takePending(webcastId: string, msgId: string, decision: 'approved' | 'rejected'): Promise<{ uid: string; body: Record<string, unknown> }> {
    await this.state(webcastId);
    const row = (
      await sql<{ uid: string; body: string }>`UPDATE chat_pending SET state = ${decision}, decided_at = ${this.ctx.now()}
        WHERE msg_id = ${msgId} AND webcast_id = ${webcastId} AND state = 'pending' RETURNING uid, body`.execute(this.ctx.store.db)
    ).rows[0];
    if (!row) throw invalid('msgId', 'no message with this id waits for review in this room');
    return { uid: row.uid, body: JSON.parse(row.body) as Record<string, unknown> };
  }

  close(): Promise<void> {
    return this.history.close();
  }
}

const perServer = new WeakMap<ServerContext, ChatService>();

/** The chat of this server (created on first use). */
export function chatServiceOf(ctx: ServerContext): ChatService {
  let service = perServer.get(ctx);
  if (!service) {
    service = new ChatService(ctx);
    perServer.set(ctx, service);
  }
  return service;
}
