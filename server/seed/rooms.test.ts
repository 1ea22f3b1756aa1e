import { rowOf, rowsOf } from '../testing/storeRows.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { DEMO_ROOMS, DEMO_WATCH_PASSWORD, seedRooms } from './rooms.js';
import { seedIfEmpty } from './index.js';

let server: TestServer;
afterEach(async () => server?.close());

describe('seedRooms', () => {
  it('creates one room per gate and blocked case, each with a host and an assistant, in one go', async () => {
    server = await startTestServer();
    const list = await seedRooms(server.ctx);
    expect(list.map((r) => r.id)).toEqual(DEMO_ROOMS.map((r) => r.id));
    expect(list[0]).toEqual({
      id: '10001',
      title: 'Open live room',
      gate: 'open',
      description: 'guest entry: any nickname (or none); watermark on',
      path: '/live/login/10001',
    });
    const gates = new Set(list.map((r) => r.gate));
    for (const gate of ['open', 'password', 'memberCode', 'phone', 'email', 'signup', 'vip', 'enterprise', 'qrScan', 'whitelist']) {
      expect(gates.has(gate as never), gate).toBe(true);
    }
    expect(((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM room_staff`)) as { n: number }).n).toBe(DEMO_ROOMS.length * 2);
    expect((await rowOf(server.ctx, sql`SELECT deleted FROM rooms WHERE id = '10013'`))).toEqual({ deleted: 1 });
    // Secrets are stored hashed, never as typed.
    const secrets = JSON.stringify((await rowsOf(server.ctx, sql`SELECT * FROM room_secrets`))) + JSON.stringify((await rowsOf(server.ctx, sql`SELECT * FROM room_staff`)));
    expect(secrets).not.toContain(DEMO_WATCH_PASSWORD);
    expect(secrets).not.toContain('host123');
  });

  it('seeds the replay demo: an ended room whose 5-minute recording has its chat, from its time zero on', async () => {
    server = await startTestServer();
    await seedIfEmpty(server.ctx);
    const room = (await rowOf(server.ctx, sql`SELECT status, start_time AS "startTime", config FROM rooms WHERE id = '10015'`)) as { status: number; startTime: number; config: string };
    expect(room.status).toBe(3);
    expect(JSON.parse(room.config).replay).toEqual({ enabled: true, loops: 15 });
    const record = (await rowOf(server.ctx, sql`SELECT duration_ms AS "durationMs", url, started_at AS "startedAt" FROM room_records WHERE webcast_id = '10015'`));
    expect(record).toEqual({ durationMs: 300_000, url: '/media/vod-15/master.m3u8', startedAt: room.startTime });
    const chat = (await rowOf(server.ctx, sql`SELECT COUNT(*) AS n, MIN(sent_at) AS first, MAX(sent_at) AS last, MAX("offset") AS "offset" FROM chat_messages WHERE webcast_id = '10015'`)) as Record<string, number>;
    expect(chat.n).toBe(20_000);
    const logged = ((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM room_messages WHERE webcast_id = '10015'`)) as { n: number }).n;
    // The story's room messages (captions, interactions) are interleaved with the chat by time.
    expect(logged).toBeGreaterThan(20_050);
    expect(chat.offset).toBeLessThanOrEqual(logged);
    expect(chat.first).toBeGreaterThanOrEqual(room.startTime);
    expect(chat.last).toBeLessThan(room.startTime + 300_000);
    const hosts = ((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM chat_messages WHERE webcast_id = '10015' AND uid = 'host-10015'`)) as { n: number }).n;
    expect(hosts).toBeGreaterThan(100);
  });

  it('does nothing when rooms exist, and still answers the list (with the application prefix)', async () => {
    server = await startTestServer({ config: { appPrefix: '/webcast' } });
    await seedRooms(server.ctx);
    const before = ((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM users`)) as { n: number }).n;
    const again = await seedRooms(server.ctx);
    expect(((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM users`)) as { n: number }).n).toBe(before);
    expect(again[1]?.path).toBe('/webcast/live/login/10002');
  });
});
