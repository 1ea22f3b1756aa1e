import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { createRoomHub, GAP_TRANSITIONS, HISTORY_RETRIES, type HistoryMessage, type HubChange, type RoomHub } from './roomHub';

const ROOM = 'w1';

function chat(offset: number, extra: Record<string, unknown> = {}): HistoryMessage {
  return { code: 7101, body: { webcastId: ROOM, offset, msgId: `m${offset}`, uid: `u${offset % 3}`, role: 5, sendTime: offset, body: `text ${offset}`, ...extra } };
}
function withdraw(offset: number, msgId: string): HistoryMessage {
  return { code: 7103, body: { webcastId: ROOM, offset, msgId } };
}

/** A fake timer: tasks run only when the test advances time. */
function fakeScheduler() {
  let now = 0;
  const tasks: Array<{ at: number; fn: () => void; cancelled: boolean }> = [];
  return {
    schedule(fn: () => void, ms: number) {
      const task = { at: now + ms, fn, cancelled: false };
      tasks.push(task);
      return () => {
        task.cancelled = true;
      };
    },
    delays: () => tasks.map((t) => t.at),
    advance(ms: number) {
      now += ms;
      for (const t of tasks.splice(0).filter((x) => !x.cancelled)) {
        if (t.at <= now) t.fn();
        else tasks.push(t);
      }
    },
  };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Setup {
  hub: RoomHub;
  changes: HubChange[];
  calls: Array<[number, number]>;
  timer: ReturnType<typeof fakeScheduler>;
}

/** A hub whose history serves `source` (by offset), or fails while `failing()` says so. */
function setup(source: Map<number, HistoryMessage> = new Map(), failing: () => boolean = () => false, myUid: string | null = 'u1'): Setup {
  const changes: HubChange[] = [];
  const calls: Array<[number, number]> = [];
  const timer = fakeScheduler();
  const hub = createRoomHub({
    webcastId: ROOM,
    myUid,
    schedule: timer.schedule,
    onChange: (c) => changes.push(c),
    requestHistory: (after, limit) => {
      calls.push([after, limit]);
      if (failing()) return Promise.reject(new Error('down'));
      const out: HistoryMessage[] = [];
      for (let o = after + 1; o <= after + limit; o++) {
        const m = source.get(o);
        if (m !== undefined) out.push(m);
      }
      return Promise.resolve(out);
    },
  });
  return { hub, changes, calls, timer };
}

const offsets = (hub: RoomHub) => hub.snapshot().entries.map((e) => e.offset);

describe('room hub: offsets', () => {
  it('applies messages in offset order and appends each', () => {
    const { hub, changes } = setup();
    for (let o = 1; o <= 3; o++) hub.apply(7101, chat(o).body);
    expect(offsets(hub)).toEqual([1, 2, 3]);
    expect(changes.map((c) => c.appended.map((e) => e.offset))).toEqual([[1], [2], [3]]);
    expect(hub.lastOffset()).toBe(3);
  });

  it('drops offsets already applied and counts them', () => {
    const { hub, changes } = setup();
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(2).body);
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(2).body);
    expect(offsets(hub)).toEqual([1, 2]);
    expect(hub.stats().duplicates).toBe(2);
    expect(changes).toHaveLength(2);
  });

  it('start(offset) sets the starting point', () => {
    const { hub, calls } = setup();
    hub.start(40);
    hub.apply(7101, chat(40).body);
    hub.apply(7101, chat(41).body);
    expect(offsets(hub)).toEqual([41]);
    expect(calls).toEqual([]);
    expect(hub.lastOffset()).toBe(41);
  });

  it('start() never moves back, and reports a forward jump past applied messages as a skip', () => {
    const { hub, changes } = setup();
    for (let o = 1; o <= 3; o++) hub.apply(7101, chat(o).body);
    hub.start(1);
    expect(hub.lastOffset()).toBe(3);
    hub.apply(7101, chat(2).body);
    expect(offsets(hub)).toEqual([1, 2, 3]);
    hub.start(10);
    expect(changes.at(-1)?.skipped).toEqual({ after: 3, upTo: 10 });
    expect(hub.stats().gapsSkipped).toBe(1);
    hub.apply(7101, chat(11).body);
    expect(offsets(hub)).toEqual([1, 2, 3, 11]);
  });

  it('ignores messages of another room', () => {
    const { hub } = setup();
    hub.apply(7101, { ...chat(1).body, webcastId: 'other' });
    expect(offsets(hub)).toEqual([]);
    expect(hub.stats().otherRoom).toBe(1);
    expect(hub.lastOffset()).toBe(0);
  });

  it('a gap is filled from history before later messages are shown, in order', async () => {
    const source = new Map([2, 3, 4].map((o) => [o, chat(o)] as const));
    const { hub, changes, calls } = setup(source);
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(5).body);
    hub.apply(7101, chat(6).body);
    expect(offsets(hub)).toEqual([1]);
    expect(calls).toEqual([[1, 3]]);
    await flush();
    expect(offsets(hub)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(changes.at(-1)?.appended.map((e) => e.offset)).toEqual([2, 3, 4, 5, 6]);
    expect(hub.stats().gapsFilled).toBe(1);
  });

  it('fetches a large gap page by page (limit at most 500)', async () => {
    const source = new Map(Array.from({ length: 1200 }, (_, i) => [i + 1, chat(i + 1)] as const));
    const { hub, calls, changes } = setup(source);
    hub.apply(7101, chat(1201).body);
    for (let i = 0; i < 5; i++) await flush();
    expect(calls).toEqual([
      [0, 500],
      [500, 500],
      [1000, 200],
    ]);
    expect(offsets(hub)).toEqual(Array.from({ length: 200 }, (_, i) => 1002 + i));
    // a page longer than the buffer replaces it rather than appending 500 entries
    expect(changes[0]?.replaced?.length).toBe(200);
    expect(changes[0]?.appended).toEqual([]);
  });

  it('retries a failing history with growing waits, then skips the gap and reports it', async () => {
    const { hub, calls, changes, timer } = setup(new Map(), () => true);
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(5).body);
    await flush();
    expect(calls).toHaveLength(1);
    const waits = [1000, 2000, 4000];
    for (const wait of waits) {
      const before = calls.length;
      timer.advance(wait - 1);
      expect(calls.length).toBe(before);
      timer.advance(1);
      expect(calls.length).toBe(before + 1);
      await flush();
    }
    expect(calls).toHaveLength(HISTORY_RETRIES + 1);
    expect(offsets(hub)).toEqual([1, 5]);
    expect(changes.at(-1)?.skipped).toEqual({ after: 1, upTo: 4 });
    expect(hub.stats()).toMatchObject({ gapsSkipped: 1, historyFailures: 4 });
    hub.apply(7101, chat(6).body);
    expect(offsets(hub)).toEqual([1, 5, 6]);
  });

  it('an empty history page counts as a failure, and a later success resets the count', async () => {
    let fail = true;
    const source = new Map([[2, chat(2)]]);
    const { hub, calls, timer } = setup(source, () => fail);
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(3).body);
    await flush();
    fail = false;
    timer.advance(1000);
    await flush();
    expect(calls).toHaveLength(2);
    expect(offsets(hub)).toEqual([1, 2, 3]);
    expect(hub.stats().gapsSkipped).toBe(0);
  });

  it('start() drops a gap in progress and ignores its late answer', async () => {
    const source = new Map([[2, chat(2)]]);
    const { hub } = setup(source);
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(3).body);
    hub.start(10);
    await flush();
    expect(offsets(hub)).toEqual([1]);
    expect(hub.lastOffset()).toBe(10);
  });

  it('holds a bounded number of messages while filling', async () => {
    const changes: HubChange[] = [];
    let release: (v: HistoryMessage[]) => void = () => undefined;
    const hub = createRoomHub({
      webcastId: ROOM,
      myUid: null,
      heldMax: 3,
      schedule: () => () => undefined,
      onChange: (c) => changes.push(c),
      requestHistory: () => new Promise((resolve) => (release = resolve)),
    });
    for (const o of [5, 6, 7, 8, 3]) hub.apply(7101, chat(o).body);
    expect(hub.stats().heldDropped).toBe(2);
    release([chat(1), chat(2)]);
    await flush();
    expect(offsets(hub)).toEqual([1, 2, 3]);
  });

  it('the gap machine only moves along its table', () => {
    expect(GAP_TRANSITIONS.idle.gapSeen).toBe('fetching');
    expect(GAP_TRANSITIONS.idle.failed).toBeUndefined();
    expect(GAP_TRANSITIONS.backingOff.retryDue).toBe('fetching');
  });
});

