import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storeEngines } from '../testing/storeEngines.js';
import { Sessions } from './sessions.js';

describe.each(storeEngines())('Sessions on $engine', ({ open }) => {
  async function setup(ttl = 1000) {
    const store = await open();
    await sql`INSERT INTO rooms (id, title, created_at) VALUES ('r', 'Room', 0)`.execute(store.db);
    await sql`INSERT INTO users (id, name, created_at) VALUES ('u', 'User', 0)`.execute(store.db);
    let now = 10_000;
    const sessions = new Sessions(store, ttl, () => now);
    return { sessions, advance: (ms: number) => (now += ms) };
  }

  it('creates 32-character tokens and sids and finds the session by either', async () => {
    const { sessions } = await setup();
    const s = await sessions.create('u', 'r', 5, 'guest');
    expect(s.token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(s.sid).toMatch(/^[0-9A-Za-z]{32}$/);
    expect((await sessions.use(s.token))?.userId).toBe('u');
    expect((await sessions.useSid(s.sid))?.token).toBe(s.token);
    expect(await sessions.use('nope')).toBeNull();
  });

  it('expires a token after the TTL of disuse, and use renews it', async () => {
    const { sessions, advance } = await setup(1000);
    const s = await sessions.create('u', 'r', 5, 'guest');
    advance(900);
    expect(await sessions.use(s.token)).not.toBeNull();
    advance(900);
    expect(await sessions.use(s.token)).not.toBeNull();
    advance(1000);
    expect(await sessions.use(s.token)).toBeNull();
    expect(await sessions.useSid(s.sid)).toBeNull();
  });

  it('ends a session for good, and lists the other live sessions of a user', async () => {
    const { sessions } = await setup();
    const a = await sessions.create('u', 'r', 5, 'guest');
    const b = await sessions.create('u', 'r', 5, 'guest');
    expect((await sessions.othersOf('u', b.token)).map((s) => s.token)).toEqual([a.token]);
    await sessions.end(a.token);
    expect(await sessions.use(a.token)).toBeNull();
    expect(await sessions.othersOf('u', b.token)).toEqual([]);
  });
});
