/**
 * Groups in the store (migration 5): the groups, their members with role, power, receive
 * setting and read position, the requests users answer (invites, applications, power
 * applications), group messages with a per-group seq, and peer messages. Plain queries,
 * no rules: service.ts decides who may do what.
 */
import { sql } from 'kysely';
import { changedRows, forUpdate, type StoreQueries } from '../store/sqlStore.js';

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

const MEMBER_SELECT = sql.raw(`SELECT m.gid, m.user_id, u.name, m.role, m.power, m.recv_setting, m.read_seq, m.joined_at
  FROM group_members m LEFT JOIN users u ON u.id = m.user_id`);

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

/**
 * On either engine (issue 40). A store bound to a transaction is what `atomically` hands its
 * work; that work locks the group's row first (`lockGroup`), so a check and the write it
 * allows (room left in the group, a role) hold against another node's at the same moment.
 */
export class GroupStore {
  constructor(
    private readonly q: StoreQueries,
    private readonly now: () => number,
  ) {}

  /** Runs `work` in one transaction (a check and the write it allows cannot be split). */
  atomically<T>(work: (store: GroupStore) => Promise<T>): Promise<T> {
    if (this.q.isTransaction) return work(this);
    return this.q.transaction().execute((tx) => work(new GroupStore(tx, this.now)));
  }

  /** Holds the group's row until the transaction ends (PostgreSQL; SQLite has one writer). */
  async lockGroup(gid: string): Promise<void> {
    await sql`SELECT gid FROM groups WHERE gid = ${gid}${forUpdate(this.q)}`.execute(this.q);
  }

  async userName(userId: string): Promise<string | null> {
    return (await sql<{ name: string }>`SELECT name FROM users WHERE id = ${userId}`.execute(this.q)).rows[0]?.name ?? null;
  }

  async group(gid: string): Promise<Group | null> {
    const row = (await sql<GroupRow>`SELECT * FROM groups WHERE gid = ${gid}`.execute(this.q)).rows[0];
    return row ? toGroup(row) : null;
  }

  async create(g: NewGroup): Promise<void> {
    const now = this.now();
    await sql`INSERT INTO groups (gid, name, topic, type, maxnum, auth, host_id, created_at, updated_at)
      VALUES (${g.gid}, ${g.name}, ${g.topic}, ${g.type}, ${g.maxnum}, ${g.auth}, ${g.hostId}, ${now}, ${now})`.execute(this.q);
    await this.addMember(g.gid, g.hostId, 'host');
  }

  async update(gid: string, changes: GroupChanges): Promise<void> {
    const current = await this.group(gid);
    if (!current) return;
    const next = { ...current, ...changes };
    await sql`UPDATE groups SET name = ${next.name}, topic = ${next.topic}, maxnum = ${next.maxnum}, auth = ${next.auth}, attrs = ${JSON.stringify(next.attrs)}, updated_at = ${this.now()}
      WHERE gid = ${gid}`.execute(this.q);
  }

  async member(gid: string, userId: string): Promise<Member | null> {
    const row = (await sql<MemberRow>`${MEMBER_SELECT} WHERE m.gid = ${gid} AND m.user_id = ${userId}`.execute(this.q)).rows[0];
    return row ? toMember(row) : null;
  }

  async members(gid: string): Promise<Member[]> {
    return (await sql<MemberRow>`${MEMBER_SELECT} WHERE m.gid = ${gid} ORDER BY m.joined_at, m.user_id`.execute(this.q)).rows.map(toMember);
  }

  /** The groups `userId` is a member of, newest joined first. */
  async groupsOf(userId: string): Promise<{ group: Group; member: Member }[]> {
    const rows = (
      await sql<GroupRow>`SELECT g.* FROM groups g JOIN group_members m ON m.gid = g.gid WHERE m.user_id = ${userId} ORDER BY m.joined_at DESC, g.gid`.execute(this.q)
    ).rows;
    const found: { group: Group; member: Member }[] = [];
    for (const row of rows) {
      const member = await this.member(row.gid, userId);
      if (member) found.push({ group: toGroup(row), member });
    }
    return found;
  }

  /** Invites sent to `userId` that nobody answered yet. */
  async pendingInvitesFor(userId: string): Promise<GroupRequest[]> {
    return (
      await sql<RequestRow>`SELECT * FROM group_requests WHERE kind = 'invite' AND to_id = ${userId} AND state = 'pending' ORDER BY created_at`.execute(this.q)
    ).rows.map(toRequest);
  }