describe('room hub: chat', () => {
  it('keeps the latest 200 entries', () => {
    const { hub } = setup();
    for (let o = 1; o <= 250; o++) hub.apply(7101, chat(o).body);
    expect(offsets(hub)).toEqual(Array.from({ length: 200 }, (_, i) => 51 + i));
  });

  it('withdraw removes the entry and reports it', () => {
    const { hub, changes } = setup();
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(2).body);
    hub.apply(7103, withdraw(3, 'm1').body);
    expect(hub.snapshot().entries.map((e) => e.msgId)).toEqual(['m2']);
    expect(changes.at(-1)?.withdrawn.map((e) => e.msgId)).toEqual(['m1']);
    hub.apply(7103, withdraw(4, 'unknown').body);
    expect(changes).toHaveLength(3);
    expect(hub.lastOffset()).toBe(4);
  });

  it('a withdraw recomputes the meshType of the entry that followed, and replaces the list', () => {
    const { hub, changes } = setup();
    hub.apply(7101, chat(1, { uid: 'a' }).body);
    hub.apply(7101, chat(2, { uid: 'b' }).body);
    hub.apply(7101, chat(3, { uid: 'b' }).body);
    hub.apply(7103, withdraw(4, 'm2').body);
    expect(hub.snapshot().entries.map((e) => [e.msgId, e.meshType])).toEqual([
      ['m1', false],
      ['m3', false],
    ]);
    expect(changes.at(-1)?.replaced?.map((e) => e.msgId)).toEqual(['m1', 'm3']);
    hub.apply(7101, chat(5, { uid: 'c' }).body);
    hub.apply(7101, chat(6, { uid: 'b' }).body);
    hub.apply(7103, withdraw(7, 'm5').body);
    expect(hub.snapshot().entries.at(-1)?.meshType).toBe(true);
    hub.apply(7103, withdraw(8, 'm6').body);
    expect(changes.at(-1)?.replaced).toBeNull();
  });

  it('marks meshType, own messages and labels', () => {
    const { hub } = setup();
    hub.apply(7101, chat(1, { uid: 'u1' }).body);
    hub.apply(7101, chat(2, { uid: 'u1' }).body);
    hub.apply(7101, chat(3, { uid: 'u2', role: 8 }).body);
    const [a, b, c] = hub.snapshot().entries;
    expect([a?.meshType, b?.meshType, c?.meshType]).toEqual([false, true, false]);
    expect([a?.roleLabel, c?.roleLabel]).toEqual(['role.me', 'role.assistant']);
  });

  it('a malformed message is dropped and counted, its offset still consumed, nothing thrown', () => {
    const { hub } = setup();
    hub.apply(7101, { webcastId: ROOM, offset: 1, uid: 'x' });
    hub.apply(7101, { webcastId: ROOM, offset: 'x' });
    hub.apply(7101, null as unknown as Record<string, unknown>);
    hub.apply(7105, { webcastId: ROOM, offset: 2, open: 'yes' });
    hub.apply(7999, { webcastId: ROOM, offset: 3 });
    hub.apply(7101, chat(4).body);
    expect(offsets(hub)).toEqual([4]);
    expect(hub.stats()).toMatchObject({ malformed: 4, unknownCode: 1 });
  });
});

