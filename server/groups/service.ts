/**
 * The rules of group operations (SPEC 4 "Group operations", SPEC 6: "A group host can
 * transfer host, set admins, remove members and approve applications"). Each operation
 * checks who may do it, changes the store in one transaction and says what to reply and
 * whom to push what; handlers.ts reads the wire and delivers.
 *
 * Refusals: not a member / not allowed 4009, the group is full 4201, silenced in the group
 * 4402, anything else about the input 4501 naming the field.
 */
import type { FrameBody } from '../../src/protocol/frame';
import { GROUP_DEFAULTS } from '../../src/domain/constants';
import { BizError, invalid } from '../http/envelope.js';
import { randomToken } from '../auth/random.js';
import type { Group, GroupChanges, GroupStore, Member, MemberRole } from './store.js';

/** Push codes (a push carries the code of the request that caused it; 1303 and 1103 per SPEC 7.5). */
export const GROUP_PUSH = {
  invite: 1403,
  inviteReply: 1405,
  application: 1407,
  applicationReply: 1409,
  removed: 1411,
  exited: 1413,
  attributes: 1415,
  admin: 1417,
  host: 1421,
  power: 1429,
  powerApplication: 1433,
  groupMessage: 1303,
  peerMessage: 1103,
} as const;

/** Group `auth`: how a user gets in. */
export const GROUP_AUTH = { free: 0, approval: 1, closed: 2 } as const;
/** Member `power`: 1 may send group messages, 0 silenced. */
export const GROUP_POWER = { silenced: 0, speak: 1 } as const;
/** Member receive setting (1425): 0 push, 1 push without notice, 2 no push. */
export const RECV_SETTING = { push: 0, silent: 1, none: 2 } as const;
/** Invite and application answers. */
export const RESPONSE = { refuse: 0, accept: 1 } as const;

export interface Push {
  readonly to: readonly string[];
  readonly code: number;
  readonly body: FrameBody;
}

export interface Outcome {
  readonly reply: FrameBody;
  readonly pushes: readonly Push[];
}

const RANK: Readonly<Record<MemberRole, number>> = { host: 3, admin: 2, member: 1 };

/** Who may run each host operation. */
const MAY: Readonly<Record<'respondApplication' | 'removeMember' | 'setAttributes' | 'setAdmin' | 'transferHost' | 'setPower', readonly MemberRole[]>> = {
  respondApplication: ['host', 'admin'],
  removeMember: ['host', 'admin'],
  setAttributes: ['host', 'admin'],
  setAdmin: ['host'],
  transferHost: ['host'],
  setPower: ['host', 'admin'],
};

export interface CreateInput {
  readonly name: string;
  readonly topic?: string;
  readonly type?: number;
  readonly maxnum?: number;
  readonly auth?: number;
}

export interface PeerInput {
  readonly to: string;
  readonly tocid: string;
  readonly type: number;
  readonly body: string;
}

const publicGroup = (g: Group, count: number): FrameBody => ({
  gid: g.gid,
  name: g.name,
  topic: g.topic,
  type: g.type,
  maxnum: g.maxnum,
  auth: g.auth,
  attrs: g.attrs,
  host: g.hostId,
  count,
});

const publicMember = (m: Member): FrameBody => ({
  uid: m.userId,
  name: m.name,
  role: m.role,
  power: m.power,
  setting: m.recvSetting,
  readSeq: m.readSeq,
  joinedAt: m.joinedAt,
});

export class GroupService {
  constructor(
    private readonly store: GroupStore,
    private readonly now: () => number,
  ) {}

  private requireGroup(gid: string): Group {
    const group = this.store.group(gid);
    if (!group) throw invalid('gid', 'no such group');
    return group;
  }

  private requireMember(gid: string, userId: string): Member {
    const member = this.store.member(gid, userId);
    if (!member) throw new BizError(4009, 'you are not a member of this group');
    return member;
  }

  private requireMay(operation: keyof typeof MAY, gid: string, userId: string): Member {
    const member = this.requireMember(gid, userId);
    if (!MAY[operation].includes(member.role)) throw new BizError(4009, `only the group ${MAY[operation].join(' or ')} may do this`);
    return member;
  }

  private requireRoom(group: Group): void {
    if (this.store.memberCount(group.gid) >= group.maxnum) throw new BizError(4201);
  }

  private requireUser(field: string, userId: string): string {
    const name = this.store.userName(userId);
    if (name === null) throw invalid(field, 'no such user');
    return name;
  }

  /** A user's name for a notice (their id when the store has none). */
  private nameOf(userId: string): string {
    return this.store.userName(userId) ?? userId;
  }

  private staff(gid: string): string[] {
    return this.store
      .members(gid)
      .filter((m) => m.role !== 'member')
      .map((m) => m.userId);
  }

