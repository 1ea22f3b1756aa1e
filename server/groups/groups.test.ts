/**
 * Group operations (SPEC 4, 7.5 codes 1401-1433), group and peer messages and mark read,
 * over real sockets on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameBody } from '../../src/protocol/frame';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { TestSocket } from '../testing/socketClient.js';
import { loginAs } from '../testing/roomFixtures.js';

let server: TestServer;
const sockets: TestSocket[] = [];

async function user(id: string): Promise<TestSocket> {
  const session = await loginAs(server.ctx, id, 'room-groups', { name: `Name ${id}` });
  const socket = await TestSocket.connect(server.url, session.sid);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

async function createGroup(host: TestSocket, body: FrameBody = {}): Promise<string> {
  const reply = await host.request(1401, { name: 'Team', ...body });
  expect(reply.status).toBe(200);
  return String(reply.gid);
}

describe('create, invite and reply', () => {
  it('creates with the SPEC defaults (type 3, maxnum 500, auth 1) and the creator as host', async () => {
    const host = await user('h1');
    const reply = await host.request(1401, { name: 'Defaults', topic: 'about' });
    expect(reply).toMatchObject({ status: 200, name: 'Defaults', topic: 'about', type: 3, maxnum: 500, auth: 1, host: 'h1', count: 1 });
  });

  it('invites: the invitee gets the notice, accepts, and the inviter gets the reply', async () => {
    const host = await user('h2');
    const guest = await user('g2');
    const gid = await createGroup(host);
    const invited = await host.request(1403, { gid, invitee: 'g2', info: '{"note":"join us"}' });
    expect(invited.status).toBe(200);
    const notice = await guest.nextPush(1403);
    // Names come from the store, never from what the inviting client put in `info`.
    expect(notice.body).toEqual({ gid, cid: invited.cid, info: { note: 'join us' }, inviter: 'h2', inviterName: 'Name h2', invitee: 'g2', cancel: false, name: 'Team' });

    const answer = await guest.request(1405, { gid, cid: invited.cid, response: 1 });
    expect(answer).toMatchObject({ status: 200, joined: true });
    const told = await host.nextPush(1405);
    expect(told.body).toMatchObject({ gid, cid: invited.cid, inviter: 'h2', invitee: 'g2', cancel: false, response: 1 });

    const members = await host.request(1431, { gid });
    expect((members.members as { uid: string; role: string }[]).map((m) => [m.uid, m.role])).toEqual([
      ['h2', 'host'],
      ['g2', 'member'],
    ]);
    // The invite is answered: replying again is refused.
    expect((await guest.request(1405, { gid, cid: invited.cid, response: 1 })).status).toBe(4501);
  });

  it('1431 without a gid lists the caller\'s groups with membership and unread, and the invites waiting', async () => {
    const host = await user('h20');
    const guest = await user('g20');
    const gid = await createGroup(host, { name: 'Mine' });
    await host.request(1301, { gid, body: 'one' });
    await host.request(1301, { gid, body: 'two' });
    const invited = await host.request(1403, { gid, invitee: 'g20' });

    const mine = await host.request(1431, {});
    expect(mine.groups).toEqual([
      expect.objectContaining({ gid, name: 'Mine', host: 'h20', count: 1, role: 'host', power: 1, setting: 0, readSeq: 0, lastSeq: 2 }),
    ]);
    expect(mine.invites).toEqual([]);

    const waiting = await guest.request(1431, {});
    expect(waiting.groups).toEqual([]);
    expect(waiting.invites).toEqual([{ gid, cid: invited.cid, info: {}, inviter: 'h20', inviterName: 'Name h20', invitee: 'g20', cancel: false, name: 'Mine' }]);
    await guest.request(1405, { gid, cid: invited.cid, response: 1 });
    const joined = await guest.request(1431, {});
    expect(joined.invites).toEqual([]);
    // A new member starts read up to the newest message: the past is not theirs to read.
    expect(joined.groups).toEqual([expect.objectContaining({ gid, role: 'member', count: 2, readSeq: 2, lastSeq: 2 })]);
  });

  it('cancels an invite with cancel: true, pushed to the invitee', async () => {
    const host = await user('h3');
    const guest = await user('g3');
    const gid = await createGroup(host);
    const invited = await host.request(1403, { gid, invitee: 'g3' });
    await guest.nextPush(1403);
    expect(await host.request(1403, { gid, cid: invited.cid, cancel: true })).toMatchObject({ status: 200, cancel: true });
    expect((await guest.nextPush(1403)).body).toMatchObject({ gid, cid: invited.cid, cancel: true });
    expect((await guest.request(1405, { gid, cid: invited.cid, response: 1 })).status).toBe(4501);
  });

  it('refuses invites from plain members of an approval group (4009), of unknown users and members (4501)', async () => {
    const host = await user('h4');
    const member = await user('m4');
    await user('x4');
    const gid = await createGroup(host, { auth: 0 });
    expect(await member.request(1407, { gid })).toMatchObject({ status: 200, joined: true });
    expect((await host.request(1415, { gid, auth: 1 })).status).toBe(200);
    expect((await member.request(1403, { gid, invitee: 'x4' })).status).toBe(4009);
    expect(await host.request(1403, { gid, invitee: 'nobody' })).toMatchObject({ status: 4501, msg: 'invitee: no such user' });
    expect(await host.request(1403, { gid, invitee: 'm4' })).toMatchObject({ status: 4501, msg: 'invitee: is already a member' });
    expect(await host.request(1403, { invitee: 'x4' })).toMatchObject({ status: 4501, msg: 'gid: is required' });
    expect(await host.request(1403, { gid: 'nope', invitee: 'x4' })).toMatchObject({ status: 4501, msg: 'gid: no such group' });
  });
});

describe('applications', () => {
  it('an approval group queues the application for the staff; the host accepts it', async () => {
    const host = await user('h5');
    const applicant = await user('a5');
    const gid = await createGroup(host);
    const applied = await applicant.request(1407, { gid, info: { why: 'hello' } });
    expect(applied).toMatchObject({ status: 200, joined: false });
    const notice = await host.nextPush(1407);
    expect(notice.body).toMatchObject({ gid, cid: applied.cid, applicant: 'a5', name: 'Name a5', info: { why: 'hello' } });

    // Only the host or admins answer applications.
    expect((await applicant.request(1409, { gid, cid: applied.cid, response: 1 })).status).toBe(4009);
    expect(await host.request(1409, { gid, cid: applied.cid, response: 1 })).toMatchObject({ status: 200, response: 1 });
    expect((await applicant.nextPush(1409)).body).toMatchObject({ gid, cid: applied.cid, response: 1 });
    expect((await applicant.request(1431, { gid, uid: 'a5' })).member).toMatchObject({ uid: 'a5', role: 'member' });
  });

  it('a closed group refuses applications (4009); a full group refuses joins (4201)', async () => {
    const host = await user('h6');
    const first = await user('f6');
    const second = await user('s6');
    const closed = await createGroup(host, { auth: 2 });
    expect((await first.request(1407, { gid: closed })).status).toBe(4009);

    const small = await createGroup(host, { auth: 0, maxnum: 2 });
    expect(await first.request(1407, { gid: small })).toMatchObject({ status: 200, joined: true });
    expect(await second.request(1407, { gid: small })).toMatchObject({ status: 4201, msg: 'the group is full' });
    expect((await host.request(1403, { gid: small, invitee: 's6' })).status).toBe(4201);
    expect(await host.request(1415, { gid: small, maxnum: 1 })).toMatchObject({ status: 4501 });
  });

  it('accepting an invite into a group that filled meanwhile is 4201', async () => {
    const host = await user('h7');
    const late = await user('l7');
    const early = await user('e7');
    const gid = await createGroup(host, { maxnum: 2 });
    const invited = await host.request(1403, { gid, invitee: 'l7' });
    const other = await host.request(1403, { gid, invitee: 'e7' });
    expect((await early.request(1405, { gid, cid: other.cid, response: 1 })).status).toBe(200);
    expect((await late.request(1405, { gid, cid: invited.cid, response: 1 })).status).toBe(4201);
  });
});

describe('host operations', () => {
  it('sets admins, removes members, transfers host; refuses non-hosts with 4009', async () => {
    const host = await user('h8');
    const admin = await user('a8');
    const member = await user('m8');
    const other = await user('o8');
    const gid = await createGroup(host, { auth: 0 });
    for (const s of [admin, member, other]) expect((await s.request(1407, { gid })).status).toBe(200);

    expect((await member.request(1417, { gid, uid: 'a8', admin: true })).status).toBe(4009);
    expect(await host.request(1417, { gid, uid: 'a8', admin: true })).toMatchObject({ status: 200, admin: true });
    expect((await admin.nextPush(1417)).body).toEqual({ gid, uid: 'a8', admin: true, name: 'Name a8', groupName: 'Team' });

    // An admin removes plain members, not the host or other admins.
    expect((await admin.request(1411, { gid, users: ['h8'] })).status).toBe(4009);
    expect(await admin.request(1411, { gid, users: ['o8'] })).toMatchObject({ status: 200, users: ['o8'] });
    expect((await other.nextPush(1411)).body).toEqual({ gid, uid: 'o8', by: 'a8', byName: 'Name a8', groupName: 'Team' });
    expect(await admin.request(1411, { gid, users: ['o8'] })).toMatchObject({ status: 4501, msg: 'users[0]: is not a member' });
    expect((await member.request(1411, { gid, users: ['a8'] })).status).toBe(4009);
    expect((await admin.request(1411, { gid, users: [] })).status).toBe(4501);

    expect((await admin.request(1421, { gid, uid: 'm8' })).status).toBe(4009);
    expect(await host.request(1421, { gid, uid: 'm8' })).toMatchObject({ status: 200, host: 'm8', previous: 'h8' });
    expect((await member.nextPush(1421)).body).toEqual({ gid, host: 'm8', previous: 'h8', hostName: 'Name m8', groupName: 'Team' });
    const roles = (await member.request(1431, { gid })).members as { uid: string; role: string }[];
    expect(Object.fromEntries(roles.map((m) => [m.uid, m.role]))).toEqual({ h8: 'member', a8: 'admin', m8: 'host' });
    // The old host runs the group no more: removing is refused.
    expect((await host.request(1411, { gid, users: ['a8'] })).status).toBe(4009);
  });

  it('sets attributes (pushed to members); the host cannot exit, members can', async () => {
    const host = await user('h9');
    const member = await user('m9');
    const gid = await createGroup(host, { auth: 0 });
    await member.request(1407, { gid });
    expect((await member.request(1415, { gid, name: 'Mine' })).status).toBe(4009);
    const set = await host.request(1415, { gid, name: 'Renamed', topic: 'news', attrs: { colour: '#fff' } });
    expect(set).toMatchObject({ status: 200, name: 'Renamed', topic: 'news', attrs: { colour: '#fff' }, count: 2 });
    expect((await member.nextPush(1415)).body).toMatchObject({ gid, name: 'Renamed' });
    expect(await host.request(1415, { gid })).toMatchObject({ status: 4501 });
    expect(await host.request(1415, { gid, auth: 7 })).toMatchObject({ status: 4501, msg: 'auth: must be one of 0, 1, 2' });

    expect((await host.request(1413, { gid })).status).toBe(4501);
    expect(await member.request(1413, { gid })).toMatchObject({ status: 200 });
    expect((await host.nextPush(1413)).body).toEqual({ gid, uid: 'm9', name: 'Name m9', groupName: 'Renamed' });
    expect((await member.request(1431, { gid })).status).toBe(4009);
  });

  it('power: a silenced member cannot post (4402), applies for power, the host grants it', async () => {
    const host = await user('h10');
    const member = await user('m10');
    const gid = await createGroup(host, { auth: 0 });
    await member.request(1407, { gid });
    expect((await member.request(1429, { gid, uid: 'h10', power: 0 })).status).toBe(4009);
    expect(await host.request(1429, { gid, uid: 'm10', power: 0 })).toMatchObject({ status: 200, power: 0 });
    expect((await member.nextPush(1429)).body).toMatchObject({ gid, uid: 'm10', power: 0 });
    expect((await member.request(1301, { gid, body: 'hello' })).status).toBe(4402);

    const applied = await member.request(1433, { gid, info: { reason: 'please' } });
    expect(applied.status).toBe(200);
    expect((await host.nextPush(1433)).body).toMatchObject({ gid, cid: applied.cid, uid: 'm10', power: 1 });
    expect((await host.request(1429, { gid, uid: 'm10', power: 1 })).status).toBe(200);
    expect((await member.request(1301, { gid, body: 'hello' })).status).toBe(200);
    expect((await member.request(1433, { gid })).status).toBe(4501);
  });
});

describe('messages', () => {
  it('1301 pushes 1303 to the other members (not to one who turned pushes off) and 1501 marks read', async () => {
    const host = await user('h11');
    const reader = await user('r11');
    const quiet = await user('q11');
    const gid = await createGroup(host, { auth: 0 });
    await reader.request(1407, { gid });
    await quiet.request(1407, { gid });
    expect(await quiet.request(1425, { gid, setting: 2 })).toMatchObject({ status: 200, setting: 2 });

    const sent = await host.request(1301, { gid, body: 'hi all [smile]' });
    expect(sent).toMatchObject({ status: 200, gid, seq: 1 });
    const push = await reader.nextPush(1303);
    expect(push.body).toMatchObject({ gid, seq: 1, mid: sent.mid, from: 'h11', name: 'Name h11', type: 1, body: 'hi all [smile]' });
    expect(host.received(1303)).toHaveLength(0);

    await host.request(1301, { gid, body: { card: 'x' }, type: 2 });
    expect((await reader.nextPush(1303)).body).toMatchObject({ seq: 2, type: 2, body: { card: 'x' } });
    expect(quiet.received(1303)).toHaveLength(0);

    expect(await reader.request(1501, { gid, seq: 1 })).toMatchObject({ status: 200, seq: 1, unread: 1 });
    expect(await reader.request(1501, { gid, seq: 9 })).toMatchObject({ status: 4501 });
    expect((await host.request(1301, { gid })).status).toBe(4501);
    expect((await host.request(1301, { gid, body: 'x'.repeat(2001) })).status).toBe(4501);
  });

  it('1101 peer message pushes 1103 to `to`; 1501 {from} marks it read', async () => {
    const sender = await user('p1');
    const receiver = await user('p2');
    const body = JSON.stringify({ node_type: 5, start: 12 });
    const sent = await sender.request(1101, { to: 'p2', tocid: 'c-1', body });
    expect(sent.status).toBe(200);
    const push = await receiver.nextPush(1103);
    expect(push.body).toMatchObject({ mid: sent.mid, from: 'p1', to: 'p2', tocid: 'c-1', type: 1, body });
    expect(JSON.parse(String(push.body.body))).toEqual({ node_type: 5, start: 12 });
    expect(await receiver.request(1501, { from: 'p1' })).toMatchObject({ status: 200, read: 1 });

    expect((await sender.request(1101, { to: 'p2', body: 'not json' })).status).toBe(4501);
    expect((await sender.request(1101, { to: 'p2', body: '{"start":-1}' })).status).toBe(4501);
    expect((await sender.request(1101, { to: 'nobody', body })).status).toBe(4501);
    expect((await sender.request(1101, { to: 'p1', body })).status).toBe(4501);
    expect((await sender.request(1501, {})).status).toBe(4501);
  });

  it('keeps groups and messages across a restart', async () => {
    const host = await user('h12');
    const gid = await createGroup(host);
    await host.request(1301, { gid, body: 'persisted' });
    host.close();
    server = await server.restart();
    const again = await user('h12');
    const info = await again.request(1431, { gid, uid: 'h12' });
    expect(info.member).toMatchObject({ role: 'host' });
    expect((await again.request(1301, { gid, body: 'after' })).seq).toBe(2);
  });
});