describe('room hub: room state', () => {
  it('holds chat state, and a staffOnly flip replaces the list', () => {
    const { hub, changes } = setup();
    hub.apply(7101, chat(1).body);
    hub.apply(7105, { webcastId: ROOM, offset: 2, open: false, review: true, pictures: false, staffOnly: false, muted: ['u7'] });
    expect(hub.snapshot().state.chat).toEqual({ open: false, review: true, pictures: false, staffOnly: false, muted: ['u7'] });
    expect(changes.at(-1)?.replaced).toBeNull();
    expect(changes.at(-1)?.state.chat?.open).toBe(false);
    hub.apply(7105, { webcastId: ROOM, offset: 3, open: true, review: false, pictures: true, staffOnly: true, muted: [] });
    expect(changes.at(-1)?.replaced?.map((e) => e.offset)).toEqual([1]);
  });

  it('holds live status, counts, gifts, lottery, paper, roll call, red packet, goods, Q&A and captions', () => {
    const { hub } = setup();
    const msgs: HistoryMessage[] = [
      { code: 7107, body: { status: 3, replay: 'https://r.test/v.m3u8' } },
      { code: 7109, body: { online: 10, praise: 3 } },
      { code: 7111, body: { uid: 'u2', name: 'B', gift: 'rose', count: 2, amount: '1.50' } },
      { code: 7113, body: { raffleId: 'r1', state: 'end', winners: [{ uid: 'u1', name: 'A' }] } },
      { code: 7115, body: { kind: 'paper', id: 'p1' } },
      { code: 7117, body: { confId: 'c', id: 'rc', deadline: 9 } },
      { code: 7119, body: { id: 'rp', state: 1 } },
      { code: 7121, body: { kind: 'goods', id: 'g1' } },
      { code: 7123, body: { state: 'on' } },
      { code: 7123, body: { question: { qaId: 'q', parentId: null, uid: 'u', name: 'A', content: 'why?', status: 'answered', answer: 'because', createdAt: 1 } } },
      { code: 7125, body: { text: 'hi', start: 1, end: 2, lang: 'en' } },
    ];
    msgs.forEach((m, i) => hub.apply(m.code, { ...m.body, webcastId: ROOM, offset: i + 1 }));
    const s = hub.snapshot().state;
    expect(s.live).toEqual({ status: 3, replay: 'https://r.test/v.m3u8' });
    expect(s.counts).toEqual({ online: 10, praise: 3 });
    expect(s.gifts).toEqual([{ uid: 'u2', name: 'B', gift: 'rose', count: 2, amount: '1.50', seq: 1, history: false }]);
    expect(s.lottery).toEqual({ raffleId: 'r1', state: 'end', winners: [{ uid: 'u1', name: 'A' }], title: null, prize: null, winnerCount: null, password: false, seedHash: null, entrantsHash: null });
    expect(s.paper).toEqual({ kind: 'paper', id: 'p1', confId: null });
    expect(s.rollCall).toEqual({ confId: 'c', id: 'rc', deadline: 9 });
    expect(s.redPacket).toEqual({ id: 'rp', state: 1 });
    expect(s.goods).toEqual({ kind: 'goods', id: 'g1' });
    expect(s.qa).toEqual({ state: 'on', lastChanged: { qaId: 'q', parentId: null, uid: 'u', name: 'A', content: 'why?', status: 'answered', answer: 'because', createdAt: 1, votes: null, voted: null }, tally: null });
    expect(s.captions).toEqual([{ text: 'hi', start: 1, end: 2, lang: 'en' }]);
    expect(hub.stats().malformed).toBe(0);
  });

  it('keeps only the latest few gifts and captions', () => {
    const { hub } = setup();
    for (let o = 1; o <= 8; o++) hub.apply(7111, { webcastId: ROOM, offset: o, uid: 'u', name: 'n', gift: 'heart', count: o });
    for (let o = 9; o <= 18; o++) hub.apply(7125, { webcastId: ROOM, offset: o, text: `c${o}`, start: o, end: o });
    const s = hub.snapshot().state;
    expect(s.gifts.map((g) => g.count)).toEqual([4, 5, 6, 7, 8]);
    // Six captions: two lines in each of a few languages arriving in one batch.
    expect(s.captions.map((c) => c.text)).toEqual(['c13', 'c14', 'c15', 'c16', 'c17', 'c18']);
  });

  it('takes room control only when it is for me', () => {
    const { hub, changes } = setup();
    hub.apply(7127, { webcastId: ROOM, offset: 1, uid: 'u9', action: 'kick' });
    expect(hub.snapshot().state.control).toBeNull();
    expect(changes).toHaveLength(0);
    hub.apply(7127, { webcastId: ROOM, offset: 2, uid: 'u1', action: 'mute', text: 'calm down' });
    expect(hub.snapshot().state.control).toEqual({ action: 'mute', text: 'calm down', offset: 2 });
  });

  it('does not take a kick replayed from before this session joined (an earlier session, since readmitted)', () => {
    const { hub } = setup();
    // Joined when the room was at offset 5; the server replays 3 to 5.
    hub.start(2, 5);
    hub.apply(7127, { webcastId: ROOM, offset: 3, uid: 'u1', action: 'kick' });
    expect(hub.snapshot().state.control).toBeNull();
    hub.apply(7127, { webcastId: ROOM, offset: 4, uid: 'u1', action: 'notice', text: 'welcome back' });
    expect(hub.snapshot().state.control).toEqual({ action: 'notice', text: 'welcome back', offset: 4 });
    expect(hub.stats().malformed).toBe(0);
    // A kick after the join is this session's.
    hub.apply(7101, chat(5).body);
    hub.apply(7127, { webcastId: ROOM, offset: 6, uid: 'u1', action: 'kick' });
    expect(hub.snapshot().state.control).toEqual({ action: 'kick', text: '', offset: 6 });
    // A rejoin's later start does not move the join point: a kick missed while offline counts.
    hub.start(6, 9);
    hub.apply(7127, { webcastId: ROOM, offset: 7, uid: 'u1', action: 'kick', text: 'again' });
    expect(hub.snapshot().state.control).toEqual({ action: 'kick', text: 'again', offset: 7 });
  });

  it('marks gifts replayed from before this session joined as history: kept, never shown as events', () => {
    const { hub } = setup();
    hub.start(2, 4);
    hub.apply(7111, { webcastId: ROOM, offset: 3, uid: 'u1', name: 'A', gift: 'rose', count: 1, amount: '0.10' });
    hub.apply(7111, { webcastId: ROOM, offset: 4, uid: 'u2', name: 'B', gift: 'heart', count: 2, amount: '1.00' });
    hub.apply(7111, { webcastId: ROOM, offset: 5, uid: 'u3', name: 'C', gift: 'rocket', count: 1, amount: '50.00' });
    expect(hub.snapshot().state.gifts.map((g) => [g.uid, g.seq, g.history])).toEqual([
      ['u1', 1, true],
      ['u2', 2, true],
      ['u3', 3, false],
    ]);
  });

  it('reports the gap counters when a gap is filled or skipped, and the entries a page brought beyond the buffer', async () => {
    const source = new Map<number, HistoryMessage>();
    for (let o = 1; o <= 600; o++) source.set(o, chat(o));
    const { hub, changes } = setup(source);
    hub.apply(7101, chat(601).body);
    await flush();
    await flush();
    expect(hub.sync()).toEqual({ gapsFilled: 1, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 });
    expect(changes.filter((c) => c.sync !== null).map((c) => c.sync)).toEqual([{ gapsFilled: 1, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 }]);
    // The first page brought 500 entries at once, the buffer keeps 200: the 300 it could not
    // keep were never any tab's. (The second page's 101 push out entries already handed on:
    // whether a tab got those is the coalescer's to say.)
    const passed = changes.reduce((n, c) => n + c.passedOver.length, 0);
    expect(passed).toBe(300);
    expect(offsets(hub)).toHaveLength(200);
    hub.start(700);
    expect(hub.sync()).toEqual({ gapsFilled: 1, gapsSkipped: 1, messagesSkipped: 99, messagesThinned: 0 });
    expect(changes.at(-1)).toMatchObject({ skipped: { after: 601, upTo: 700 }, sync: { gapsSkipped: 1, messagesSkipped: 99 } });
  });

  it('refuses malformed state bodies', () => {
    const { hub } = setup();
    const bad: HistoryMessage[] = [
      { code: 7107, body: { status: 9 } },
      { code: 7109, body: { online: -1, praise: 0 } },
      { code: 7111, body: { uid: 'u', name: 'n', gift: 'car', count: 1 } },
      { code: 7113, body: { raffleId: 'r', state: 'end', winners: [{ uid: 'u' }] } },
      { code: 7115, body: { kind: 'paper' } },
      { code: 7119, body: { id: 'x', state: 3 } },
      { code: 7121, body: { kind: 'ad', id: 'x' } },
      { code: 7123, body: { state: 'maybe' } },
      { code: 7125, body: { text: 'x', start: 5, end: 1 } },
      { code: 7127, body: { uid: 'u1', action: 'ban' } },
    ];
    bad.forEach((m, i) => hub.apply(m.code, { ...m.body, webcastId: ROOM, offset: i + 1 }));
    expect(hub.stats().malformed).toBe(bad.length);
  });
});

