import { describe, expect, it } from 'vitest';
import type { ChatEntry } from './chatEntry';
import { DELTA_ENTRIES_MAX, FLOOD_SCREEN_ENTRIES, HIDDEN_DELTA_INTERVAL_MS } from './deltas';
import { decodeFrame, encodeFrame } from '../protocol/frame';
import { PROGRESS_REPORT_MS } from '../protocol/thinning';
import { createCountingRandom, createFakeClock, createFakeSocketFactory, createRecordingLogger } from './fakePorts';
import { createFakeRoomServer } from './fakeRoomServer';
import type { ChatFilter } from './filters';
import type { ConnectionStatus, JoinStatus, SessionKey, TabUpdate } from './realtimeApi';
import {
  deltaGapAfter,
  FLOOD_DELTA_ENTRIES,
  FLOOD_DELTA_INTERVAL_MS,
  PRIORITY_DELTA_GAP_MS,
  PRIORITY_SHOWN_MS,
  ROOM_QUIET_MS,
  SKIPPING_DELTA_INTERVAL_MS,
  LAG_BOUND_MS,
  LAG_MARGIN_MS,
  STREAMING_DELTA_INTERVAL_MS,
  TRICKLE_DELTA_ENTRIES,
  TRICKLE_DELTA_INTERVAL_MS,
  VISIBLE_DELTA_INTERVAL_MS,
} from './deltaPacing';
import { createRealtimeService, SESSION_LINGER_MS } from './realtimeService';

/** Long enough for any visible tab's next delta, however recent its last one. */
const TICK = STREAMING_DELTA_INTERVAL_MS;

const ROOM = '10001';
const KEY: SessionKey = { url: 'ws://host/ws', sid: 's1', userId: 'u-s1' };

function setup() {
  const clock = createFakeClock();
  const sockets = createFakeSocketFactory();
  const logger = createRecordingLogger();
  const server = createFakeRoomServer(sockets);
  const tabGone = new Map<string, () => void>();
  const service = createRealtimeService({
    socketFactory: sockets.factory,
    clock,
    random: createCountingRandom(),
    logger,
    watchTab: (lockName, onGone) => tabGone.set(lockName, onGone),
  });
  /** Lets replies, promise callbacks and follow-up requests run to a standstill. */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) {
      server.pump();
      await Promise.resolve();
    }
  };
  /** Opens the latest socket and lets the login and joins happen. */
  const connect = async (): Promise<void> => {
    sockets.last.open();
    await settle();
  };
  const advance = async (ms: number): Promise<void> => {
    clock.advance(ms);
    await settle();
  };
  return { clock, sockets, logger, server, service, tabGone, settle, connect, advance };
}

type Setup = ReturnType<typeof setup>;

/** A tab as the worker sees it: its updates, and the list and statuses they build. */
function tab(t: Setup, tabId: string, filter: ChatFilter = 'all', options: { visible?: boolean; key?: SessionKey; manualAck?: boolean } = {}) {
  const updates: TabUpdate[] = [];
  let entries: ChatEntry[] = [];
  let connection: ConnectionStatus | null = null;
  let join: JoinStatus | null = null;
  const acks: Array<() => void> = [];
  t.service.hello(tabId, `lock-${tabId}`);
  t.service.subscribe(options.key ?? KEY, { tabId, webcastId: ROOM, filter, visible: options.visible ?? true }, (update) => {
    updates.push(update);
    if (update.connection) connection = update.connection;
    if (update.join) join = update.join;
    const delta = update.delta;
    if (delta) {
      if (delta.replace) entries = [...delta.replace];
      else entries = entries.filter((e) => !delta.withdraw.includes(e.msgId)).concat(delta.append);
    }
    if (options.manualAck) return new Promise<void>((resolve) => acks.push(resolve));
    return undefined;
  });
  return {
    updates,
    acks,
    get texts() {
      return entries.map((e) => e.text);
    },
    get offsets() {
      return entries.map((e) => e.offset);
    },
    get connection() {
      return connection;
    },
    get join() {
      return join;
    },
    deltaCount: () => updates.filter((u) => u.delta !== undefined).length,
  };
}

