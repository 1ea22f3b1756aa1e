import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { markCleanStop, takeCleanStopMark } from '../store/cleanStop.js';
import { openDatabase, STORE_FILE, type Db } from '../store/db.js';
import { makeTempDir } from '../testing/harness.js';
import { RESTART_VOID_OFFSETS, ROOM_LOG_MAX_BATCH, RoomLog } from './roomLog.js';

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

  it('after a crash, voids the offsets a dead process may have pushed unwritten, in every room with messages', () => {
    const dir = open();
    for (let i = 0; i < 5; i++) log.append('r', 7101, { body: String(i) });
    log.append('s', 7101, { body: 'x' });
    log.flush();
    // The process dies here: whatever it pushed after 5 was never written (a closed store
    // stands for it; the writer's queue is empty, so no timer writes into it later).
    db.close();

    db = openDatabase(dir);
    log = new RoomLog(db, { flushDelayMs: 1000, now: () => 1234 });
    expect(log.voidAfterCrash().sort()).toEqual(['r', 's']);
    const voided = log.readAfter('r', 5, 10);
    expect(voided.map((m) => m.offset)).toEqual([5 + RESTART_VOID_OFFSETS]);
    expect(voided[0]!.code).toBe(7201);
    expect(JSON.parse(voided[0]!.bodyJson)).toMatchObject({ webcastId: 'r', from: 6, to: 5 + RESTART_VOID_OFFSETS, void: true });
    // The next message gets an offset no client of the dead process saw, and the void is written already.
    expect(log.append('r', 7101, { body: 'new' }).offset).toBe(6 + RESTART_VOID_OFFSETS);
    expect((db.prepare("SELECT COUNT(*) AS n FROM room_messages WHERE code = 7201").get() as { n: number }).n).toBe(2);
    expect(RESTART_VOID_OFFSETS).toBeGreaterThan(ROOM_LOG_MAX_BATCH);
  });
});

describe('cleanStop', () => {
  it('says a folder stopped cleanly only when the last process marked it, or there was no store', () => {
    const dir = makeTempDir();
    expect(takeCleanStopMark(dir, STORE_FILE)).toBe(true);
    fs.writeFileSync(path.join(dir, STORE_FILE), '');
    expect(takeCleanStopMark(dir, STORE_FILE)).toBe(false);
    markCleanStop(dir);
    expect(takeCleanStopMark(dir, STORE_FILE)).toBe(true);
    // Taken: a process that dies now leaves the folder unmarked.
    expect(takeCleanStopMark(dir, STORE_FILE)).toBe(false);
    // The suite's afterEach closes a store of its own.
    open();
  });
});