  private everyone(gid: string): string[] {
    return this.store.members(gid).map((m) => m.userId);
  }

  create(userId: string, input: CreateInput): Outcome {
    const gid = `g${randomToken(23)}`;
    this.store.atomically(() =>
      this.store.create({
        gid,
        name: input.name,
        topic: input.topic ?? '',
        type: input.type ?? GROUP_DEFAULTS.type,
        maxnum: input.maxnum ?? GROUP_DEFAULTS.maxnum,
        auth: input.auth ?? GROUP_DEFAULTS.auth,
        hostId: userId,
      }),
    );
    return { reply: publicGroup(this.requireGroup(gid), 1), pushes: [] };
  }

  invite(userId: string, gid: string, invitee: string, info: unknown): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      const inviter = this.requireMember(gid, userId);
      if (inviter.role === 'member' && group.auth !== GROUP_AUTH.free) {
        throw new BizError(4009, 'only the group host or admins may invite to this group');
      }
      this.requireUser('invitee', invitee);
      if (this.store.member(gid, invitee)) throw invalid('invitee', 'is already a member');
      this.requireRoom(group);
      const cid = randomToken();
      this.store.addRequest({ cid, gid, kind: 'invite', fromId: userId, toId: invitee, info });
      // The inviter's name is the store's, never what the inviting client put in `info`.
      const notice = { gid, cid, info, inviter: userId, inviterName: this.nameOf(userId), invitee, cancel: false, name: group.name };
      return { reply: { gid, cid }, pushes: [{ to: [invitee], code: GROUP_PUSH.invite, body: notice }] };
    });
  }

  cancelInvite(userId: string, gid: string, cid: string): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      const actor = this.requireMember(gid, userId);
      const invite = this.store.request(cid);
      if (!invite || invite.gid !== gid || invite.kind !== 'invite' || invite.state !== 'pending') throw invalid('cid', 'no pending invite');
      if (invite.fromId !== userId && actor.role === 'member') throw new BizError(4009, 'only the inviter or the group staff may cancel');
      this.store.answerRequest(cid, 'cancelled');
      const notice = { gid, cid, info: invite.info, inviter: invite.fromId, invitee: invite.toId, cancel: true, name: group.name };
      return { reply: { gid, cid, cancel: true }, pushes: [{ to: [invite.toId ?? ''], code: GROUP_PUSH.invite, body: notice }] };
    });
  }

  replyInvite(userId: string, gid: string, cid: string, response: number): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      const invite = this.store.request(cid);
      if (!invite || invite.gid !== gid || invite.kind !== 'invite' || invite.toId !== userId || invite.state !== 'pending') {
        throw invalid('cid', 'no pending invite for you');
      }
      let joined = false;
      if (response === RESPONSE.accept) {
        // A full group keeps the invite pending: it can be accepted once someone leaves.
        this.requireRoom(group);
        if (!this.store.member(gid, userId)) this.store.addMember(gid, userId, 'member');
        joined = true;
      }
      this.store.answerRequest(cid, response === RESPONSE.accept ? 'accepted' : 'refused');
      const notice = { gid, cid, info: invite.info, inviter: invite.fromId, invitee: userId, inviteeName: this.nameOf(userId), cancel: false, response, name: group.name };
      return { reply: { gid, cid, response, joined }, pushes: [{ to: [invite.fromId], code: GROUP_PUSH.inviteReply, body: notice }] };
    });
  }

  apply(userId: string, gid: string, info: unknown): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      if (this.store.member(gid, userId)) throw invalid('gid', 'you are already a member');
      if (group.auth === GROUP_AUTH.closed) throw new BizError(4009, 'this group takes no new members');
      this.requireRoom(group);
      if (group.auth === GROUP_AUTH.free) {
        this.store.addMember(gid, userId, 'member');
        return { reply: { gid, joined: true }, pushes: [] };
      }
      const pending = this.store.pendingRequestFrom(gid, 'apply', userId);
      const cid = pending?.cid ?? randomToken();
      if (!pending) this.store.addRequest({ cid, gid, kind: 'apply', fromId: userId, toId: null, info });
      const notice = { gid, cid, applicant: userId, name: this.nameOf(userId), info, groupName: group.name };
      return { reply: { gid, cid, joined: false }, pushes: [{ to: this.staff(gid), code: GROUP_PUSH.application, body: notice }] };
    });
  }

  respondApplication(userId: string, gid: string, cid: string, response: number): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      this.requireMay('respondApplication', gid, userId);
      const application = this.store.request(cid);
      if (!application || application.gid !== gid || application.kind !== 'apply' || application.state !== 'pending') {
        throw invalid('cid', 'no pending application');
      }
      if (response === RESPONSE.accept) {
        this.requireRoom(group);
        if (!this.store.member(gid, application.fromId)) this.store.addMember(gid, application.fromId, 'member');
      }
      this.store.answerRequest(cid, response === RESPONSE.accept ? 'accepted' : 'refused');
      const notice = { gid, cid, response, by: userId, groupName: group.name };
      return {
        reply: { gid, cid, response },
        pushes: [{ to: [application.fromId], code: GROUP_PUSH.applicationReply, body: notice }],
      };
    });
  }

  removeMembers(userId: string, gid: string, users: readonly string[]): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      const actor = this.requireMay('removeMember', gid, userId);
      const targets = users.map((uid, i) => {
        const target = this.store.member(gid, uid);
        if (!target) throw invalid(`users[${i}]`, 'is not a member');
        if (RANK[actor.role] <= RANK[target.role]) throw new BizError(4009, `you may not remove ${uid}`);
        return target;
      });
      for (const t of targets) this.store.removeMember(gid, t.userId);
      return {
        reply: { gid, users: targets.map((t) => t.userId) },
        pushes: targets.map((t) => ({ to: [t.userId], code: GROUP_PUSH.removed, body: { gid, uid: t.userId, by: userId, byName: this.nameOf(userId), groupName: group.name } })),
      };
    });
  }

  exit(userId: string, gid: string): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      const member = this.requireMember(gid, userId);
      if (member.role === 'host') throw invalid('gid', 'the host must transfer the group (1421) before leaving');
      this.store.removeMember(gid, userId);
      return { reply: { gid }, pushes: [{ to: this.staff(gid), code: GROUP_PUSH.exited, body: { gid, uid: userId, name: member.name, groupName: group.name } }] };
    });
  }

  setAttributes(userId: string, gid: string, changes: GroupChanges): Outcome {
    return this.store.atomically(() => {
      this.requireGroup(gid);
      this.requireMay('setAttributes', gid, userId);
      if (Object.keys(changes).length === 0) throw invalid('body', 'names no attribute to change (name, topic, maxnum, auth, attrs)');
      const count = this.store.memberCount(gid);
      if (changes.maxnum !== undefined && changes.maxnum < count) throw invalid('maxnum', `is below the member count (${count})`);
      this.store.update(gid, changes);
      const group = publicGroup(this.requireGroup(gid), count);
      return { reply: group, pushes: [{ to: this.everyone(gid), code: GROUP_PUSH.attributes, body: group }] };
    });
  }

  setAdmin(userId: string, gid: string, target: string, admin: boolean): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      this.requireMay('setAdmin', gid, userId);
      const member = this.store.member(gid, target);
      if (!member) throw invalid('uid', 'is not a member');
      if (member.role === 'host') throw invalid('uid', 'is the host');
      this.store.setRole(gid, target, admin ? 'admin' : 'member');
      const body = { gid, uid: target, admin, name: member.name, groupName: group.name };
      return { reply: body, pushes: [{ to: this.everyone(gid), code: GROUP_PUSH.admin, body }] };
    });
  }

  transferHost(userId: string, gid: string, target: string): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      this.requireMay('transferHost', gid, userId);
      if (target === userId) throw invalid('uid', 'is you already');
      if (!this.store.member(gid, target)) throw invalid('uid', 'is not a member');
      // The old host becomes a plain member, as in the messaging apps people know: handing
      // a group over hands over running it (issue 16: the old host can no longer remove).
      this.store.setRole(gid, target, 'host');
      this.store.setRole(gid, userId, 'member');
      this.store.setHost(gid, target);
      const body = { gid, host: target, previous: userId, hostName: this.nameOf(target), groupName: group.name };
      return { reply: body, pushes: [{ to: this.everyone(gid), code: GROUP_PUSH.host, body }] };
    });
  }

  setRecvSetting(userId: string, gid: string, setting: number): Outcome {
    this.requireGroup(gid);
    this.requireMember(gid, userId);
    this.store.setRecvSetting(gid, userId, setting);
    return { reply: { gid, setting }, pushes: [] };
  }

  setPower(userId: string, gid: string, target: string, power: number): Outcome {
    return this.store.atomically(() => {
      const group = this.requireGroup(gid);
      const actor = this.requireMay('setPower', gid, userId);
      const member = this.store.member(gid, target);
      if (!member) throw invalid('uid', 'is not a member');
      if (RANK[actor.role] <= RANK[member.role]) throw new BizError(4009, `you may not change the power of ${target}`);
      this.store.setPower(gid, target, power);
      // Setting the power answers the member's pending power application, if any.
      const pending = this.store.pendingRequestFrom(gid, 'power', target);
      if (pending) this.store.answerRequest(pending.cid, power === GROUP_POWER.speak ? 'accepted' : 'refused');
      const body = { gid, uid: target, power, by: userId, byName: this.nameOf(userId), groupName: group.name };
      return { reply: body, pushes: [{ to: [target], code: GROUP_PUSH.power, body }] };
    });
  }

  memberInfo(userId: string, gid: string, target: string | undefined): Outcome {
    this.requireGroup(gid);
    this.requireMember(gid, userId);
    if (target === undefined) return { reply: { gid, members: this.store.members(gid).map(publicMember) }, pushes: [] };
    const member = this.store.member(gid, target);
    if (!member) throw invalid('uid', 'is not a member');
    return { reply: { gid, member: publicMember(member) }, pushes: [] };
  }

  /**
   * 1431 without a gid (docs/protocol.md 5.5): the caller's own groups, each with the
   * caller's membership and unread count, and the invites waiting for the caller's answer,
   * so a client that was offline when they were pushed still learns of them.
   */
  myGroups(userId: string): Outcome {
    const groups = this.store.groupsOf(userId).map(({ group, member }) => ({
      ...publicGroup(group, this.store.memberCount(group.gid)),
      role: member.role,
      power: member.power,
      setting: member.recvSetting,
      readSeq: member.readSeq,
      lastSeq: group.lastSeq,
    }));
    const invites = this.store.pendingInvitesFor(userId).map((r) => ({
      gid: r.gid,
      cid: r.cid,
      info: r.info,
      inviter: r.fromId,
      inviterName: this.nameOf(r.fromId),
      invitee: userId,
      cancel: false,
      name: this.store.group(r.gid)?.name ?? r.gid,
    }));
    return { reply: { groups, invites }, pushes: [] };
  }

  applyForPower(userId: string, gid: string, info: unknown): Outcome {
    return this.store.atomically(() => {
      this.requireGroup(gid);
      const member = this.requireMember(gid, userId);
      if (member.power === GROUP_POWER.speak) throw invalid('power', 'you have it already');
      const pending = this.store.pendingRequestFrom(gid, 'power', userId);
      const cid = pending?.cid ?? randomToken();
      if (!pending) this.store.addRequest({ cid, gid, kind: 'power', fromId: userId, toId: null, info });
      const notice = { gid, cid, uid: userId, name: member.name, power: GROUP_POWER.speak, info, groupName: this.requireGroup(gid).name };
      return { reply: { gid, cid }, pushes: [{ to: this.staff(gid), code: GROUP_PUSH.powerApplication, body: notice }] };
    });
  }

  /** 1301: stores the message and pushes 1303 to every member who wants pushes. */
  groupMessage(userId: string, gid: string, mid: string, type: number, body: unknown): Outcome {
    return this.store.atomically(() => {
      this.requireGroup(gid);
      const member = this.requireMember(gid, userId);
      if (member.power !== GROUP_POWER.speak) throw new BizError(4402, 'you are silenced in this group');
      const seq = this.store.appendMessage(gid, mid, userId, type, body);
      const recipients = this.store
        .members(gid)
        .filter((m) => m.recvSetting !== RECV_SETTING.none)
        .map((m) => m.userId);
      const push = { gid, seq, mid, from: userId, name: member.name, type, body, time: this.now() };
      return { reply: { gid, seq, mid }, pushes: [{ to: recipients, code: GROUP_PUSH.groupMessage, body: push }] };
    });
  }

  /** 1101: stores the message and pushes 1103 to the addressee. */
  peerMessage(userId: string, mid: string, input: PeerInput): Outcome {
    if (input.to === userId) throw invalid('to', 'is yourself');
    this.requireUser('to', input.to);
    if (this.store.peerMessageExists(mid)) throw invalid('mid', 'was used already');
    this.store.addPeerMessage(mid, userId, input.to, input.tocid, input.type, input.body);
    const push = {
      mid,
      from: userId,
      name: this.store.userName(userId) ?? userId,
      to: input.to,
      tocid: input.tocid,
      type: input.type,
      body: input.body,
      time: this.now(),
    };
    return { reply: { mid }, pushes: [{ to: [input.to], code: GROUP_PUSH.peerMessage, body: push }] };
  }

  /** 1501 for a group: moves the read position forward. */
  markGroupRead(userId: string, gid: string, seq: number): Outcome {
    const group = this.requireGroup(gid);
    this.requireMember(gid, userId);
    if (seq > group.lastSeq) throw invalid('seq', `is after the newest message (${group.lastSeq})`);
    const read = this.store.markRead(gid, userId, seq);
    return { reply: { gid, seq: read, unread: group.lastSeq - read }, pushes: [] };
  }

  /** 1501 for a peer: marks everything `from` sent to the caller read. */
  markPeerRead(userId: string, from: string): Outcome {
    return { reply: { from, read: this.store.markPeerRead(userId, from) }, pushes: [] };
  }
}
