/**
 * The worker's conversations (issue 16 item 3) through the realtime service: one socket,
 * every tab of the login told once, unread counts in step, the archive across a restart.
 */
import { describe, expect, it } from 'vitest';
import { ARCHIVE_DELAY_MS, type ConversationArchive } from './conversationBook';
import {
  EMPTY_CONVERSATIONS,
  groupKey,
  peerKey,
  peerMessageBody,
  reduceConversations,
  type ConversationsState,
} from './conversations';
import { createCountingRandom, createFakeClock, createFakeSocketFactory, createRecordingLogger } from './fakePorts';
import { createFakeRoomServer, type FakeRequestHandler } from './fakeRoomServer';
import type { FrameBody } from '../protocol/frame';
import type { SessionKey, TabUpdate } from './realtimeApi';
import { createRealtimeService } from './realtimeService';

const ROOM = '10001';
const KEY: SessionKey = { url: 'ws://host/ws', sid: 's1', userId: 'u-s1' };

function memoryArchive(): ConversationArchive & { readonly kept: Map<string, unknown>; saves: number } {
  const kept = new Map<string, unknown>();
  const archive = {
    kept,
    saves: 0,
    load: async (key: string) => kept.get(key),
    save: async (key: string, value: ConversationsState) => {
      archive.saves += 1;
      kept.set(key, JSON.parse(JSON.stringify(value)));
    },
  };
  return archive;
}

/** A group service as the fake server's handler: one group, its seq, reads and requests seen. */
function groupServer() {
  const seen: { code: number; body: FrameBody; uid: string }[] = [];
  let lastSeq = 3;
  let readSeq = 1;
  const handle: FakeRequestHandler = (code, body, uid) => {
    seen.push({ code, body, uid });
    if (code === 1431) {
      return {
        body: {
          groups: [{ gid: 'g1', name: 'Team', topic: '', type: 3, maxnum: 500, auth: 1, host: 'h', count: 2, role: 'member', power: 1, setting: 0, readSeq, lastSeq }],
          invites: [],
        },
      };
    }
    if (code === 1301) {
      lastSeq += 1;
      return { body: { gid: body.gid, seq: lastSeq, mid: body.mid } };
    }
    if (code === 1101) return body.to === 'nobody' ? { status: 4501, body: { msg: 'to: no such user' } } : { body: { mid: body.mid } };
    if (code === 1501) {
      if (typeof body.seq === 'number') readSeq = Math.max(readSeq, body.seq);
      return { body: { ...body } };
    }
    if (code === 1405) return { body: { gid: body.gid, cid: body.cid, response: body.response, joined: true } };
    return undefined;
  };
  return { seen, handle };
}

function setup(archive: ConversationArchive | null = null) {
  const clock = createFakeClock();
  const sockets = createFakeSocketFactory();
  const logger = createRecordingLogger();
  const groups = groupServer();
  const server = createFakeRoomServer(sockets, { handle: groups.handle });
  const service = createRealtimeService({
    socketFactory: sockets.factory,
    clock,
    random: createCountingRandom(),
    logger,
    watchTab: () => undefined,
    archive,
  });
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 30; i++) {
      server.pump();
      await Promise.resolve();
    }
  };
  return { clock, sockets, server, service, groups, settle, logger };
}

/** A tab's copy of the book, built only from its updates, as the page builds it. */
function tab(t: ReturnType<typeof setup>, tabId: string) {
  let book: ConversationsState = EMPTY_CONVERSATIONS;
  const updates: TabUpdate[] = [];
  t.service.hello(tabId, null);
  t.service.subscribe(KEY, { tabId, webcastId: ROOM, filter: 'all', visible: true }, (update) => {
    updates.push(update);
    if (update.conversations?.snapshot) book = update.conversations.snapshot;
    for (const event of update.conversations?.events ?? []) book = reduceConversations(book, event);
  });
  return {
    updates,
    get book() {
      return book;
    },
  };
}