describe('realtime service: tabs share one socket', () => {
  it('gives every tab of a login the same socket and room, and one delta per tick for a burst', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    const c = tab(t, 'C');
    await t.connect();
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.server.members(ROOM)).toHaveLength(1);
    expect(t.service.stats()).toEqual({ sessions: 1, rooms: 1, tabs: 3, subscriptions: 3, keepAlives: 0 });
    for (const x of [a, b, c]) expect(x.join).toEqual({ state: 'joined', online: 1 });
    const before = a.deltaCount();
    for (let i = 1; i <= 500; i++) t.server.chat(ROOM, 'u-other', `hello ${i}`);
    await t.advance(TICK);
    for (const x of [a, b, c]) {
      // More than a tab keeps: the newest screen of them (deltas.ts FLOOD_SCREEN_ENTRIES).
      expect(x.texts).toHaveLength(FLOOD_SCREEN_ENTRIES);
      expect(x.texts.at(-1)).toBe('hello 500');
    }
    // 500 messages, one update per tab.
    expect(a.deltaCount() - before).toBe(1);
  });

  it('the first update of a new tab is the current buffer, at once', async () => {
    const t = setup();
    tab(t, 'A');
    await t.connect();
    t.server.chat(ROOM, 'u-x', 'one');
    t.server.chat(ROOM, 'u-x', 'two');
    await t.advance(TICK);
    const late = tab(t, 'B');
    expect(late.updates).toHaveLength(1);
    expect(late.texts).toEqual(['one', 'two']);
    expect(late.connection?.state).toBe('online');
  });

  it('applies the replay of a first join in order without asking for history', async () => {
    const t = setup();
    for (let i = 1; i <= 30; i++) t.server.chat(ROOM, 'u-x', `old ${i}`);
    const a = tab(t, 'A');
    await t.connect();
    await t.advance(TICK);
    expect(a.offsets).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(t.server.requests).not.toContain(2401);
  });

  it('sends each tab only what its filter shows, and replaces the list on a filter change', async () => {
    const t = setup();
    const all = tab(t, 'A', 'all');
    const mine = tab(t, 'B', 'mine');
    await t.connect();
    t.server.chat(ROOM, 'u-other', 'theirs');
    t.server.chat(ROOM, KEY.userId, 'ours');
    await t.advance(TICK);
    expect(all.texts).toEqual(['theirs', 'ours']);
    expect(mine.texts).toEqual(['ours']);
    t.service.setFilter('B', ROOM, 'all');
    await t.advance(TICK);
    expect(mine.texts).toEqual(['theirs', 'ours']);
    expect(mine.updates.at(-1)?.delta?.replace).toBeDefined();
  });

  it('sends a message after a quiet spell on the next frame, and at most ten deltas a second while they keep coming', async () => {
    const t = setup();
    const a = tab(t, 'A');
    await t.connect();
    await t.advance(1000);
    const before = a.deltaCount();
    t.server.chat(ROOM, 'u-x', 'first');
    await t.advance(VISIBLE_DELTA_INTERVAL_MS);
    expect(a.deltaCount()).toBe(before + 1);
    t.server.chat(ROOM, 'u-x', 'second');
    await t.advance(VISIBLE_DELTA_INTERVAL_MS);
    expect(a.deltaCount()).toBe(before + 1); // streaming: waits for 100 ms after the last
    await t.advance(STREAMING_DELTA_INTERVAL_MS - VISIBLE_DELTA_INTERVAL_MS);
    expect(a.deltaCount()).toBe(before + 2);
    expect(a.texts).toEqual(['first', 'second']);
    // A second of 125 messages (25 a delta: not yet a flood) gives at most ten deltas.
    for (let ms = 0; ms < 1000; ms += 8) {
      t.server.chat(ROOM, 'u-x', `b${ms}`);
      await t.advance(8);
    }
    expect(a.deltaCount() - (before + 2)).toBeLessThanOrEqual(10);
    await t.advance(STREAMING_DELTA_INTERVAL_MS);
    expect(a.texts.at(-1)).toBe('b992');
  });

  it('in a quiet room (ten messages a second), each message reaches the tab within a display frame of 100 ms', async () => {
    const t = setup();
    const a = tab(t, 'A');
    await t.connect();
    await t.advance(1000);
    const before = a.deltaCount();
    for (let i = 0; i < 10; i++) {
      t.server.chat(ROOM, 'u-x', `q${i}`);
      await t.advance(2 * VISIBLE_DELTA_INTERVAL_MS);
      // Within two display frames: never held back for a streaming interval.
      expect(a.texts.at(-1)).toBe(`q${i}`);
      await t.advance(100 - 2 * VISIBLE_DELTA_INTERVAL_MS);
    }
    expect(a.deltaCount() - before).toBe(10);
    // Gaps by the size of the last delta: none (quiet), a trickle, a stream, a flood.
    expect([deltaGapAfter(0), deltaGapAfter(TRICKLE_DELTA_ENTRIES), deltaGapAfter(TRICKLE_DELTA_ENTRIES + 1), deltaGapAfter(FLOOD_DELTA_ENTRIES)]).toEqual([
      VISIBLE_DELTA_INTERVAL_MS,
      TRICKLE_DELTA_INTERVAL_MS,
      STREAMING_DELTA_INTERVAL_MS,
      FLOOD_DELTA_INTERVAL_MS,
    ]);
  });

  it('in a flood (a delta of a screenful or more), a tab gets at most 2 deltas a second, the newest included, a hidden one none; a slower room streams again', async () => {
    const t = setup();
    const a = tab(t, 'A', 'all');
    const h = tab(t, 'H', 'all', { visible: false });
    await t.connect();
    await t.advance(TICK);
    const before = { a: a.deltaCount(), h: h.deltaCount() };
    // 250 messages a second for 2 s: a streaming delta would carry 50 of them.
    for (let ms = 0; ms < 2000; ms += 4) {
      t.server.chat(ROOM, 'u-x', `f${ms}`);
      await t.advance(4);
    }
    await t.advance(FLOOD_DELTA_INTERVAL_MS);
    // The flood's first two deltas come at the streaming pace (its first message on the next
    // frame, the next 200 ms later); from the first full one on, each waits 500 ms.
    const most = 2 + Math.ceil(2000 / FLOOD_DELTA_INTERVAL_MS);
    expect(a.deltaCount() - before.a).toBeLessThanOrEqual(most);
    expect(a.deltaCount() - before.a).toBeGreaterThanOrEqual(Math.floor(2000 / FLOOD_DELTA_INTERVAL_MS));
    expect(h.deltaCount() - before.h).toBe(0);
    expect(a.texts.at(-1)).toBe('f1996');
    // Shown again: the newest at once.
    t.service.setVisible('H', true);
    await t.advance(TICK);
    expect(h.texts.at(-1)).toBe('f1996');
    expect(h.texts).toHaveLength(200);
    // Under FLOOD_DELTA_ENTRIES a delta: the room streams again (200 ms), and a single message
    // after a quiet spell goes out on the next frame.
    const slowEvery = Math.ceil(FLOOD_DELTA_INTERVAL_MS / (FLOOD_DELTA_ENTRIES / 4));
    for (let ms = 0; ms < 2000; ms += slowEvery) {
      t.server.chat(ROOM, 'u-x', `s${ms}`);
      await t.advance(slowEvery);
    }
    await t.advance(1000);
    const quiet = a.deltaCount();
    t.server.chat(ROOM, 'u-x', 'alone');
    await t.advance(VISIBLE_DELTA_INTERVAL_MS);
    expect(a.deltaCount()).toBe(quiet + 1);
    expect(a.texts.at(-1)).toBe('alone');
  });

  it('in a flood of more than a tab keeps between two deltas, one delta a second; the viewer\'s own message still shows on the next frame, and the last screen once the room is quiet', async () => {
    const t = setup();
    const a = tab(t, 'A', 'all');
    await t.connect();
    await t.advance(TICK);
    // 1,000 messages a second for 4 s: the flood's 500 ms would carry 500 of them, more than the tab's 200.
    const deltaTimes: number[] = [];
    let seen = a.deltaCount();
    let own = -1;
    for (let ms = 0; ms < 4000; ms += 2) {
      t.server.chat(ROOM, 'u-x', `f${ms}`);
      if (ms === 3000) t.server.chat(ROOM, KEY.userId, 'mine');
      await t.advance(2);
      if (a.deltaCount() !== seen) {
        seen = a.deltaCount();
        deltaTimes.push(ms);
        if (own < 0 && a.texts.includes('mine')) own = ms;
      }
    }
    // The pace settles at SKIPPING_DELTA_INTERVAL_MS cut to the lag bound (the own message's delta aside).
    const paced = deltaTimes.filter((ms) => ms >= 1500 && ms !== own);
    for (let i = 1; i < paced.length; i++) {
      expect(paced[i]! - paced[i - 1]!).toBeGreaterThanOrEqual(Math.min(SKIPPING_DELTA_INTERVAL_MS, LAG_BOUND_MS - LAG_MARGIN_MS) - 2);
      expect(paced[i]! - paced[i - 1]!).toBeLessThanOrEqual(LAG_BOUND_MS);
    }
    expect(paced.length).toBeGreaterThanOrEqual(2);
    // The own message went out within two display frames of its arrival, not at the pace.
    expect(own).toBeGreaterThanOrEqual(3000);
    expect(own - 3000).toBeLessThanOrEqual(2 * VISIBLE_DELTA_INTERVAL_MS);
    // A paced delta, 100 ms more of the flood, then silence: the last screen goes once the
    // room has been quiet for ROOM_QUIET_MS, not SKIPPING_DELTA_INTERVAL_MS after that delta.
    seen = a.deltaCount();
    let n = 0;
    let stopAt = -1;
    for (let ms = 4000; stopAt < 0 || ms < stopAt; ms += 2) {
      t.server.chat(ROOM, 'u-x', `g${n++}`);
      await t.advance(2);
      if (stopAt < 0 && a.deltaCount() !== seen) stopAt = ms + 100;
    }
    expect(a.texts.at(-1)).not.toBe(`g${n - 1}`);
    await t.advance(2 * ROOM_QUIET_MS);
    expect(a.texts.at(-1)).toBe(`g${n - 1}`);
    expect(100 + 2 * ROOM_QUIET_MS).toBeLessThan(SKIPPING_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(DELTA_ENTRIES_MAX)).toBe(FLOOD_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(DELTA_ENTRIES_MAX + 1)).toBe(SKIPPING_DELTA_INTERVAL_MS);
  });

  it('in a flood, priority messages come at the bottom of their own deltas, at most four a second; the screens of the flood keep coming', async () => {
    const t = setup();
    const a = tab(t, 'A', 'all');
    await t.connect();
    await t.advance(TICK);
    // 1,000 messages a second for 6 s, and the host every 100 ms from the second second on.
    const deltas: { at: number; last: string }[] = [];
    let seen = a.deltaCount();
    let own = -1;
    for (let ms = 0; ms < 6000; ms += 2) {
      t.server.chat(ROOM, 'u-x', `f${ms}`);
      if (ms >= 1000 && ms % 100 === 0) t.server.chat(ROOM, 'u-host', `host ${ms}`, { role: 6 });
      if (ms === 4010) t.server.chat(ROOM, KEY.userId, 'mine');
      await t.advance(2);
      if (a.deltaCount() !== seen) {
        seen = a.deltaCount();
        deltas.push({ at: ms, last: a.texts.at(-1) ?? '' });
        if (own < 0 && a.texts.includes('mine')) own = ms;
      }
    }
    // The viewer's own message does not wait for the priority gap: the next frame.
    expect(own - 4010).toBeLessThanOrEqual(2 * VISIBLE_DELTA_INTERVAL_MS);
    const hurried = deltas.filter((d) => d.at >= 1500 && (d.last.startsWith('host') || d.last === 'mine'));
    const screens = deltas.filter((d) => d.at >= 1500 && d.last.startsWith('f'));
    // Deltas ending with a host message: about one per PRIORITY_DELTA_GAP_MS (sooner only
    // when the pace was due anyway), not one per host message (ten a second).
    expect(hurried.length).toBeGreaterThanOrEqual(10);
    expect(hurried.length).toBeLessThanOrEqual(4500 / PRIORITY_DELTA_GAP_MS + screens.length);
    // The flood's own screens are not starved: one at least every two paces.
    expect(screens.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < screens.length; i++) expect(screens[i]!.at - screens[i - 1]!.at).toBeLessThanOrEqual(2 * SKIPPING_DELTA_INTERVAL_MS + PRIORITY_DELTA_GAP_MS);
    // After a hurried delta, the next screen waits PRIORITY_SHOWN_MS so that its rows can be
    // read, unless two paces have gone by since the last screen.
    screens.forEach((screen, i) => {
      const before = deltas.filter((d) => d.at < screen.at).at(-1);
      const sincePrevious = i === 0 ? Infinity : screen.at - screens[i - 1]!.at;
      if (before !== undefined && (before.last.startsWith('host') || before.last === 'mine') && sincePrevious < 2 * SKIPPING_DELTA_INTERVAL_MS - 2 * VISIBLE_DELTA_INTERVAL_MS)
        expect(screen.at - before.at).toBeGreaterThanOrEqual(PRIORITY_SHOWN_MS);
    });
  });

  it('sends a hidden tab no chat, the room state at most every 250 ms, and the newest chat once shown', async () => {
    const t = setup();
    const hidden = tab(t, 'A', 'all', { visible: false });
    await t.connect();
    const before = hidden.deltaCount();
    t.server.chat(ROOM, 'u-x', 'a');
    await t.advance(HIDDEN_DELTA_INTERVAL_MS);
    expect(hidden.deltaCount()).toBe(before);
    t.server.publish(ROOM, 7109, { online: 12, praise: 3 });
    await t.advance(TICK);
    expect(hidden.deltaCount()).toBe(before);
    await t.advance(HIDDEN_DELTA_INTERVAL_MS - TICK);
    expect(hidden.deltaCount()).toBe(before + 1);
    expect(hidden.updates.at(-1)?.delta?.state?.counts).toMatchObject({ online: 12, praise: 3 });
    expect(hidden.texts).toEqual([]);
    t.service.setVisible('A', true);
    t.server.chat(ROOM, 'u-x', 'b');
    await t.advance(TICK);
    expect(hidden.texts).toEqual(['a', 'b']);
  });

  it('gives a tab shown again during a 20,000/s flood the newest list at once, and a row sent after it was shown within a few frames (issue 34 item 1, the worker\'s part)', async () => {
    const t = setup();
    const shown = tab(t, 'A', 'all', { visible: false });
    await t.connect();
    const sentAt = new Map<string, number>();
    let n = 0;
    /** 10 ms of a 20,000/s flood. */
    const flood = async (): Promise<void> => {
      for (let k = 0; k < 200; k++) {
        const text = `m${++n}`;
        sentAt.set(text, t.clock.now());
        t.server.chat(ROOM, 'u-x', text);
      }
      await t.advance(10);
    };
    for (let i = 0; i < 200; i++) await flood();
    const before = shown.updates.length;
    expect(shown.texts).toEqual([]);
    const shownAt = t.clock.now();
    t.service.setVisible('A', true);
    const deltas: { at: number; newest: number; replace: boolean }[] = [];
    for (let i = 0; i < 50; i++) {
      await flood();
      for (const update of shown.updates.splice(before)) {
        const list = update.delta?.replace ?? update.delta?.append ?? [];
        if (list.length > 0) deltas.push({ at: t.clock.now(), newest: sentAt.get(list.at(-1)!.text)!, replace: update.delta?.replace !== undefined });
      }
    }
    // The list the tab shows at once: the newest of the room when it was shown, a screen's worth and more.
    expect(deltas[0]).toMatchObject({ replace: true });
    expect(deltas[0]!.at - shownAt).toBeLessThanOrEqual(2 * VISIBLE_DELTA_INTERVAL_MS);
    expect(shownAt - deltas[0]!.newest).toBeLessThanOrEqual(20);
    // Then the room as it is since: not at a flood's pace (a second), nor a trickle's (100 ms),
    // but as after a quiet spell: the next frame after the list.
    const current = deltas.find((d) => !d.replace && d.newest > shownAt);
    expect(current).toBeDefined();
    expect(current!.at - shownAt).toBeLessThanOrEqual(4 * VISIBLE_DELTA_INTERVAL_MS);
  });

  it('holds the next delta while a tab has not applied the previous one (back-pressure)', async () => {
    const t = setup();
    const slow = tab(t, 'A', 'all', { manualAck: true });
    await t.connect();
    // Acknowledge everything up to now (snapshot, joined).
    for (const ack of slow.acks.splice(0)) ack();
    await t.settle();
    t.server.chat(ROOM, 'u-x', '1');
    await t.advance(TICK);
    const count = slow.deltaCount();
    t.server.chat(ROOM, 'u-x', '2');
    t.server.chat(ROOM, 'u-x', '3');
    await t.advance(TICK * 5);
    expect(slow.deltaCount()).toBe(count); // still busy with '1'
    for (const ack of slow.acks.splice(0)) ack();
    await t.settle();
    expect(slow.deltaCount()).toBe(count + 1);
    expect(slow.texts).toEqual(['1', '2', '3']);
  });
});