const notice = (from: number, to: number) => ({ webcastId: ROOM, from, to });

describe('room hub: the void notice of a server restarted after a crash (7201 void)', () => {
  it('counts its offsets as nothing, and takes back what the crashed process pushed but never wrote', () => {
    const { hub, changes } = setup();
    for (const o of [1, 2, 3, 4]) hub.apply(7101, chat(o).body);
    // Written were 1..2; 3 and 4 died with the process. The restarted room voids 3..4000.
    hub.apply(7201, { ...notice(3, 4000), void: true });
    hub.apply(7101, chat(4001).body);
    expect(offsets(hub)).toEqual([1, 2, 4001]);
    expect(hub.lastOffset()).toBe(4001);
    expect(changes.flatMap((c) => c.withdrawn.map((e) => e.offset))).toEqual([3, 4]);
    expect(changes.reduce((n, c) => n + c.thinned, 0)).toBe(0);
    expect(hub.stats()).toMatchObject({ messagesThinned: 0, duplicates: 0, gapsSkipped: 0 });
  });

  it('fills a real gap before it, and takes nothing back when the hub had nothing in its range', async () => {
    const { hub, calls, changes } = setup(new Map([[2, chat(2)]]));
    hub.apply(7101, chat(1).body);
    hub.apply(7201, { ...notice(3, 100), void: true });
    hub.apply(7101, chat(101).body);
    expect(calls).toEqual([[1, 1]]);
    await flush();
    expect(offsets(hub)).toEqual([1, 2, 101]);
    expect(changes.flatMap((c) => c.withdrawn)).toEqual([]);
    expect(hub.stats().messagesThinned).toBe(0);
  });
});