describe('conversations in the realtime worker', () => {
  it('lists the groups for every tab of the login over the one socket', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    t.sockets.last.open();
    await t.settle();
    const listed = await Promise.all([t.service.listConversations('A', ROOM), t.settle()]).then(([r]) => r);
    expect(listed).toMatchObject({ ok: true, value: { listed: true } });
    expect(t.sockets.sockets).toHaveLength(1);
    for (const copy of [a, b]) expect(copy.book.conversations[groupKey('g1')]).toMatchObject({ title: 'Team', unread: 2 });
    // Nothing conversational went to the tabs before it was asked for: the chat's updates stay as they were.
    expect(a.updates[0]!.conversations).toBeUndefined();
  });

  it('asked before the socket is online, reads the list as soon as it is, and again after a reconnect', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const early = t.service.listConversations('A', ROOM);
    await t.settle();
    expect(await early).toMatchObject({ ok: false, reason: 'not-connected' });
    expect(a.book.listed).toBe(false);
    t.sockets.last.open();
    await t.settle();
    expect(a.book.listed).toBe(true);
    const lists = () => t.groups.seen.filter((r) => r.code === 1431).length;
    const before = lists();
    t.sockets.last.drop();
    t.clock.advance(5_000);
    t.sockets.last.open();
    await t.settle();
    expect(lists()).toBe(before + 1);
  });

  it('shows a direct message once in each tab, and reading it in one tab clears it in both and at the server', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    t.sockets.last.open();
    await t.settle();
    t.server.pushTo('u-s1', 1103, { mid: 'x1', from: 'bob', name: 'Bob', to: 'u-s1', body: peerMessageBody('hello', 0), time: 5 });
    t.server.pushTo('u-s1', 1103, { mid: 'x1', from: 'bob', name: 'Bob', to: 'u-s1', body: peerMessageBody('hello', 0), time: 5 });
    await t.settle();
    for (const copy of [a, b]) {
      expect(copy.book.conversations[peerKey('bob')]!.messages.map((m) => m.text)).toEqual(['hello']);
      expect(copy.book.conversations[peerKey('bob')]!.unread).toBe(1);
    }
    const read = t.service.markConversationRead('B', ROOM, peerKey('bob'));
    await t.settle();
    expect(await read).toEqual({ ok: true, value: null });
    for (const copy of [a, b]) expect(copy.book.conversations[peerKey('bob')]!.unread).toBe(0);
    expect(t.groups.seen.filter((r) => r.code === 1501).map((r) => r.body.from)).toEqual(['bob']);
    // Read already: no second request.
    const again = t.service.markConversationRead('A', ROOM, peerKey('bob'));
    await t.settle();
    await again;
    expect(t.groups.seen.filter((r) => r.code === 1501)).toHaveLength(1);
  });

  it('sends: a group message shows in every tab with its seq and marks the group read; a refused one shows nowhere', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    t.sockets.last.open();
    await t.settle();
    const list = t.service.listConversations('A', ROOM);
    await t.settle();
    await list;
    const sent = t.service.sendConversationMessage('A', ROOM, { kind: 'group', id: 'g1', title: 'Team', text: 'on my way' });
    await t.settle();
    expect(await sent).toMatchObject({ ok: true, value: { seq: 4 } });
    for (const copy of [a, b]) {
      const conversation = copy.book.conversations[groupKey('g1')]!;
      expect(conversation.messages.map((m) => [m.text, m.seq, m.mine])).toEqual([['on my way', 4, true]]);
      expect(conversation.unread).toBe(0);
    }
    const sentRequest = t.groups.seen.find((r) => r.code === 1301)!;
    expect(sentRequest.body).toMatchObject({ gid: 'g1', body: 'on my way', type: 1 });
    expect(String(sentRequest.body.mid)).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(t.groups.seen.filter((r) => r.code === 1501).map((r) => r.body.seq)).toEqual([4]);

    const direct = t.service.sendConversationMessage('B', ROOM, { kind: 'peer', id: 'bob', title: 'Bob', text: 'hi' });
    await t.settle();
    expect(await direct).toMatchObject({ ok: true });
    const peer = t.groups.seen.find((r) => r.code === 1101)!;
    expect(JSON.parse(String(peer.body.body))).toMatchObject({ node_type: 5, text: 'hi' });
    expect(a.book.conversations[peerKey('bob')]).toMatchObject({ title: 'Bob', unread: 0 });

    const refused = t.service.sendConversationMessage('A', ROOM, { kind: 'peer', id: 'nobody', title: 'Nobody', text: 'x' });
    await t.settle();
    expect(await refused).toMatchObject({ ok: false, status: 4501, msg: 'to: no such user' });
    expect(a.book.conversations[peerKey('nobody')]).toBeUndefined();
  });

  it('an invite answered in one tab stops waiting in every tab, and the list is read again', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    t.sockets.last.open();
    await t.settle();
    t.server.pushTo('u-s1', 1403, { gid: 'g1', cid: 'c1', inviter: 'h', invitee: 'u-s1', cancel: false, name: 'Team', info: {} });
    await t.settle();
    expect(b.book.notices).toEqual([expect.objectContaining({ id: 'c1', kind: 'invite', pending: true })]);
    const listsBefore = t.groups.seen.filter((r) => r.code === 1431).length;
    const answer = t.service.groupRequest('A', ROOM, 1405, { gid: 'g1', cid: 'c1', response: 1 });
    await t.settle();
    expect(await answer).toMatchObject({ ok: true, value: { joined: true } });
    for (const copy of [a, b]) expect(copy.book.notices[0]).toMatchObject({ id: 'c1', pending: false });
    expect(t.groups.seen.filter((r) => r.code === 1431).length).toBe(listsBefore + 1);
    expect(a.book.groups.g1).toMatchObject({ name: 'Team' });
    expect(await t.service.groupRequest('A', ROOM, 7101, {})).toMatchObject({ ok: false });
  });

  it('keeps the book in the archive and brings it back in a new worker', async () => {
    const archive = memoryArchive();
    const first = setup(archive);
    tab(first, 'A');
    first.sockets.last.open();
    await first.settle();
    first.server.pushTo('u-s1', 1103, { mid: 'k1', from: 'bob', name: 'Bob', to: 'u-s1', body: peerMessageBody('kept', 0), time: 5 });
    await first.settle();
    expect(archive.saves).toBe(0);
    first.clock.advance(ARCHIVE_DELAY_MS);
    await first.settle();
    expect(archive.saves).toBe(1);

    // A change written at once when a tab leaves (the worker may end with the last one).
    first.server.pushTo('u-s1', 1103, { mid: 'k2', from: 'bob', name: 'Bob', to: 'u-s1', body: peerMessageBody('just before leaving', 0), time: 6 });
    await first.settle();
    first.service.goodbye('A');
    await first.settle();
    expect(archive.saves).toBe(2);

    const second = setup(archive);
    const b = tab(second, 'B');
    second.sockets.last.open();
    await second.settle();
    expect(b.book.conversations[peerKey('bob')]!.messages.map((m) => m.text)).toEqual(['kept', 'just before leaving']);
    // Another user of the same server has a book of their own.
    expect([...archive.kept.keys()]).toEqual(['ws://host/ws\nu-s1']);
  });
});
