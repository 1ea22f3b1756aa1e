/**
 * Groups in SQLite (migration 5): the groups, their members with role, power, receive
 * setting and read position, the requests users answer (invites, applications, power
 * applications), group messages with a per-group seq, and peer messages. Plain queries,
 * no rules: service.ts decides who may do what.
 */
import type { Db } from '../store/db.js';

export type MemberRole = 'host' | 'admin' | 'member';
export type RequestKind = 'invite' | 'apply' | 'power';
export type RequestState = 'pending' | 'accepted' | 'refused' | 'cancelled';

export interface Group {
  readonly gid: string;
  readonly name: string;
  readonly topic: string;
  readonly type: number;
  readonly maxnum: number;
  readonly auth: number;
  readonly attrs: Record<string, unknown>;
  readonly hostId: string;
  readonly lastSeq: number;
}

export interface Member {
  readonly gid: string;
  readonly userId: string;
  readonly name: string;
  readonly role: MemberRole;
  readonly power: number;
  readonly recvSetting: number;
  readonly readSeq: number;
  readonly joinedAt: number;
}

export interface GroupRequest {
  readonly cid: string;
  readonly gid: string;
  readonly kind: RequestKind;
  readonly fromId: string;
  readonly toId: string | null;
  readonly info: unknown;
  readonly state: RequestState;
}

interface GroupRow {
  gid: string;
  name: string;
  topic: string;
  type: number;
  maxnum: number;
  auth: number;
  attrs: string;
  host_id: string;
  last_seq: number;
}

interface MemberRow {
  gid: string;
  user_id: string;
  name: string | null;
  role: MemberRole;
  power: number;
  recv_setting: number;
  read_seq: number;
  joined_at: number;
}

interface RequestRow {
  cid: string;
  gid: string;
  kind: RequestKind;
  from_id: string;
  to_id: string | null;
  info: string;
  state: RequestState;
}

const toGroup = (r: GroupRow): Group => ({
  gid: r.gid,
  name: r.name,
  topic: r.topic,
  type: r.type,
  maxnum: r.maxnum,
  auth: r.auth,
  attrs: JSON.parse(r.attrs) as Record<string, unknown>,
  hostId: r.host_id,
  lastSeq: r.last_seq,
});

const toMember = (r: MemberRow): Member => ({
  gid: r.gid,
  userId: r.user_id,
  name: r.name ?? r.user_id,
  role: r.role,
  power: r.power,
  recvSetting: r.recv_setting,
  readSeq: r.read_seq,
  joinedAt: r.joined_at,
});

const toRequest = (r: RequestRow): GroupRequest => ({
  cid: r.cid,
  gid: r.gid,
  kind: r.kind,
  fromId: r.from_id,
  toId: r.to_id,
  info: JSON.parse(r.info) as unknown,
  state: r.state,
});

const MEMBER_SELECT = `SELECT m.gid, m.user_id, u.name, m.role, m.power, m.recv_setting, m.read_seq, m.joined_at
  FROM group_members m LEFT JOIN users u ON u.id = m.user_id`;

export interface NewGroup {
  readonly gid: string;
  readonly name: string;
  readonly topic: string;
  readonly type: number;
  readonly maxnum: number;
  readonly auth: number;
  readonly hostId: string;
}

export type GroupChanges = Partial<Pick<Group, 'name' | 'topic' | 'maxnum' | 'auth' | 'attrs'>>;

