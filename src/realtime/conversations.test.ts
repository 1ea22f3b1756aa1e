import { describe, expect, it } from 'vitest';
import { CHAT_CUT_LENGTH } from '../domain/constants';
import {
  CONVERSATION_MESSAGES_KEPT,
  EMPTY_CONVERSATIONS,
  conversationOrder,
  groupKey,
  listChangedBy,
  peerKey,
  peerMessageBody,
  peerMessageText,
  readArchivedConversations,
  readConversationPush,
  readGroupList,
  reduceConversations,
  totalUnread,
  type ConversationEvent,
  type ConversationsState,
} from './conversations';

const ME = 'me';
const reduce = (events: readonly ConversationEvent[], from: ConversationsState = EMPTY_CONVERSATIONS): ConversationsState =>
  events.reduce(reduceConversations, from);

const groupRow = (gid: string, extra: Record<string, unknown> = {}) => ({
  gid,
  name: `Group ${gid}`,
  topic: '',
  type: 3,
  maxnum: 500,
  auth: 1,
  host: 'h',
  count: 3,
  role: 'member',
  power: 1,
  setting: 0,
  readSeq: 0,
  lastSeq: 0,
  ...extra,
});

const groupPush = (gid: string, seq: number, from = 'other', body: unknown = `hello ${seq}`) =>
  readConversationPush(1303, { gid, seq, mid: `m-${gid}-${seq}`, from, name: `Name ${from}`, type: 1, body, time: 1000 + seq }, ME, 5);