describe('room hub: skip notices of a thinned stream (7201)', () => {
  it('takes a notice as the offsets it names: skipped on purpose, never a gap, no history asked', () => {
    const { hub, changes, calls } = setup();
    hub.apply(7101, chat(1).body);
    hub.apply(7201, notice(2, 9));
    hub.apply(7101, chat(10).body);
    expect(calls).toEqual([]);
    expect(offsets(hub)).toEqual([1, 10]);
    expect(hub.lastOffset()).toBe(10);
    const skip = changes.find((c) => c.thinned > 0);
    expect(skip).toMatchObject({ thinned: 8, skipped: null, appended: [] });
    expect(skip?.sync).toEqual({ gapsFilled: 0, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 8 });
    expect(hub.stats()).toMatchObject({ gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 8, malformed: 0 });
  });

  it('fills a real gap before a notice, then applies the notice in its turn', async () => {
    const source = new Map([2, 3].map((o) => [o, chat(o)] as const));
    const { hub, calls } = setup(source);
    hub.apply(7101, chat(1).body);
    hub.apply(7201, notice(4, 8));
    hub.apply(7101, chat(9).body);
    // Only 2..3 are missing: the notice accounts for 4..8.
    expect(calls).toEqual([[1, 2]]);
    expect(offsets(hub)).toEqual([1]);
    await flush();
    expect(offsets(hub)).toEqual([1, 2, 3, 9]);
    expect(hub.stats()).toMatchObject({ gapsFilled: 1, messagesThinned: 5, gapsSkipped: 0 });
  });

  it('clips a notice that overlaps what was applied, drops one already covered, and refuses a malformed one', () => {
    const { hub, calls } = setup();
    for (const o of [1, 2, 3]) hub.apply(7101, chat(o).body);
    hub.apply(7201, notice(2, 5));
    expect(hub.lastOffset()).toBe(5);
    expect(hub.stats().messagesThinned).toBe(2);
    hub.apply(7201, notice(4, 5));
    expect(hub.stats()).toMatchObject({ messagesThinned: 2, duplicates: 1 });
    for (const bad of [{ webcastId: ROOM, from: 7, to: 6 }, { webcastId: ROOM, from: 'x', to: 9 }, { webcastId: ROOM }]) hub.apply(7201, bad);
    expect(hub.stats().malformed).toBe(3);
    expect(hub.lastOffset()).toBe(5);
    hub.apply(7201, { webcastId: 'other', from: 6, to: 9 });
    expect(hub.stats().otherRoom).toBe(1);
    expect(calls).toEqual([]);
  });

  it('a message held inside a noticed range (sent twice) is dropped with it', async () => {
    const { hub } = setup(new Map([[2, chat(2)]]));
    hub.apply(7101, chat(1).body);
    hub.apply(7101, chat(5).body);
    hub.apply(7201, notice(3, 6));
    await flush();
    expect(hub.lastOffset()).toBe(6);
    expect(offsets(hub)).toEqual([1, 2]);
    hub.apply(7101, chat(7).body);
    expect(offsets(hub)).toEqual([1, 2, 7]);
  });
});

