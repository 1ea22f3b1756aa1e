/**
 * Who may do what in a group (SPEC 6: "A group host can transfer host, set admins, remove
 * members and approve applications"), as the reference server decides it
 * (server/groups/service.ts), so the screens offer only what the server will allow. The
 * server still decides: a refusal it sends is shown as it is.
 */
export type GroupRole = 'host' | 'admin' | 'member';

const RANK: Readonly<Record<GroupRole, number>> = { host: 3, admin: 2, member: 1 };

export interface GroupMember {
  readonly uid: string;
  readonly name: string;
  readonly role: GroupRole;
  /** 1 may send, 0 silenced. */
  readonly power: number;
}

export type MemberAction = 'remove' | 'makeAdmin' | 'unmakeAdmin' | 'transferHost' | 'silence' | 'unsilence';

/** The actions `me` may take on `target`, in the order a menu lists them. */
export function memberActions(me: GroupRole, myUid: string, target: GroupMember): MemberAction[] {
  if (target.uid === myUid) return [];
  const actions: MemberAction[] = [];
  const outranks = RANK[me] > RANK[target.role];
  if (me === 'host') {
    if (target.role === 'member') actions.push('makeAdmin');
    if (target.role === 'admin') actions.push('unmakeAdmin');
    actions.push('transferHost');
  }
  if (me !== 'member' && outranks) actions.push(target.power === 1 ? 'silence' : 'unsilence', 'remove');
  return actions;
}

/** Inviting: the host and admins always; members too when anyone may join (auth 0). */
export const mayInvite = (me: GroupRole, auth: number): boolean => me !== 'member' || auth === 0;

/** The host hands the group over before leaving it. */
export const mayExit = (me: GroupRole): boolean => me !== 'host';

/** Renaming the group and its topic: the host and admins. */
export const mayEditGroup = (me: GroupRole): boolean => me !== 'member';

/** Members by role (host, admins, members), then by name. */
export function sortMembers(members: readonly GroupMember[]): GroupMember[] {
  return [...members].sort((a, b) => RANK[b.role] - RANK[a.role] || a.name.localeCompare(b.name));
}

/** The 1431 {gid} answer's members; malformed entries are dropped. */
export function readMembers(reply: Readonly<Record<string, unknown>>): GroupMember[] {
  if (!Array.isArray(reply.members)) return [];
  return reply.members.flatMap((m): GroupMember[] => {
    if (typeof m !== 'object' || m === null) return [];
    const r = m as Record<string, unknown>;
    const role = r.role === 'host' || r.role === 'admin' || r.role === 'member' ? r.role : null;
    if (typeof r.uid !== 'string' || role === null) return [];
    return [{ uid: r.uid, name: typeof r.name === 'string' && r.name !== '' ? r.name : r.uid, role, power: r.power === 0 ? 0 : 1 }];
  });
}