describe('reading pushes', () => {
  it('reads a peer message (1103) from its JSON text body into the sender\'s conversation', () => {
    const events = readConversationPush(1103, { mid: 'p1', from: 'bob', name: 'Bob', to: ME, body: peerMessageBody('hi there', 12_345), time: 9 }, ME, 0);
    expect(events).toEqual([
      { type: 'message', key: peerKey('bob'), kind: 'peer', id: 'bob', title: 'Bob', message: { mid: 'p1', from: 'bob', name: 'Bob', text: 'hi there', time: 9, seq: null, mine: false } },
    ]);
    expect(JSON.parse(peerMessageBody('x', 12_345))).toEqual({ node_type: 5, start: 12, text: 'x' });
  });

  it('shows a body of another kind as null (not shown), never throws, and cuts long text like the chat', () => {
    expect(peerMessageText('not json')).toBeNull();
    expect(peerMessageText('{"node_type":5}')).toBeNull();
    expect(peerMessageText(42)).toBeNull();
    const long = 'x'.repeat(CHAT_CUT_LENGTH + 10);
    expect(peerMessageText(JSON.stringify({ text: long }))).toBe(`${'x'.repeat(CHAT_CUT_LENGTH)}…`);
    for (const body of [{}, { gid: 1 }, { gid: 'g', seq: 'x' }, { mid: 5 }, null as unknown as object]) {
      for (const code of [1103, 1303, 1403, 1405, 1407, 1409, 1411, 1413, 1415, 1417, 1421, 1429, 1433, 9999]) {
        expect(() => readConversationPush(code, (body ?? {}) as Record<string, unknown>, ME, 0)).not.toThrow();
      }
    }
    expect(readConversationPush(1303, { gid: 'g', mid: 'm' }, ME, 0)).toEqual([]);
  });

  it('turns the group notices into notices; invites, applications and power applications wait for an answer', () => {
    const [invite] = readConversationPush(1403, { gid: 'g1', cid: 'c1', inviter: 'h', invitee: ME, cancel: false, name: 'Team', info: {} }, ME, 7);
    expect(invite).toEqual({ type: 'notice', notice: expect.objectContaining({ id: 'c1', kind: 'invite', gid: 'g1', groupName: 'Team', uid: 'h', pending: true, time: 7 }) });
    const cancelled = readConversationPush(1403, { gid: 'g1', cid: 'c1', inviter: 'h', invitee: ME, cancel: true }, ME, 8);
    expect(cancelled[0]).toEqual({ type: 'answered', id: 'c1' });
    expect(cancelled[1]).toMatchObject({ type: 'notice', notice: { kind: 'inviteCancelled', pending: false } });
    expect(readConversationPush(1407, { gid: 'g1', cid: 'c2', applicant: 'a', name: 'Ann' }, ME, 1)[0]).toMatchObject({
      notice: { id: 'c2', kind: 'application', name: 'Ann', pending: true },
    });
    expect(readConversationPush(1433, { gid: 'g1', cid: 'c3', uid: 'a', name: 'Ann', power: 1 }, ME, 1)[0]).toMatchObject({
      notice: { id: 'c3', kind: 'powerApplication', pending: true },
    });
    expect(readConversationPush(1421, { gid: 'g1', host: 'x', previous: 'h', hostName: 'Xu', groupName: 'Team' }, ME, 1)[0]).toMatchObject({
      notice: { kind: 'host', uid: 'x', name: 'Xu', groupName: 'Team', pending: false },
    });
    // The inviter is named by the server, never by what the inviting client wrote in `info`.
    const spoofed = readConversationPush(1403, { gid: 'g1', cid: 'c7', inviter: 'h', inviterName: 'Hal', info: { inviterName: 'The CEO' }, name: 'Team' }, ME, 1);
    expect(spoofed[0]).toMatchObject({ notice: { name: 'Hal' } });
    expect(readConversationPush(1411, { gid: 'g1', uid: ME, by: 'h' }, ME, 1)[0]).toMatchObject({ notice: { kind: 'removed', uid: 'h' } });
    expect(readConversationPush(1429, { gid: 'g1', uid: ME, power: 0, by: 'h' }, ME, 1)[0]).toMatchObject({ notice: { kind: 'power', value: 0 } });
  });

  it('says which pushes change the list of groups', () => {
    expect([1405, 1409, 1411, 1413, 1415, 1417, 1421, 1429].every(listChangedBy)).toBe(true);
    expect([1403, 1407, 1433, 1431, 1303, 1103].some(listChangedBy)).toBe(false);
  });

  it('reads the list answer, dropping malformed groups and invites', () => {
    const event = readGroupList({ groups: [groupRow('g1', { readSeq: 2, lastSeq: 5 }), { gid: 'bad' }, 7], invites: [{ gid: 'g2', cid: 'c9', inviter: 'h', name: 'Other' }, { cid: 'x' }] }, 3);
    expect(event.groups.map((g) => g.gid)).toEqual(['g1']);
    expect(event.invites).toEqual([expect.objectContaining({ id: 'c9', kind: 'invite', groupName: 'Other', pending: true })]);
  });
});