  async memberCount(gid: string): Promise<number> {
    return (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM group_members WHERE gid = ${gid}`.execute(this.q)).rows[0]!.n;
  }

  async addMember(gid: string, userId: string, role: MemberRole): Promise<void> {
    const group = await this.group(gid);
    await sql`INSERT INTO group_members (gid, user_id, role, read_seq, joined_at) VALUES (${gid}, ${userId}, ${role}, ${group?.lastSeq ?? 0}, ${this.now()})`.execute(this.q);
  }

  async removeMember(gid: string, userId: string): Promise<void> {
    await sql`DELETE FROM group_members WHERE gid = ${gid} AND user_id = ${userId}`.execute(this.q);
  }

  async setRole(gid: string, userId: string, role: MemberRole): Promise<void> {
    await sql`UPDATE group_members SET role = ${role} WHERE gid = ${gid} AND user_id = ${userId}`.execute(this.q);
  }

  async setHost(gid: string, userId: string): Promise<void> {
    await sql`UPDATE groups SET host_id = ${userId}, updated_at = ${this.now()} WHERE gid = ${gid}`.execute(this.q);
  }

  async setPower(gid: string, userId: string, power: number): Promise<void> {
    await sql`UPDATE group_members SET power = ${power} WHERE gid = ${gid} AND user_id = ${userId}`.execute(this.q);
  }

  async setRecvSetting(gid: string, userId: string, setting: number): Promise<void> {
    await sql`UPDATE group_members SET recv_setting = ${setting} WHERE gid = ${gid} AND user_id = ${userId}`.execute(this.q);
  }

  /** Moves the read position forward only; returns the position kept. */
  async markRead(gid: string, userId: string, seq: number): Promise<number> {
    await sql`UPDATE group_members SET read_seq = CASE WHEN read_seq > ${seq} THEN read_seq ELSE ${seq} END WHERE gid = ${gid} AND user_id = ${userId}`.execute(this.q);
    return (await this.member(gid, userId))?.readSeq ?? 0;
  }

  async addRequest(r: Omit<GroupRequest, 'state'>): Promise<void> {
    await sql`INSERT INTO group_requests (cid, gid, kind, from_id, to_id, info, state, created_at)
      VALUES (${r.cid}, ${r.gid}, ${r.kind}, ${r.fromId}, ${r.toId}, ${JSON.stringify(r.info ?? {})}, 'pending', ${this.now()})`.execute(this.q);
  }

  async request(cid: string): Promise<GroupRequest | null> {
    const row = (await sql<RequestRow>`SELECT * FROM group_requests WHERE cid = ${cid}`.execute(this.q)).rows[0];
    return row ? toRequest(row) : null;
  }

  async pendingRequestFrom(gid: string, kind: RequestKind, fromId: string): Promise<GroupRequest | null> {
    const row = (
      await sql<RequestRow>`SELECT * FROM group_requests WHERE gid = ${gid} AND kind = ${kind} AND from_id = ${fromId} AND state = 'pending' ORDER BY created_at LIMIT 1`.execute(this.q)
    ).rows[0];
    return row ? toRequest(row) : null;
  }

  async answerRequest(cid: string, state: Exclude<RequestState, 'pending'>): Promise<void> {
    await sql`UPDATE group_requests SET state = ${state}, answered_at = ${this.now()} WHERE cid = ${cid} AND state = 'pending'`.execute(this.q);
  }

  /** Stores a group message under the group's next seq and returns that seq (the UPDATE holds the group's row: seqs are given one at a time). */
  async appendMessage(gid: string, mid: string, fromId: string, type: number, body: unknown): Promise<number> {
    const seq = (await sql<{ seq: number }>`UPDATE groups SET last_seq = last_seq + 1 WHERE gid = ${gid} RETURNING last_seq AS seq`.execute(this.q)).rows[0]?.seq ?? 0;
    await sql`INSERT INTO group_messages (gid, seq, mid, from_id, type, body, created_at) VALUES (${gid}, ${seq}, ${mid}, ${fromId}, ${type}, ${JSON.stringify(body)}, ${this.now()})`.execute(this.q);
    return seq;
  }

  async addPeerMessage(mid: string, fromId: string, toId: string, tocid: string, type: number, body: string): Promise<void> {
    await sql`INSERT INTO peer_messages (mid, from_id, to_id, tocid, type, body, created_at) VALUES (${mid}, ${fromId}, ${toId}, ${tocid}, ${type}, ${body}, ${this.now()})`.execute(this.q);
  }

  async peerMessageExists(mid: string): Promise<boolean> {
    return (await sql`SELECT 1 FROM peer_messages WHERE mid = ${mid}`.execute(this.q)).rows.length > 0;
  }

  /** Marks every unread peer message from `fromId` to `toId` read; returns how many. */
  async markPeerRead(toId: string, fromId: string): Promise<number> {
    return changedRows(await sql`UPDATE peer_messages SET read_at = ${this.now()} WHERE to_id = ${toId} AND from_id = ${fromId} AND read_at IS NULL`.execute(this.q));
  }
}
