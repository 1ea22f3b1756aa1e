import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../store/db.js';
import { makeTempDir } from '../testing/harness.js';
import { Sessions } from './sessions.js';

let db: Db;
afterEach(() => db.close());

function setup(ttl = 1000) {
  db = openDatabase(makeTempDir());
  db.prepare("INSERT INTO rooms (id, title, created_at) VALUES ('r', 'Room', 0)").run();
  db.prepare("INSERT INTO users (id, name, created_at) VALUES ('u', 'User', 0)").run();
  let now = 10_000;
  const sessions = new Sessions(db, ttl, () => now);
  return { sessions, advance: (ms: number) => (now += ms) };
}

describe('Sessions', () => {
  it('creates 32-character tokens and sids and finds the session by either', () => {
    const { sessions } = setup();
    const s = sessions.create('u', 'r', 5, 'guest');
    expect(s.token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(s.sid).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(sessions.use(s.token)?.userId).toBe('u');
    expect(sessions.useSid(s.sid)?.token).toBe(s.token);
  });

  it('expires a token after the TTL of disuse, and use renews it', () => {
    const { sessions, advance } = setup(1000);
    const s = sessions.create('u', 'r', 5, 'guest');
    advance(900);
    expect(sessions.use(s.token)).not.toBeNull();
    advance(900);
    expect(sessions.use(s.token)).not.toBeNull();
    advance(1000);
    expect(sessions.use(s.token)).toBeNull();
  });

  it('ends a session for good, and lists the other live sessions of a user', () => {
    const { sessions } = setup();
    const a = sessions.create('u', 'r', 5, 'guest');
    const b = sessions.create('u', 'r', 5, 'guest');
    expect(sessions.othersOf('u', b.token).map((s) => s.token)).toEqual([a.token]);
    sessions.end(a.token);
    expect(sessions.use(a.token)).toBeNull();
    expect(sessions.othersOf('u', b.token)).toEqual([]);
  });
});
