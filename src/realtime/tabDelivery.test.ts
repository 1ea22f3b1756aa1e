import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fakePorts';
import type { TabUpdate } from './realtimeApi';
import { createRoomEntry, type RoomEntry } from './roomEntry';
import type { SocketSession } from './socketSession';
import { addFollower, deliver, removeFollower, tellEachTabOnce, tellFollowers } from './tabDelivery';


function logger() {
  const lines: string[] = [];
  return { lines, error: (m: string) => lines.push(`error ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
}

function room(id: string, log = logger()): RoomEntry {
  const session = { state: 'online', noteApplied: () => undefined } as unknown as SocketSession;
  const entry: RoomEntry = createRoomEntry(id, {
    session,
    myUid: 'u-me',
    later: () => () => undefined,
    deliver: (sub, update) => deliver(sub, update, log, () => 0),
    followed: () => true,
  });
  return entry;
}

const clock = createFakeClock();
const paceClock = { now: () => clock.now(), later: (fn: () => void, ms: number) => {
  const id = clock.setTimeout(fn, ms);
  return () => clock.clearTimeout(id);
} };

function follow(r: RoomEntry, tabId: string, onUpdate: (update: TabUpdate) => void | Promise<void>) {
  return addFollower(r, { tabId, key: { url: 'ws://x', sid: 's', userId: 'u-me' }, filter: 'all', visible: true, speed: 0, onUpdate }, paceClock);
}

describe('tab delivery', () => {
  it('keeps an update in flight until the tab says it applied it', async () => {
    const r = room('1');
    let apply!: () => void;
    const sub = follow(r, 'a', () => new Promise<void>((resolve) => (apply = resolve)));
    deliver(sub, {}, logger(), () => 0);
    expect(sub.pace.inFlight).toBe(true);
    apply();
    await Promise.resolve();
    expect(sub.pace.inFlight).toBe(false);
  });

  it('logs a tab that throws or fails to apply, and does not hold its pace for it', async () => {
    const log = logger();
    const r = room('1', log);
    const throws = follow(r, 'a', () => {
      throw new Error('boom');
    });
    const rejects = follow(r, 'b', () => Promise.reject(new Error('nope')));
    tellFollowers([r], {});
    await Promise.resolve();
    await Promise.resolve();
    expect(log.lines).toEqual(['error realtime: tab a update threw', 'warn realtime: tab b failed to apply an update']);
    expect(throws.pace.inFlight).toBe(false);
    expect(rejects.pace.inFlight).toBe(false);
  });

  it('sends nothing to a tab that left, and tells each tab of several rooms once', () => {
    const one = room('1');
    const two = room('2');
    const seen: string[] = [];
    follow(one, 'a', () => void seen.push('1a'));
    const left = follow(one, 'b', () => void seen.push('1b'));
    follow(two, 'a', () => void seen.push('2a'));
    removeFollower(one, left);
    expect(one.subscribers.has('b')).toBe(false);
    deliver(left, {}, logger(), () => 0);
    tellEachTabOnce([one, two], {});
    expect(seen).toEqual(['1a']);
    tellFollowers([one, two], {});
    expect(seen).toEqual(['1a', '1a', '2a']);
  });
});
