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

  private async requireGroup(s: GroupStore, gid: string): Promise<Group> {
    const group = await s.group(gid);
    if (!group) throw invalid('gid', 'no such group');
    return group;
  }

  private async requireMember(s: GroupStore, gid: string, userId: string): Promise<Member> {
    const member = await s.member(gid, userId);
    if (!member) throw new BizError(4009, 'you are not a member of this group');
    return member;
  }

  private async requireMay(s: GroupStore, operation: keyof typeof MAY, gid: string, userId: string): Promise<Member> {
    const member = await this.requireMember(s, gid, userId);
    if (!MAY[operation].includes(member.role)) throw new BizError(4009, `only the group ${MAY[operation].join(' or ')} may do this`);
    return member;
  }

  private async requireRoom(s: GroupStore, group: Group): Promise<void> {
    if ((await s.memberCount(group.gid)) >= group.maxnum) throw new BizError(4201);
  }

  private async requireUser(s: GroupStore, field: string, userId: string): Promise<string> {
    const name = await s.userName(userId);
    if (name === null) throw invalid(field, 'no such user');
    return name;
  }

  /** A user's name for a notice (their id when the store has none). */
  private async nameOf(s: GroupStore, userId: string): Promise<string> {
    return (await s.userName(userId)) ?? userId;
  }

  private async staff(s: GroupStore, gid: string): Promise<string[]> {
    return (await s.members(gid)).filter((m) => m.role !== 'member').map((m) => m.userId);
  }

  private async everyone(s: GroupStore, gid: string): Promise<string[]> {
    return (await s.members(gid)).map((m) => m.userId);
  }

  /** Runs `work` in one transaction with the group's row locked first (a check and the write it allows cannot be split, on any node). */
  private inGroup<T>(gid: string, work: (s: GroupStore) => Promise<T>): Promise<T> {
    return this.store.atomically(async (s) => {
      await s.lockGroup(gid);
      return work(s);
    });
  }

  async create(userId: string, input: CreateInput): Promise<Outcome> {
    const gid = `g${randomToken(23)}`;
    return this.store.atomically(async (s) => {
      await s.create({
        gid,
        name: input.name,
        topic: input.topic ?? '',
        type: input.type ?? GROUP_DEFAULTS.type,
        maxnum: input.maxnum ?? GROUP_DEFAULTS.maxnum,
        auth: input.auth ?? GROUP_DEFAULTS.auth,
        hostId: userId,
      });
      return { reply: publicGroup(await this.requireGroup(s, gid), 1), pushes: [] };
    });
  }

  async invite(userId: string, gid: string, invitee: string, info: unknown): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      const inviter = await this.requireMember(s, gid, userId);
      if (inviter.role === 'member' && group.auth !== GROUP_AUTH.free) {
        throw new BizError(4009, 'only the group host or admins may invite to this group');
      }
      await this.requireUser(s, 'invitee', invitee);
      if (await s.member(gid, invitee)) throw invalid('invitee', 'is already a member');
      await this.requireRoom(s, group);
      const cid = randomToken();
      await s.addRequest({ cid, gid, kind: 'invite', fromId: userId, toId: invitee, info });
      // The inviter's name is the store's, never what the inviting client put in `info`.
      const notice = { gid, cid, info, inviter: userId, inviterName: await this.nameOf(s, userId), invitee, cancel: false, name: group.name };
      return { reply: { gid, cid }, pushes: [{ to: [invitee], code: GROUP_PUSH.invite, body: notice }] };
    });
  }

  async cancelInvite(userId: string, gid: string, cid: string): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      const actor = await this.requireMember(s, gid, userId);
      const invite = await s.request(cid);
      if (!invite || invite.gid !== gid || invite.kind !== 'invite' || invite.state !== 'pending') throw invalid('cid', 'no pending invite');
      if (invite.fromId !== userId && actor.role === 'member') throw new BizError(4009, 'only the inviter or the group staff may cancel');
      await s.answerRequest(cid, 'cancelled');
      const notice = { gid, cid, info: invite.info, inviter: invite.fromId, invitee: invite.toId, cancel: true, name: group.name };
      return { reply: { gid, cid, cancel: true }, pushes: [{ to: [invite.toId ?? ''], code: GROUP_PUSH.invite, body: notice }] };
    });
  }

  async replyInvite(userId: string, gid: string, cid: string, response: number): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      const invite = await s.request(cid);
      if (!invite || invite.gid !== gid || invite.kind !== 'invite' || invite.toId !== userId || invite.state !== 'pending') {
        throw invalid('cid', 'no pending invite for you');
      }
      let joined = false;
      if (response === RESPONSE.accept) {
        // A full group keeps the invite pending: it can be accepted once someone leaves.
        await this.requireRoom(s, group);
        if (!await s.member(gid, userId)) await s.addMember(gid, userId, 'member');
        joined = true;
      }
      await s.answerRequest(cid, response === RESPONSE.accept ? 'accepted' : 'refused');
      const notice = { gid, cid, info: invite.info, inviter: invite.fromId, invitee: userId, inviteeName: await this.nameOf(s, userId), cancel: false, response, name: group.name };
      return { reply: { gid, cid, response, joined }, pushes: [{ to: [invite.fromId], code: GROUP_PUSH.inviteReply, body: notice }] };
    });
  }

  async apply(userId: string, gid: string, info: unknown): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      if (await s.member(gid, userId)) throw invalid('gid', 'you are already a member');
      if (group.auth === GROUP_AUTH.closed) throw new BizError(4009, 'this group takes no new members');
      await this.requireRoom(s, group);
      if (group.auth === GROUP_AUTH.free) {
        await s.addMember(gid, userId, 'member');
        return { reply: { gid, joined: true }, pushes: [] };
      }
      const pending = await s.pendingRequestFrom(gid, 'apply', userId);
      const cid = pending?.cid ?? randomToken();
      if (!pending) await s.addRequest({ cid, gid, kind: 'apply', fromId: userId, toId: null, info });
      const notice = { gid, cid, applicant: userId, name: await this.nameOf(s, userId), info, groupName: group.name };
      return { reply: { gid, cid, joined: false }, pushes: [{ to: await this.staff(s, gid), code: GROUP_PUSH.application, body: notice }] };
    });
  }

  async respondApplication(userId: string, gid: string, cid: string, response: number): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      await this.requireMay(s, 'respondApplication', gid, userId);
      const application = await s.request(cid);
      if (!application || application.gid !== gid || application.kind !== 'apply' || application.state !== 'pending') {
        throw invalid('cid', 'no pending application');
      }
      if (response === RESPONSE.accept) {
        await this.requireRoom(s, group);
        if (!await s.member(gid, application.fromId)) await s.addMember(gid, application.fromId, 'member');
      }
      await s.answerRequest(cid, response === RESPONSE.accept ? 'accepted' : 'refused');
      const notice = { gid, cid, response, by: userId, groupName: group.name };
      return {
        reply: { gid, cid, response },
        pushes: [{ to: [application.fromId], code: GROUP_PUSH.applicationReply, body: notice }],
      };
    });
  }

  async removeMembers(userId: string, gid: string, users: readonly string[]): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      const actor = await this.requireMay(s, 'removeMember', gid, userId);
      const targets: Member[] = [];
      for (const [i, uid] of users.entries()) {
        const target = await s.member(gid, uid);
        if (!target) throw invalid(`users[${i}]`, 'is not a member');
        if (RANK[actor.role] <= RANK[target.role]) throw new BizError(4009, `you may not remove ${uid}`);
        targets.push(target);
      }
      for (const t of targets) await s.removeMember(gid, t.userId);
      const byName = await this.nameOf(s, userId);
      return {
        reply: { gid, users: targets.map((t) => t.userId) },
        pushes: targets.map((t) => ({ to: [t.userId], code: GROUP_PUSH.removed, body: { gid, uid: t.userId, by: userId, byName, groupName: group.name } })),
      };
    });
  }

  async exit(userId: string, gid: string): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      const member = await this.requireMember(s, gid, userId);
      if (member.role === 'host') throw invalid('gid', 'the host must transfer the group (1421) before leaving');
      await s.removeMember(gid, userId);
      return { reply: { gid }, pushes: [{ to: await this.staff(s, gid), code: GROUP_PUSH.exited, body: { gid, uid: userId, name: member.name, groupName: group.name } }] };
    });
  }

  async setAttributes(userId: string, gid: string, changes: GroupChanges): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      await this.requireGroup(s, gid);
      await this.requireMay(s, 'setAttributes', gid, userId);
      if (Object.keys(changes).length === 0) throw invalid('body', 'names no attribute to change (name, topic, maxnum, auth, attrs)');
      const count = await s.memberCount(gid);
      if (changes.maxnum !== undefined && changes.maxnum < count) throw invalid('maxnum', `is below the member count (${count})`);
      await s.update(gid, changes);
      const group = publicGroup(await this.requireGroup(s, gid), count);
      return { reply: group, pushes: [{ to: await this.everyone(s, gid), code: GROUP_PUSH.attributes, body: group }] };
    });
  }

  async setAdmin(userId: string, gid: string, target: string, admin: boolean): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      await this.requireMay(s, 'setAdmin', gid, userId);
      const member = await s.member(gid, target);
      if (!member) throw invalid('uid', 'is not a member');
      if (member.role === 'host') throw invalid('uid', 'is the host');
      await s.setRole(gid, target, admin ? 'admin' : 'member');
      const body = { gid, uid: target, admin, name: member.name, groupName: group.name };
      return { reply: body, pushes: [{ to: await this.everyone(s, gid), code: GROUP_PUSH.admin, body }] };
    });
  }

  async transferHost(userId: string, gid: string, target: string): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      await this.requireMay(s, 'transferHost', gid, userId);
      if (target === userId) throw invalid('uid', 'is you already');
      if (!await s.member(gid, target)) throw invalid('uid', 'is not a member');
      // The old host becomes a plain member, as in the messaging apps people know: handing
      // a group over hands over running it (issue 16: the old host can no longer remove).
      await s.setRole(gid, target, 'host');
      await s.setRole(gid, userId, 'member');
      await s.setHost(gid, target);
      const body = { gid, host: target, previous: userId, hostName: await this.nameOf(s, target), groupName: group.name };
      return { reply: body, pushes: [{ to: await this.everyone(s, gid), code: GROUP_PUSH.host, body }] };
    });
  }

  async setRecvSetting(userId: string, gid: string, setting: number): Promise<Outcome> {
    const s = this.store;
    await this.requireGroup(s, gid);
    await this.requireMember(s, gid, userId);
    await s.setRecvSetting(gid, userId, setting);
    return { reply: { gid, setting }, pushes: [] };
  }

  async setPower(userId: string, gid: string, target: string, power: number): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      const group = await this.requireGroup(s, gid);
      const actor = await this.requireMay(s, 'setPower', gid, userId);
      const member = await s.member(gid, target);
      if (!member) throw invalid('uid', 'is not a member');
      if (RANK[actor.role] <= RANK[member.role]) throw new BizError(4009, `you may not change the power of ${target}`);
      await s.setPower(gid, target, power);
      // Setting the power answers the member's pending power application, if any.
      const pending = await s.pendingRequestFrom(gid, 'power', target);
      if (pending) await s.answerRequest(pending.cid, power === GROUP_POWER.speak ? 'accepted' : 'refused');
      const body = { gid, uid: target, power, by: userId, byName: await this.nameOf(s, userId), groupName: group.name };
      return { reply: body, pushes: [{ to: [target], code: GROUP_PUSH.power, body }] };
    });
  }

  async memberInfo(userId: string, gid: string, target: string | undefined): Promise<Outcome> {
    const s = this.store;
    await this.requireGroup(s, gid);
    await this.requireMember(s, gid, userId);
    if (target === undefined) return { reply: { gid, members: (await s.members(gid)).map(publicMember) }, pushes: [] };
    const member = await s.member(gid, target);
    if (!member) throw invalid('uid', 'is not a member');
    return { reply: { gid, member: publicMember(member) }, pushes: [] };
  }

  /**
   * 1431 without a gid (docs/protocol.md 5.5): the caller's own groups, each with the
   * caller's membership and unread count, and the invites waiting for the caller's answer,
   * so a client that was offline when they were pushed still learns of them.
   */
  async myGroups(userId: string): Promise<Outcome> {
    const s = this.store;
    const groups = [];
    for (const { group, member } of await s.groupsOf(userId)) {
      groups.push({
      ...publicGroup(group, await s.memberCount(group.gid)),
      role: member.role,
      power: member.power,
      setting: member.recvSetting,
      readSeq: member.readSeq,
      lastSeq: group.lastSeq,
      });
    }
    const invites = [];
    for (const r of await s.pendingInvitesFor(userId)) {
      invites.push({
      gid: r.gid,
      cid: r.cid,
      info: r.info,
      inviter: r.fromId,
      inviterName: await this.nameOf(s, r.fromId),
      invitee: userId,
      cancel: false,
      name: (await s.group(r.gid))?.name ?? r.gid,
      });
    }
    return { reply: { groups, invites }, pushes: [] };
  }

  async applyForPower(userId: string, gid: string, info: unknown): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      await this.requireGroup(s, gid);
      const member = await this.requireMember(s, gid, userId);
      if (member.power === GROUP_POWER.speak) throw invalid('power', 'you have it already');
      const pending = await s.pendingRequestFrom(gid, 'power', userId);
      const cid = pending?.cid ?? randomToken();
      if (!pending) await s.addRequest({ cid, gid, kind: 'power', fromId: userId, toId: null, info });
      const notice = { gid, cid, uid: userId, name: member.name, power: GROUP_POWER.speak, info, groupName: (await this.requireGroup(s, gid)).name };
      return { reply: { gid, cid }, pushes: [{ to: await this.staff(s, gid), code: GROUP_PUSH.powerApplication, body: notice }] };
    });
  }

  /** 1301: stores the message and pushes 1303 to every member who wants pushes. */
  async groupMessage(userId: string, gid: string, mid: string, type: number, body: unknown): Promise<Outcome> {
    return this.inGroup(gid, async (s) => {
      await this.requireGroup(s, gid);
      const member = await this.requireMember(s, gid, userId);
      if (member.power !== GROUP_POWER.speak) throw new BizError(4402, 'you are silenced in this group');
      const seq = await s.appendMessage(gid, mid, userId, type, body);
      const recipients = (await s.members(gid)).filter((m) => m.recvSetting !== RECV_SETTING.none).map((m) => m.userId);
      const push = { gid, seq, mid, from: userId, name: member.name, type, body, time: this.now() };
      return { reply: { gid, seq, mid }, pushes: [{ to: recipients, code: GROUP_PUSH.groupMessage, body: push }] };
    });
  }

  /** 1101: stores the message and pushes 1103 to the addressee. */
  async peerMessage(userId: string, mid: string, input: PeerInput): Promise<Outcome> {
    const s = this.store;
    if (input.to === userId) throw invalid('to', 'is yourself');
    await this.requireUser(s, 'to', input.to);
    if (await s.peerMessageExists(mid)) throw invalid('mid', 'was used already');
    await s.addPeerMessage(mid, userId, input.to, input.tocid, input.type, input.body);
    const push = {
      mid,
      from: userId,
      name: await s.userName(userId) ?? userId,
      to: input.to,
      tocid: input.tocid,
      type: input.type,
      body: input.body,
      time: this.now(),
    };
    return { reply: { mid }, pushes: [{ to: [input.to], code: GROUP_PUSH.peerMessage, body: push }] };
  }

  /** 1501 for a group: moves the read position forward. */
  async markGroupRead(userId: string, gid: string, seq: number): Promise<Outcome> {
    const s = this.store;
    const group = await this.requireGroup(s, gid);
    await this.requireMember(s, gid, userId);
    if (seq > group.lastSeq) throw invalid('seq', `is after the newest message (${group.lastSeq})`);
    const read = await s.markRead(gid, userId, seq);
    return { reply: { gid, seq: read, unread: group.lastSeq - read }, pushes: [] };
  }

  /** 1501 for a peer: marks everything `from` sent to the caller read. */
  async markPeerRead(userId: string, from: string): Promise<Outcome> {
    const s = this.store;
    return { reply: { from, read: await s.markPeerRead(userId, from) }, pushes: [] };
  }
}