describe('room hub: property', () => {
  it('any duplication and reordering of a sequence ends with the buffer of applying it once in order', async () => {
    const N = 40;
    const all: HistoryMessage[] = [];
    for (let o = 1; o <= N; o++) all.push(o % 7 === 0 ? withdraw(o, `m${o - 3}`) : chat(o));
    const source = new Map(all.map((m) => [m.body.offset as number, m] as const));

    const reference = setup(source);
    for (const m of all) reference.hub.apply(m.code, m.body);
    const expected = reference.hub.snapshot().entries;

    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: N }), { minLength: 1, maxLength: 120 }), async (picks) => {
        const { hub } = setup(source);
        for (const o of picks) {
          const m = source.get(o);
          if (m !== undefined) hub.apply(m.code, m.body);
        }
        // the last message always arrives eventually (live traffic), so every gap is seen
        hub.apply(all[N - 1]!.code, all[N - 1]!.body);
        for (let i = 0; i < 5; i++) await flush();
        expect(hub.snapshot().entries).toEqual(expected);
        expect(hub.lastOffset()).toBe(N);
      }),
      { numRuns: 200 },
    );
  });
});

describe('room hub: its state, readable', () => {
  it('shows what is held and where the gap filling stands, and its failures, as plain objects', async () => {
    let down = true;
    const source = new Map([1, 2, 3, 4, 5].map((o) => [o, chat(o)] as const));
    const t = setup(source, () => down);
    t.hub.apply(7101, chat(4).body);
    t.hub.apply(7101, chat(5).body);
    expect(t.hub.inspect().data.held.size).toBe(2);
    expect(t.hub.inspect().gap.phase).toBe('fetching');
    await flush();
    expect(t.hub.inspect().gap).toMatchObject({ phase: 'backingOff', failures: 1 });
    down = false;
    t.timer.advance(60_000);
    await flush();
    const { data, gap } = t.hub.inspect();
    expect(gap).toMatchObject({ phase: 'idle', failures: 0 });
    expect(data.last).toBe(5);
    expect(data.held.size).toBe(0);
    expect(data.ring.toArray().map((e) => e.offset)).toEqual([1, 2, 3, 4, 5]);
  });
});
