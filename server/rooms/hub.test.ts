import { afterEach, describe, expect, it } from 'vitest';
import { decodeFrame } from '../../src/protocol/frame';
import { openDatabase, type Db } from '../store/db.js';
import { makeTempDir } from '../testing/harness.js';
import { RoomLog } from './roomLog.js';
import { JOIN_REPLAY_LIMIT, RoomHub, roomMessageFrame, type RoomSubscriber } from './hub.js';

let db: Db | undefined;
let log: RoomLog | undefined;
afterEach(() => {
  log?.close();
  db?.close();
  log = db = undefined;
});

function setup() {
  const store = openDatabase(makeTempDir());
  const roomLog = new RoomLog(store);
  db = store;
  log = roomLog;
  return new RoomHub(roomLog);
}

function subscriber(id: string): RoomSubscriber & { frames: string[] } {
  const frames: string[] = [];
  return { id, frames, send: (f) => frames.push(f) };
}

const offsets = (frames: string[]) =>
  frames.map((f) => {
    const r = decodeFrame(f);
    if (!r.ok) throw new Error(r.reason);
    return r.frame.body.offset;
  });

describe('RoomHub', () => {
  it('builds push frames the codec reads', () => {
    const r = decodeFrame(roomMessageFrame({ code: 7101, bodyJson: '{"webcastId":"a","offset":1}' }));
    expect(r.ok && r.frame.code).toBe(7101);
    expect(r.ok && r.frame.seq).toBe(0);
  });

  it('sends every message of a room to every member, the same frame text, in offset order', () => {
    const hub = setup();
    const a = subscriber('a');
    const b = subscriber('b');
    hub.join(a, 'r', 0);
    hub.join(b, 'r', 0);
    hub.publish('r', 7101, { body: '1' });
    hub.publish('other', 7101, { body: 'x' });
    hub.publish('r', 7101, { body: '2' });
    expect(a.frames).toEqual(b.frames);
    expect(offsets(a.frames)).toEqual([1, 2]);
  });

  it('replays what came after the joining offset, then goes live', () => {
    const hub = setup();
    for (let i = 0; i < 5; i++) hub.publish('r', 7101, { i });
    const s = subscriber('s');
    const result = hub.join(s, 'r', 2);
    expect(result).toEqual({ latest: 5, from: 3, replayed: 3 });
    hub.publish('r', 7101, { i: 5 });
    expect(offsets(s.frames)).toEqual([3, 4, 5, 6]);
  });

  it('replays at most the newest JOIN_REPLAY_LIMIT messages', () => {
    const hub = setup();
    for (let i = 0; i < JOIN_REPLAY_LIMIT + 10; i++) hub.publish('r', 7101, { i });
    const s = subscriber('s');
    const result = hub.join(s, 'r', 0);
    expect(result.replayed).toBe(JOIN_REPLAY_LIMIT);
    expect(result.from).toBe(11);
    expect(offsets(s.frames)[0]).toBe(11);
  });

  it('stops sending after leave, and counts members', () => {
    const hub = setup();
    const s = subscriber('s');
    hub.join(s, 'r', 0);
    hub.join(s, 'q', 0);
    expect(hub.memberCount('r')).toBe(1);
    hub.leave(s, 'r');
    hub.publish('r', 7101, {});
    expect(s.frames).toEqual([]);
    hub.leaveAll(s);
    expect(hub.memberCount('q')).toBe(0);
  });
});
