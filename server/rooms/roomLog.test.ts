import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../store/db.js';
import { makeTempDir } from '../testing/harness.js';
import { RoomLog } from './roomLog.js';

let db: Db;
let log: RoomLog;
const open = () => {
  const dir = makeTempDir();
  db = openDatabase(dir);
  log = new RoomLog(db, { flushDelayMs: 1000, now: () => 1234 });
  return dir;
};

afterEach(() => {
  log.close();
  db.close();
});

describe('RoomLog', () => {
  it('gives each room its own offsets, growing by exactly 1', () => {
    open();
    expect(log.append('a', 7101, { body: 'x' }).offset).toBe(1);
    expect(log.append('a', 7109, { online: 3 }).offset).toBe(2);
    expect(log.append('b', 7101, { body: 'y' }).offset).toBe(1);
    expect(log.latestOffset('a')).toBe(2);
  });

  it('puts webcastId and offset into the body it returns', () => {
    open();
    const m = log.append('room', 7101, { body: 'hi', offset: 999, webcastId: 'spoofed' });
    expect(JSON.parse(m.bodyJson)).toEqual({ body: 'hi', webcastId: 'room', offset: 1 });
    expect(m.createdAt).toBe(1234);
  });

  it('reads after an offset across written and still-queued messages, in order', () => {
    open();
    for (let i = 0; i < 5; i++) log.append('r', 7101, { i });
    log.flush();
    for (let i = 5; i < 8; i++) log.append('r', 7101, { i });
    expect(log.readAfter('r', 3, 100).map((m) => m.offset)).toEqual([4, 5, 6, 7, 8]);
    expect(log.readAfter('r', 3, 2).map((m) => m.offset)).toEqual([4, 5]);
    expect(log.readAfter('r', 8, 10)).toEqual([]);
  });

  it('writes queued messages when the batch is full or on flush, and resolves whenDurable', async () => {
    open();
    log.append('r', 7101, {});
    const durable = log.whenDurable();
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM room_messages').get() as { n: number }).n;
    expect(count()).toBe(0);
    log.flush();
    await durable;
    expect(count()).toBe(1);
  });

  it('continues the offsets after a restart on the same store', () => {
    const dir = open();
    log.append('r', 7101, {});
    log.append('r', 7101, {});
    log.close();
    db.close();
    db = openDatabase(dir);
    log = new RoomLog(db);
    expect(log.latestOffset('r')).toBe(2);
    expect(log.append('r', 7101, {}).offset).toBe(3);
    expect(log.readAfter('r', 0, 10).map((m) => m.offset)).toEqual([1, 2, 3]);
  });
});