describe('realtime service: tabs coming and going', () => {
  it('drops a tab whose lock is released and closes the socket a while after the last tab', async () => {
    const t = setup();
    tab(t, 'A');
    tab(t, 'B');
    await t.connect();
    t.tabGone.get('lock-A')?.();
    expect(t.service.stats().subscriptions).toBe(1);
    expect(t.server.members(ROOM)).toHaveLength(1);
    t.service.goodbye('B');
    await t.settle();
    expect(t.server.requests).toContain(7003);
    expect(t.sockets.last.closedWith).toBeNull();
    await t.advance(SESSION_LINGER_MS);
    expect(t.sockets.last.closedWith).not.toBeNull();
    expect(t.service.stats()).toEqual({ sessions: 0, rooms: 0, tabs: 0, subscriptions: 0, keepAlives: 0 });
  });

  it('keeps the socket for a tab that arrives while the session lingers (a reload)', async () => {
    const t = setup();
    tab(t, 'A');
    await t.connect();
    t.service.goodbye('A');
    await t.advance(SESSION_LINGER_MS - 1000);
    const again = tab(t, 'A2');
    await t.advance(SESSION_LINGER_MS);
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.sockets.last.closedWith).toBeNull();
    expect(again.join?.state).toBe('joined');
  });

  it('opens one socket per distinct login', async () => {
    const t = setup();
    tab(t, 'A');
    tab(t, 'B', 'all', { key: { ...KEY, sid: 's2', userId: 'u-s2' } });
    expect(t.sockets.sockets).toHaveLength(2);
  });
});