export class GroupStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Runs `work` in one transaction (a check and the write it allows cannot be split). */
  atomically<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  userName(userId: string): string | null {
    const row = this.db.prepare('SELECT name FROM users WHERE id = ?').get(userId) as { name: string } | undefined;
    return row?.name ?? null;
  }

  group(gid: string): Group | null {
    const row = this.db.prepare('SELECT * FROM groups WHERE gid = ?').get(gid) as GroupRow | undefined;
    return row ? toGroup(row) : null;
  }

  create(g: NewGroup): void {
    const now = this.now();
    this.db
      .prepare('INSERT INTO groups (gid, name, topic, type, maxnum, auth, host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(g.gid, g.name, g.topic, g.type, g.maxnum, g.auth, g.hostId, now, now);
    this.addMember(g.gid, g.hostId, 'host');
  }

  update(gid: string, changes: GroupChanges): void {
    const current = this.group(gid);
    if (!current) return;
    const next = { ...current, ...changes };
    this.db
      .prepare('UPDATE groups SET name = ?, topic = ?, maxnum = ?, auth = ?, attrs = ?, updated_at = ? WHERE gid = ?')
      .run(next.name, next.topic, next.maxnum, next.auth, JSON.stringify(next.attrs), this.now(), gid);
  }

  member(gid: string, userId: string): Member | null {
    const row = this.db.prepare(`${MEMBER_SELECT} WHERE m.gid = ? AND m.user_id = ?`).get(gid, userId) as MemberRow | undefined;
    return row ? toMember(row) : null;
  }

  members(gid: string): Member[] {
    return (this.db.prepare(`${MEMBER_SELECT} WHERE m.gid = ? ORDER BY m.joined_at, m.user_id`).all(gid) as MemberRow[]).map(toMember);
  }

  /** The groups `userId` is a member of, newest joined first. */
  groupsOf(userId: string): { group: Group; member: Member }[] {
    const rows = this.db
      .prepare('SELECT g.* FROM groups g JOIN group_members m ON m.gid = g.gid WHERE m.user_id = ? ORDER BY m.joined_at DESC, g.gid')
      .all(userId) as GroupRow[];
    return rows.flatMap((row) => {
      const member = this.member(row.gid, userId);
      return member ? [{ group: toGroup(row), member }] : [];
    });
  }

  /** Invites sent to `userId` that nobody answered yet. */
  pendingInvitesFor(userId: string): GroupRequest[] {
    return (
      this.db
        .prepare("SELECT * FROM group_requests WHERE kind = 'invite' AND to_id = ? AND state = 'pending' ORDER BY created_at")
        .all(userId) as RequestRow[]
    ).map(toRequest);
  }

  memberCount(gid: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM group_members WHERE gid = ?').get(gid) as { n: number }).n;
  }

  addMember(gid: string, userId: string, role: MemberRole): void {
    const group = this.group(gid);
    this.db
      .prepare('INSERT INTO group_members (gid, user_id, role, read_seq, joined_at) VALUES (?, ?, ?, ?, ?)')
      .run(gid, userId, role, group?.lastSeq ?? 0, this.now());
  }

  removeMember(gid: string, userId: string): void {
    this.db.prepare('DELETE FROM group_members WHERE gid = ? AND user_id = ?').run(gid, userId);
  }

  setRole(gid: string, userId: string, role: MemberRole): void {
    this.db.prepare('UPDATE group_members SET role = ? WHERE gid = ? AND user_id = ?').run(role, gid, userId);
  }

  setHost(gid: string, userId: string): void {
    this.db.prepare('UPDATE groups SET host_id = ?, updated_at = ? WHERE gid = ?').run(userId, this.now(), gid);
  }

  setPower(gid: string, userId: string, power: number): void {
    this.db.prepare('UPDATE group_members SET power = ? WHERE gid = ? AND user_id = ?').run(power, gid, userId);
  }

  setRecvSetting(gid: string, userId: string, setting: number): void {
    this.db.prepare('UPDATE group_members SET recv_setting = ? WHERE gid = ? AND user_id = ?').run(setting, gid, userId);
  }

  /** Moves the read position forward only; returns the position kept. */
  markRead(gid: string, userId: string, seq: number): number {
    this.db.prepare('UPDATE group_members SET read_seq = MAX(read_seq, ?) WHERE gid = ? AND user_id = ?').run(seq, gid, userId);
    return this.member(gid, userId)?.readSeq ?? 0;
  }

  addRequest(r: Omit<GroupRequest, 'state'>): void {
    this.db
      .prepare("INSERT INTO group_requests (cid, gid, kind, from_id, to_id, info, state, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)")
      .run(r.cid, r.gid, r.kind, r.fromId, r.toId, JSON.stringify(r.info ?? {}), this.now());
  }

  request(cid: string): GroupRequest | null {
    const row = this.db.prepare('SELECT * FROM group_requests WHERE cid = ?').get(cid) as RequestRow | undefined;
    return row ? toRequest(row) : null;
  }

  pendingRequestFrom(gid: string, kind: RequestKind, fromId: string): GroupRequest | null {
    const row = this.db
      .prepare("SELECT * FROM group_requests WHERE gid = ? AND kind = ? AND from_id = ? AND state = 'pending' ORDER BY created_at LIMIT 1")
      .get(gid, kind, fromId) as RequestRow | undefined;
    return row ? toRequest(row) : null;
  }

  answerRequest(cid: string, state: Exclude<RequestState, 'pending'>): void {
    this.db.prepare("UPDATE group_requests SET state = ?, answered_at = ? WHERE cid = ? AND state = 'pending'").run(state, this.now(), cid);
  }

  /** Stores a group message under the group's next seq and returns that seq. */
  appendMessage(gid: string, mid: string, fromId: string, type: number, body: unknown): number {
    this.db.prepare('UPDATE groups SET last_seq = last_seq + 1 WHERE gid = ?').run(gid);
    const seq = this.group(gid)?.lastSeq ?? 0;
    this.db
      .prepare('INSERT INTO group_messages (gid, seq, mid, from_id, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(gid, seq, mid, fromId, type, JSON.stringify(body), this.now());
    return seq;
  }

  addPeerMessage(mid: string, fromId: string, toId: string, tocid: string, type: number, body: string): void {
    this.db
      .prepare('INSERT INTO peer_messages (mid, from_id, to_id, tocid, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(mid, fromId, toId, tocid, type, body, this.now());
  }

  peerMessageExists(mid: string): boolean {
    return this.db.prepare('SELECT 1 FROM peer_messages WHERE mid = ?').get(mid) !== undefined;
  }

  /** Marks every unread peer message from `fromId` to `toId` read; returns how many. */
  markPeerRead(toId: string, fromId: string): number {
    return this.db.prepare('UPDATE peer_messages SET read_at = ? WHERE to_id = ? AND from_id = ? AND read_at IS NULL').run(this.now(), toId, fromId)
      .changes;
  }
}