describe('the book', () => {
  it('lists groups with the server\'s unread count, then counts others\' new messages, never my own', () => {
    let state = reduce([readGroupList({ groups: [groupRow('g1', { readSeq: 2, lastSeq: 5 })] }, 0)]);
    expect(state.conversations[groupKey('g1')]).toMatchObject({ title: 'Group g1', unread: 3, messages: [] });
    state = reduce([...groupPush('g1', 6), ...groupPush('g1', 7, ME)], state);
    const conversation = state.conversations[groupKey('g1')]!;
    expect(conversation.messages.map((m) => [m.seq, m.mine])).toEqual([
      [6, false],
      [7, true],
    ]);
    // Writing in a conversation is reading it.
    expect(conversation.unread).toBe(0);
    expect(state.groups.g1).toMatchObject({ lastSeq: 7, readSeq: 7 });
    state = reduce(groupPush('g1', 8), state);
    expect(state.conversations[groupKey('g1')]!.unread).toBe(1);
    expect(totalUnread(state)).toBe(1);
  });

  it('keeps each message once (a push seen again, a restore) and in seq order', () => {
    let state = reduce([...groupPush('g1', 2), ...groupPush('g1', 1), ...groupPush('g1', 2)]);
    expect(state.conversations[groupKey('g1')]!.messages.map((m) => m.seq)).toEqual([1, 2]);
    const archived = readArchivedConversations(JSON.parse(JSON.stringify(state)))!;
    state = reduce([...groupPush('g1', 3), { type: 'restored', state: archived }], EMPTY_CONVERSATIONS);
    expect(state.conversations[groupKey('g1')]!.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('keeps the newest CONVERSATION_MESSAGES_KEPT messages of a conversation', () => {
    const events = Array.from({ length: CONVERSATION_MESSAGES_KEPT + 5 }, (_, i) => groupPush('g1', i + 1)).flat();
    const messages = reduce(events).conversations[groupKey('g1')]!.messages;
    expect(messages).toHaveLength(CONVERSATION_MESSAGES_KEPT);
    expect(messages[0]!.seq).toBe(6);
  });

  it('read clears the unread count and moves a group\'s read position; a second read changes nothing', () => {
    let state = reduce([readGroupList({ groups: [groupRow('g1', { lastSeq: 4 })] }, 0)]);
    state = reduce([{ type: 'read', key: groupKey('g1'), seq: 4 }], state);
    expect(state.conversations[groupKey('g1')]!.unread).toBe(0);
    expect(state.groups.g1!.readSeq).toBe(4);
    expect(reduceConversations(state, { type: 'read', key: groupKey('g1'), seq: 4 })).toBe(state);
  });

  it('a group no longer listed leaves the list; answered invites stop waiting', () => {
    let state = reduce([
      readGroupList({ groups: [groupRow('g1'), groupRow('g2')], invites: [{ gid: 'g3', cid: 'c3', inviter: 'h', name: 'G3' }] }, 0),
    ]);
    expect(totalUnread(state)).toBe(1);
    state = reduce([readGroupList({ groups: [groupRow('g2')], invites: [] }, 1)], state);
    expect(Object.keys(state.conversations)).toEqual([groupKey('g2')]);
    expect(state.notices[0]).toMatchObject({ id: 'c3', pending: false });
    expect(totalUnread(state)).toBe(0);
    state = reduce([{ type: 'notice', notice: { id: 'c4', kind: 'application', gid: 'g2', cid: 'c4', groupName: null, uid: 'a', name: 'A', value: null, time: 2, pending: true } }], state);
    state = reduce([{ type: 'answered', id: 'c4' }], state);
    expect(state.notices.find((n) => n.id === 'c4')?.pending).toBe(false);
  });

  it('orders conversations by their latest message', () => {
    const state = reduce([
      ...readConversationPush(1103, { mid: 'a', from: 'ann', name: 'Ann', body: peerMessageBody('1', 0), time: 10 }, ME, 0),
      ...readConversationPush(1103, { mid: 'b', from: 'bob', name: 'Bob', body: peerMessageBody('2', 0), time: 20 }, ME, 0),
    ]);
    expect(conversationOrder(state).map((c) => c.id)).toEqual(['bob', 'ann']);
  });

  it('reads an archive defensively: junk is dropped, text is cut', () => {
    expect(readArchivedConversations(null)).toBeNull();
    expect(readArchivedConversations({ conversations: 5, notices: [] })).toBeNull();
    const state = readArchivedConversations({
      conversations: {
        a: { kind: 'peer', id: 'bob', title: 'Bob', unread: 2, lastTime: 3, messages: [{ mid: 'm', from: 'bob', text: 'y'.repeat(CHAT_CUT_LENGTH + 1) }, { nope: 1 }] },
        b: { kind: 'weird', id: 'x', messages: [] },
      },
      notices: [{ id: 'n', kind: 'invite', gid: 'g', pending: true }, { id: 'z', kind: 'bogus', gid: 'g' }],
    })!;
    expect(Object.keys(state.conversations)).toEqual([peerKey('bob')]);
    expect(state.conversations[peerKey('bob')]!.messages[0]!.text).toHaveLength(CHAT_CUT_LENGTH + 1);
    expect(state.notices.map((n) => n.id)).toEqual(['n']);
  });
});