describe('realtime service: reconnecting', () => {
  it('rejoins where it stopped after a loss: nothing lost, nothing twice', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    await t.connect();
    for (let i = 1; i <= 10; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    await t.advance(TICK);
    t.sockets.last.drop();
    await t.settle();
    expect(a.connection?.state).toBe('reconnecting');
    expect(b.connection?.state).toBe('reconnecting');
    // Sent while the viewer was away.
    for (let i = 11; i <= 20; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    await t.advance(2000);
    await t.connect();
    for (let i = 21; i <= 25; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    await t.advance(TICK);
    expect(a.connection?.state).toBe('online');
    expect(a.offsets).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(b.offsets).toEqual(a.offsets);
  });

  it("takes a clustered server's new epoch after a reconnect: the old log's offsets are let go, the new log is shown from its start and followed", async () => {
    const t = setup();
    t.server.epoch = 'e1';
    const a = tab(t, 'A');
    await t.connect();
    for (let i = 1; i <= 4; i++) t.server.chat(ROOM, 'u-x', `old ${i}`);
    await t.advance(TICK);
    // Progress reports (which ask for the rooms' offsets) hold nothing back.
    await t.advance(PROGRESS_REPORT_MS * 3);
    t.server.chat(ROOM, 'u-x', 'old 5');
    await t.advance(TICK);
    expect(a.offsets).toEqual([1, 2, 3, 4, 5]);
    t.sockets.last.drop();
    await t.settle();
    t.server.loseLog(ROOM, 'e2');
    for (let i = 1; i <= 2; i++) t.server.chat(ROOM, 'u-x', `new ${i}`);
    await t.advance(2000);
    await t.connect();
    const rejoin = t.sockets.last.sent.map((s) => decodeFrame(s)).find((d) => d.ok && d.frame.code === 7001);
    expect(rejoin?.ok === true ? rejoin.frame.body : null).toEqual({ webcastId: ROOM, offset: 5, epoch: 'e1' });
    t.server.chat(ROOM, 'u-x', 'new 3');
    await t.advance(TICK);
    expect(a.texts).toEqual(['old 1', 'old 2', 'old 3', 'old 4', 'old 5', 'new 1', 'new 2', 'new 3']);
    expect(a.offsets.slice(5)).toEqual([1, 2, 3]);
    // The next rejoin names the new epoch and is trusted: nothing twice.
    t.sockets.last.drop();
    await t.settle();
    await t.advance(2000);
    await t.connect();
    await t.advance(TICK);
    expect(a.texts).toHaveLength(8);
  });

  it('offline past what a rejoin replays, in a room that was empty at the first join: the rest comes by history, and the tab is told what it will never show', async () => {
    const t = setup();
    t.server.replayLimit = 1000;
    const a = tab(t, 'A');
    await t.connect();
    await t.advance(TICK);
    t.sockets.last.drop();
    await t.settle();
    for (let i = 1; i <= 3000; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    await t.advance(2000);
    await t.connect();
    await t.advance(TICK);
    await t.advance(TICK);
    // 2401 filled 1..2000 (the replay gave 2001..3000); the tab keeps the newest 200.
    expect(t.server.requests).toContain(2401);
    expect(a.offsets).toEqual(Array.from({ length: 200 }, (_, i) => 2801 + i));
    const deltas = a.updates.flatMap((u) => (u.delta === undefined ? [] : [u.delta]));
    const notShown = deltas.reduce((n, d) => n + Object.values(d.gaps ?? {}).reduce((x, y) => x + y, 0), 0);
    // Every message either reached the tab (in some delta, however briefly) or is counted as not shown.
    const delivered = new Set(deltas.flatMap((d) => [...(d.replace ?? []), ...d.append].map((e) => e.offset)));
    expect(notShown).toBeGreaterThan(0);
    expect(delivered.size + notShown).toBe(3000);
    expect(deltas.some((d) => d.sync?.gapsFilled === 1)).toBe(true);
  });

  it('fills a gap in the live pushes with history sync before showing later messages', async () => {
    const t = setup();
    const a = tab(t, 'A');
    await t.connect();
    t.server.chat(ROOM, 'u-x', 'm1');
    t.server.losePushes = 3;
    for (let i = 2; i <= 5; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    await t.advance(TICK);
    expect(t.server.requests).toContain(2401);
    await t.advance(TICK);
    expect(a.offsets).toEqual([1, 2, 3, 4, 5]);
  });

  it('reports the offset a history page brought, with no push after it: a thinned stream waits for that report before it sends again', async () => {
    const t = setup();
    tab(t, 'A');
    await t.connect();
    t.server.chat(ROOM, 'u-x', 'm1');
    await t.advance(PROGRESS_REPORT_MS * 2);
    t.server.losePushes = 3;
    for (let i = 2; i <= 5; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    // The progress time after m5 comes while the gap's history request is unanswered.
    t.clock.advance(PROGRESS_REPORT_MS * 2);
    await Promise.resolve();
    const reported = (): unknown[] =>
      t.sockets.last.sent.flatMap((text) => {
        const decoded = decodeFrame(text);
        return decoded.ok && decoded.frame.code === 7202 ? [decoded.frame.body.offset] : [];
      });
    expect(reported()).toEqual([1]);
    // The page fills 2..4; the server, thinning, sends nothing more until it hears of 5.
    await t.settle();
    await t.advance(PROGRESS_REPORT_MS * 3);
    expect(reported()).toEqual([1, 5]);
  });

  it('takes the skip notice of a thinned stream (7201) as messages left out on purpose: marked, counted, never fetched', async () => {
    const t = setup();
    const all = tab(t, 'A');
    const mine = tab(t, 'B', 'mine');
    await t.connect();
    t.server.chat(ROOM, 'u-x', 'm1');
    // The server leaves out 2..6 and says so before the next message it sends.
    t.server.losePushes = 5;
    for (let i = 2; i <= 6; i++) t.server.chat(ROOM, 'u-x', `m${i}`);
    t.sockets.last.deliver(encodeFrame({ code: 7201, body: { webcastId: ROOM, from: 2, to: 6 } }));
    t.server.chat(ROOM, KEY.userId, 'm7 mine');
    await t.advance(TICK);
    await t.advance(TICK);
    expect(t.server.requests).not.toContain(2401);
    expect(all.offsets).toEqual([1, 7]);
    const deltas = all.updates.flatMap((u) => (u.delta === undefined ? [] : [u.delta]));
    const m7 = all.updates.flatMap((u) => u.delta?.append ?? []).find((e) => e.offset === 7);
    expect(deltas.some((d) => m7 !== undefined && d.gaps?.[m7.msgId] === 5)).toBe(true);
    expect(deltas.some((d) => d.sync?.messagesThinned === 5 && d.sync.gapsSkipped === 0)).toBe(true);
    // A tab showing only its own messages lost nothing it would show.
    expect(mine.offsets).toEqual([7]);
    expect(mine.updates.some((u) => u.delta?.gaps !== undefined)).toBe(false);
  });

  it('loads what a marker stands for on request: the skipped range by history sync, as the tab\'s filter shows it', async () => {
    const t = setup();
    tab(t, 'A');
    tab(t, 'B', 'mine');
    await t.connect();
    t.server.chat(ROOM, 'u-x', 'm1');
    t.server.losePushes = 5;
    for (let i = 2; i <= 6; i++) t.server.chat(ROOM, i === 4 ? KEY.userId : 'u-x', `m${i}`);
    t.sockets.last.deliver(encodeFrame({ code: 7201, body: { webcastId: ROOM, from: 2, to: 6 } }));
    t.server.chat(ROOM, 'u-x', 'm7');
    await t.advance(TICK);
    const loading = t.service.loadSkipped('A', ROOM, { after: 1, before: 7 });
    await t.settle();
    const loaded = await loading;
    expect(t.server.requests).toContain(2401);
    expect(loaded.ok && loaded.value.entries.map((e) => e.text)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    expect(loaded.ok && loaded.value.entries[2]!.mine).toBe(true);
    expect(loaded.ok && loaded.value.restBefore).toBe(2);
    const mine = t.service.loadSkipped('B', ROOM, { after: 1, before: 7 });
    await t.settle();
    expect(await mine).toMatchObject({ ok: true, value: { counted: 1 } });
    // Nothing to ask for: no request; a tab that does not follow the room: refused, no throw.
    const requests = t.server.requests.length;
    expect(await t.service.loadSkipped('A', ROOM, { after: 6, before: 7 })).toMatchObject({ ok: true, value: { entries: [] } });
    expect(t.server.requests.length).toBe(requests);
    expect(await t.service.loadSkipped('Z', ROOM, { after: 1, before: 7 })).toMatchObject({ ok: false, reason: 'not-subscribed' });
  });

  it('shows "logged in elsewhere" in every tab and does not reconnect (9004)', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    await t.connect();
    t.sockets.last.deliver(encodeFrame({ code: 9004, body: {} }));
    await t.advance(60_000);
    expect(a.connection?.state).toBe('endedElsewhere');
    expect(b.connection?.state).toBe('endedElsewhere');
    expect(t.sockets.sockets).toHaveLength(1);
  });

  it('gives up after 25 attempts, and a tab subscribing again starts a fresh socket', async () => {
    const t = setup();
    const a = tab(t, 'A');
    await t.connect();
    t.sockets.throwing = true;
    t.sockets.last.drop();
    for (let i = 0; i < 3; i++) await t.advance(2000);
    // Every tab hears of each attempt, not only the first.
    expect(a.connection).toMatchObject({ state: 'reconnecting', attempt: 4 });
    for (let i = 0; i < 30; i++) await t.advance(2000);
    expect(a.connection).toMatchObject({ state: 'failed', attempt: 25 });
    t.sockets.throwing = false;
    const count = t.sockets.sockets.length;
    const again = tab(t, 'A');
    expect(t.sockets.sockets.length).toBe(count + 1);
    await t.connect();
    expect(again.connection?.state).toBe('online');
    expect(again.join?.state).toBe('joined');
  });
});

describe('realtime service: requests from tabs', () => {
  it('sends chat through the room session and answers the msgId', async () => {
    const t = setup();
    const a = tab(t, 'A');
    await t.connect();
    const sending = t.service.sendChat('A', ROOM, { text: 'hi', pickedUids: ['u-2'] });
    await t.settle();
    const outcome = await sending;
    expect(outcome.ok).toBe(true);
    await t.advance(TICK);
    expect(a.texts).toEqual(['hi']);
  });

  it('fails without throwing when the tab does not follow the room, or the socket is down', async () => {
    const t = setup();
    tab(t, 'A');
    expect(await t.service.sendChat('Z', ROOM, { text: 'x' })).toMatchObject({ ok: false, reason: 'not-subscribed' });
    // Still connecting: nothing can be sent.
    expect(await t.service.sendChat('A', ROOM, { text: 'x' })).toMatchObject({ ok: false, reason: 'not-connected' });
  });

  it('passes a refusal code on (muted, closed...)', async () => {
    const t = setup();
    tab(t, 'A');
    await t.connect();
    const asking = t.service.request('A', ROOM, 7999, {});
    await t.settle();
    expect(await asking).toMatchObject({ ok: false, reason: 'rejected', status: 4501 });
  });

  it('withdraws through 7103 and removes the entry from every tab', async () => {
    const t = setup();
    const a = tab(t, 'A');
    const b = tab(t, 'B');
    await t.connect();
    const sending = t.service.sendChat('A', ROOM, { text: 'oops' });
    await t.settle();
    const sent = await sending;
    await t.advance(TICK);
    expect(b.texts).toEqual(['oops']);
    if (!sent.ok) throw new Error('send failed');
    const withdrawing = t.service.withdraw('A', ROOM, sent.value.msgId);
    await t.settle();
    expect((await withdrawing).ok).toBe(true);
    await t.advance(TICK);
    expect(a.texts).toEqual([]);
    expect(b.texts).toEqual([]);
  });

  it('shares what the viewer did in an interaction with every tab of the room, and with a tab that comes later', async () => {
    const t = setup();
    tab(t, 'A');
    const b = tab(t, 'B');
    await t.connect();
    expect(t.service.noteActed('A', ROOM, 'rollCall:rc1', { signedAt: 1234 })).toBe(true);
    await t.advance(TICK);
    const actedOf = (x: ReturnType<typeof tab>) => x.updates.flatMap((u) => (u.delta?.state?.acted === undefined ? [] : [u.delta.state.acted])).at(-1);
    expect(actedOf(b)).toEqual({ 'rollCall:rc1': { signedAt: 1234 } });
    const late = tab(t, 'C');
    expect(actedOf(late)).toEqual({ 'rollCall:rc1': { signedAt: 1234 } });
    // Malformed notes and rooms the tab does not follow change nothing.
    expect(t.service.noteActed('A', ROOM, 'no-kind', { x: 1 })).toBe(false);
    expect(t.service.noteActed('A', ROOM, 'paper:p1', { deep: { x: 1 } } as never)).toBe(false);
    expect(t.service.noteActed('A', 'other-room', 'paper:p1', { answered: true })).toBe(false);
  });

  it('passes connect-mic media signalling to every tab of the room at once and in order, beside the chat; a mic push reaches the room state', async () => {
    const t = setup();
    const a = tab(t, 'A', 'all', { manualAck: true });
    const b = tab(t, 'B');
    await t.connect();
    // A tab still painting a delta (not acknowledged) gets the signal all the same: media cannot wait.
    t.server.chat(ROOM, 'u1', 'hello');
    await t.advance(TICK);
    t.sockets.last.deliver(encodeFrame({ code: 4117, body: { webcastId: ROOM, sdp: 'answer', from: 'h' } }));
    t.sockets.last.deliver(encodeFrame({ code: 4119, body: { webcastId: ROOM, candidate: { candidate: 'c1' }, from: 'h' } }));
    t.sockets.last.deliver(encodeFrame({ code: 4119, body: { webcastId: ROOM, candidate: { candidate: 'c1' }, from: 'h' } }));
    t.sockets.last.deliver(encodeFrame({ code: 4115, body: { webcastId: 'another-room', sdp: 'x', from: 'h' } }));
    await t.settle();
    for (const x of [a, b]) {
      expect(x.updates.flatMap((u) => (u.signal ? [u.signal.code] : []))).toEqual([4117, 4119, 4119]);
    }
    // 4103 has no room offset: the hub applies it to the room state at once.
    t.sockets.last.deliver(encodeFrame({ code: 4103, body: { webcastId: ROOM, uid: KEY.userId, from: 'h' } }));
    await t.advance(TICK);
    const micOf = (x: ReturnType<typeof tab>) => x.updates.flatMap((u) => (u.delta?.state?.mic === undefined ? [] : [u.delta.state.mic.phase])).at(-1);
    expect(micOf(b)).toBe('connecting');
  });
});

describe('realtime service: the login keep-alive', () => {
  it('one heartbeat line for the tabs of a login and room; a tab gone by its lock or goodbye leaves it, the last stops it', async () => {
    const clock = createFakeClock();
    const beats: string[] = [];
    const tabGone = new Map<string, () => void>();
    const service = createRealtimeService({
      socketFactory: createFakeSocketFactory().factory,
      clock,
      random: createCountingRandom(),
      logger: createRecordingLogger(),
      watchTab: (lockName, onGone) => tabGone.set(lockName, onGone),
      heartbeat: async (target) => {
        beats.push(`${target.token}/${target.webcastId}`);
        return { kind: 'alive', at: clock.now(), expiresAt: null };
      },
    });
    const target = { webcastId: ROOM, liveBase: 'http://live.test', token: 'tok', deviceId: null };
    for (const id of ['A', 'B']) {
      service.hello(id, `lock-${id}`);
      service.keepAlive(id, target, () => undefined);
    }
    expect(beats).toEqual(['tok/10001']);
    expect(service.stats().keepAlives).toBe(1);
    await Promise.resolve();
    tabGone.get('lock-A')?.();
    expect(service.stats().keepAlives).toBe(1);
    service.goodbye('B');
    expect(service.stats().keepAlives).toBe(0);
    clock.advance(120_000);
    expect(beats).toHaveLength(1);
  });
});
