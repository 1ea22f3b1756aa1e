// The groups tab's screens as first rendered, and the requests its actions send.
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../ui/staticRender';
import { EMPTY_CONVERSATIONS, readGroupList, reduceConversations, type ConversationsState, type GroupNotice } from '../../realtime/conversations';
import { memberActions } from '../../domain/groupRules';
import { ConversationList } from './ConversationList';
import { readRoomGroups, roomOffersGroups } from './RoomGroupOffer';
import { ConversationView } from './ConversationView';
import { NoticeList } from './NoticeList';
import { MEMBER_ACTION_REQUEST, noticeAnswer } from './groupRequests';
import type { GroupsActions } from './types';

const never = () => new Promise<never>(() => undefined);
const ACTIONS: GroupsActions = { listConversations: never, sendConversationMessage: never, markConversationRead: never, groupRequest: never };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const notice = (kind: GroupNotice['kind'], extra: Partial<GroupNotice> = {}): GroupNotice => ({
  id: `${kind}-1`,
  kind,
  gid: 'g1',
  cid: 'c1',
  groupName: 'Launch',
  uid: 'ann',
  name: 'Ann',
  value: null,
  time: 0,
  pending: false,
  ...extra,
});

const book = (events: Parameters<typeof reduceConversations>[1][]): ConversationsState => events.reduce(reduceConversations, EMPTY_CONVERSATIONS);

describe('the requests of the groups tab', () => {
  it('each member action sends its group request (SPEC 7.5)', () => {
    expect(MEMBER_ACTION_REQUEST.remove('g', 'u')).toEqual([1411, { gid: 'g', users: ['u'] }]);
    expect(MEMBER_ACTION_REQUEST.makeAdmin('g', 'u')).toEqual([1417, { gid: 'g', uid: 'u', admin: true }]);
    expect(MEMBER_ACTION_REQUEST.unmakeAdmin('g', 'u')).toEqual([1417, { gid: 'g', uid: 'u', admin: false }]);
    expect(MEMBER_ACTION_REQUEST.transferHost('g', 'u')).toEqual([1421, { gid: 'g', uid: 'u' }]);
    expect(MEMBER_ACTION_REQUEST.silence('g', 'u')).toEqual([1429, { gid: 'g', uid: 'u', power: 0 }]);
    expect(MEMBER_ACTION_REQUEST.unsilence('g', 'u')).toEqual([1429, { gid: 'g', uid: 'u', power: 1 }]);
    // Every action a host may take has a request.
    for (const action of memberActions('host', 'h', { uid: 'x', name: 'x', role: 'admin', power: 0 })) expect(MEMBER_ACTION_REQUEST[action]('g', 'x')[0]).toBeGreaterThan(1400);
  });

  it('answers an invitation (1405), an application (1409) and a request to speak (1429); other notices take none', () => {
    expect(noticeAnswer(notice('invite'), true)).toEqual([1405, { gid: 'g1', cid: 'c1', response: 1 }]);
    expect(noticeAnswer(notice('application'), false)).toEqual([1409, { gid: 'g1', cid: 'c1', response: 0 }]);
    expect(noticeAnswer(notice('powerApplication'), true)).toEqual([1429, { gid: 'g1', uid: 'ann', power: 1 }]);
    expect(noticeAnswer(notice('host'), true)).toBeNull();
    expect(noticeAnswer(notice('invite', { cid: null }), true)).toBeNull();
  });

  it('reads the room\'s groups defensively', () => {
    expect(readRoomGroups({ groups: [{ gid: 'g', name: 'G', intro: 'i', members: 3 }, { name: 'no gid' }, 5] })).toEqual([{ gid: 'g', name: 'G', intro: 'i', members: 3 }]);
    expect(readRoomGroups(null)).toEqual([]);
    // The room's group config: only an explicit yes (with groups, when it counts them) offers any.
    expect(roomOffersGroups({ enabled: true, count: 1 })).toBe(true);
    expect(roomOffersGroups({ enabled: true })).toBe(true);
    expect(roomOffersGroups({ enabled: true, count: 0 })).toBe(false);
    expect(roomOffersGroups({ enabled: 'yes', count: 3 })).toBe(false);
    expect(roomOffersGroups(null)).toBe(false);
  });
});

