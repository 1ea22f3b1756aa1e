import { describe, expect, it } from 'vitest';
import { TAB_PRESENCE_ANNOUNCE_MS, TAB_PRESENCE_EXPIRE_MS } from '../domain/playbackYield';
import { createRoomTabs, type ChannelLike } from './roomTabs';

/** Channels of one name in one browser: a message reaches every other channel, later. */
function fakeBus() {
  const channels = new Set<ChannelLike>();
  const queue: Array<() => void> = [];
  const open = (): ChannelLike => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(data) {
        for (const other of channels) if (other !== channel) queue.push(() => other.onmessage?.({ data: structuredClone(data) }));
      },
      close() {
        channels.delete(channel);
      },
    };
    channels.add(channel);
    return channel;
  };
  const deliver = () => {
    while (queue.length > 0) queue.shift()!();
  };
  return { open, deliver };
}

function fakeTime() {
  let now = 1000;
  const timers = new Set<{ fn: () => void; ms: number; next: number }>();
  return {
    now: () => now,
    every: (fn: () => void, ms: number) => {
      const timer = { fn, ms, next: now + ms };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (due === undefined) break;
        now = due.next;
        due.next += due.ms;
        due.fn();
      }
      now = end;
    },
  };
}

describe('room tabs', () => {
  it('tabs learn of each other on start and on every change', () => {
    const bus = fakeBus();
    const time = fakeTime();
    const a = createRoomTabs({ tabId: 'a', channel: bus.open(), now: time.now, every: time.every, visible: true });
    const b = createRoomTabs({ tabId: 'b', channel: bus.open(), now: time.now, every: time.every, visible: true });
    bus.deliver();
    expect(a.peers().map((p) => p.tabId)).toEqual(['b']);
    expect(b.peers().map((p) => p.tabId)).toEqual(['a']);
    let heard = 0;
    b.subscribe(() => heard++);
    time.advance(10);
    a.setVisible(false);
    bus.deliver();
    expect(b.peers()).toEqual([{ tabId: 'a', visible: false, lastVisibleAt: time.now() }]);
    expect(heard).toBe(1);
  });

  it('a tab that leaves, or is not heard of, is forgotten; the others keep announcing', () => {
    const bus = fakeBus();
    const time = fakeTime();
    const a = createRoomTabs({ tabId: 'a', channel: bus.open(), now: time.now, every: time.every, visible: true });
    const b = createRoomTabs({ tabId: 'b', channel: bus.open(), now: time.now, every: time.every, visible: false });
    const c = createRoomTabs({ tabId: 'c', channel: bus.open(), now: time.now, every: time.every, visible: false });
    bus.deliver();
    b.close();
    bus.deliver();
    expect(a.peers().map((p) => p.tabId)).toEqual(['c']);
    // d speaks once and then never again (its page frozen, its goodbye lost): forgotten in time.
    bus.open().postMessage({ kind: 'presence', tabId: 'd', visible: false, lastVisibleAt: 5 });
    bus.deliver();
    expect(a.peers().map((p) => p.tabId)).toEqual(['c', 'd']);
    for (let waited = 0; waited <= TAB_PRESENCE_EXPIRE_MS; waited += TAB_PRESENCE_ANNOUNCE_MS) {
      time.advance(TAB_PRESENCE_ANNOUNCE_MS);
      bus.deliver();
    }
    expect(a.peers().map((p) => p.tabId)).toEqual(['c']);
    c.close();
  });

  it('without a channel a tab is alone', () => {
    const time = fakeTime();
    const a = createRoomTabs({ tabId: 'a', channel: null, now: time.now, every: time.every, visible: false });
    expect(a.peers()).toEqual([]);
    a.setVisible(true);
    expect(a.me()).toEqual({ tabId: 'a', visible: true, lastVisibleAt: time.now() });
    a.close();
  });
});
