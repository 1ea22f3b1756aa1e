/**
 * PostgreSQL away and back (issue 40, "Bad input and faults"): a call that needs the store
 * fails at once with 503 (never a hang), /healthz says degraded, and once PostgreSQL is back
 * the same server answers again, with nothing restarted and nothing half-written.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startPostgres } from '../cluster/postgresProcess.js';
import { guestLogin, kitFor, LOGIN, ok, type Kit } from '../entry/testKit.js';
import { seedRooms } from '../seed/rooms.js';
import { startTestServer } from '../testing/harness.js';
import { atFileEnd, makeTempDir } from '../testing/tempDirs.js';
import { TestSocket } from '../testing/socketClient.js';
import { encodeFrame } from '../../src/protocol/frame';

let kit: Kit | null = null;
afterEach(async () => {
  await kit?.server.close();
  kit = null;
});

const health = async (kit: Kit) => ((await (await fetch(`${kit.server.url}/healthz`)).json()) as { data: { status: string; store: { engine: string; reachable: boolean } } }).data;

describe('PostgreSQL away', () => {
  it('answers 503 at once and /healthz degraded, then serves again when it is back, with no restart', async () => {
    const postgres = await startPostgres(makeTempDir(), { throwaway: true });
    atFileEnd(() => postgres.stop());
    const server = await startTestServer({ config: { databaseUrl: await postgres.createDatabase('outage') } });
    await seedRooms(server.ctx);
    kit = kitFor(server);
    const before = await guestLogin(kit, '10001', 'Before');
    const socket = await TestSocket.connect(server.url, before.sid);
    await socket.request(7001, { webcastId: '10001', offset: 0 });
    expect(await health(kit)).toMatchObject({ status: 'up', store: { engine: 'postgres', reachable: true } });

    await postgres.stop();
    const started = Date.now();
    const refused = await fetch(`${server.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webcastId: '10001', type: 'guest', name: 'During', privacyAccepted: true }),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 503, msg: 'the service is unavailable, try again shortly', data: null });
    // Within the pool's connect timeout (3 s) and a margin: never a hang.
    expect(Date.now() - started).toBeLessThan(5000);
    // The socket that is already open is told the same for a call that needs the store.
    expect(await socket.request(7101, { webcastId: '10001', body: 'while the store is away' })).toEqual({
      status: 503,
      msg: 'the service is unavailable, try again shortly',
    });
    expect(await health(kit)).toMatchObject({ status: 'degraded', store: { engine: 'postgres', reachable: false } });
    // A heartbeat cannot check the login meanwhile: the socket stays, its login is checked at the next.
    expect(await socket.request(9001)).toEqual({ status: 200 });
    expect(socket.isOpen).toBe(true);
    // A socket logging in meanwhile is closed unanswered ("try again later"): a refusal (push
    // 1100) would end the viewer's login for good, a lost socket is reconnected in 2 s.
    const reconnecting = await TestSocket.open(server.url);
    reconnecting.sendRaw(encodeFrame({ headers: { cmd: 'login', aid: 100, sid: before.sid }, body: {} }));
    expect(await reconnecting.closed()).toEqual({ code: 1013, reason: 'the service is unavailable, try again shortly' });
    expect(reconnecting.received(1100)).toEqual([]);

    await postgres.restart();
    const after = ok(await kit.post(LOGIN, { webcastId: '10001', type: 'guest', name: 'After', privacyAccepted: true }));
    expect(after).toMatchObject({ role: 5 });
    expect(await health(kit)).toMatchObject({ status: 'up', store: { reachable: true } });
    expect((await socket.request(7101, { webcastId: '10001', body: 'back again' })).status).toBe(200);
    // The same login, tried again as the client does, is accepted.
    (await TestSocket.connect(server.url, before.sid)).close();
    // The login refused while it was away left no user behind; the two that were served are there.
    const names = await sql<{ name: string }>`SELECT name FROM users WHERE name IN ('Before', 'During', 'After') ORDER BY name`.execute(server.ctx.store.db);
    expect(names.rows.map((r) => r.name)).toEqual(['After', 'Before']);
    socket.close();
  });
});