describe('the groups tab as rendered', () => {
  it('notices: the ones to answer have their buttons, answered ones say so, in the viewer\'s language', () => {
    const notices = [
      notice('invite', { id: 'a', pending: true }),
      notice('application', { id: 'b', pending: false }),
      notice('inviteReply', { id: 'c', value: 0 }),
      notice('power', { id: 'd', value: 0 }),
      notice('host', { id: 'e', uid: 'bob', name: 'Bob' }),
    ];
    const state: ConversationsState = { ...EMPTY_CONVERSATIONS, notices };
    const en = text(renderStatic(<NoticeList roomId="r" actions={ACTIONS} book={state} />));
    expect(en).toMatch(/Ann invited you to “Launch” [^]*? Decline Accept Ann asks to join/);
    expect(en).toContain('Ann asks to join “Launch”');
    expect(en).toContain('Answered');
    expect(en).toContain('Ann declined the invitation to “Launch”');
    expect(en).toContain('You were silenced in “Launch”');
    expect(en).toContain('Bob is now the host of “Launch”');
    expect(text(renderStatic(<NoticeList roomId="r" actions={ACTIONS} book={state} />, { lng: 'zh_cn' }))).toMatch(/Ann 邀请你加入“Launch” [^]*? 拒绝 接受 Ann 申请加入/);
    expect(text(renderStatic(<NoticeList roomId="r" actions={ACTIONS} book={EMPTY_CONVERSATIONS} />))).toContain('No notices');
  });

  it('conversations: the newest first, each with its last line and unread count; loading until the list came', () => {
    const state = book([
      readGroupList({ groups: [{ gid: 'g1', name: 'Launch', role: 'member', readSeq: 0, lastSeq: 2 }] }, 0),
      { type: 'message', key: 'p:bob', kind: 'peer', id: 'bob', title: 'Bob', message: { mid: 'm', from: 'bob', name: 'Bob', text: 'hi', time: 5, seq: null, mine: false } },
    ]);
    const html = renderStatic(<ConversationList roomId="r" actions={ACTIONS} book={state} onOpen={() => undefined} onCreate={() => undefined} />);
    expect(text(html).indexOf('Bob')).toBeLessThan(text(html).indexOf('Launch'));
    expect(html).toContain('aria-label="2 unread"');
    expect(html).toContain('aria-label="1 unread"');
    expect(text(html)).toContain('No messages yet');
    expect(text(renderStatic(<ConversationList roomId="r" actions={ACTIONS} book={EMPTY_CONVERSATIONS} onOpen={() => undefined} onCreate={() => undefined} />))).toContain('Loading');
  });

  it('a conversation says the server keeps no history, and the box goes where the viewer may not write', () => {
    const base = { roomId: 'r', actions: ACTIONS, id: 'g1', title: 'Launch', conversation: undefined, onBack: () => undefined, onMembers: null } as const;
    const open = text(renderStatic(<ConversationView {...base} kind="group" silenced={false} closed={false} />));
    expect(open).toContain('The server keeps no group history');
    expect(open).toContain('No messages yet');
    expect(renderStatic(<ConversationView {...base} kind="group" silenced={false} closed={false} />)).toContain('<textarea');
    expect(text(renderStatic(<ConversationView {...base} kind="group" silenced closed={false} />))).toContain('You have been silenced in this group');
    expect(text(renderStatic(<ConversationView {...base} kind="group" silenced={false} closed />))).toContain('You are no longer in this group');
    expect(text(renderStatic(<ConversationView {...base} kind="peer" silenced={false} closed={false} />))).toContain('no history of direct messages');
  });
});
