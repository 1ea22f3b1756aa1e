import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { DEMO_ROOMS, DEMO_WATCH_PASSWORD, seedRooms } from './rooms.js';
import { seedIfEmpty } from './index.js';

let server: TestServer;
afterEach(async () => server?.close());

describe('seedRooms', () => {
  it('creates one room per gate and blocked case, each with a host and an assistant, in one go', async () => {
    server = await startTestServer();
    const list = seedRooms(server.ctx);
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
    const db = server.ctx.db;
    expect((db.prepare('SELECT COUNT(*) AS n FROM room_staff').get() as { n: number }).n).toBe(DEMO_ROOMS.length * 2);
    expect(db.prepare("SELECT deleted FROM rooms WHERE id = '10013'").get()).toEqual({ deleted: 1 });
    // Secrets are stored hashed, never as typed.
    const secrets = JSON.stringify(db.prepare('SELECT * FROM room_secrets').all()) + JSON.stringify(db.prepare('SELECT * FROM room_staff').all());
    expect(secrets).not.toContain(DEMO_WATCH_PASSWORD);
    expect(secrets).not.toContain('host123');
  });

  it('seeds the replay demo: an ended room whose 5-minute recording has its chat, from its time zero on', async () => {
    server = await startTestServer();
    await seedIfEmpty(server.ctx);
    const db = server.ctx.db;
    const room = db.prepare("SELECT status, start_time AS startTime, config FROM rooms WHERE id = '10015'").get() as { status: number; startTime: number; config: string };
    expect(room.status).toBe(3);
    expect(JSON.parse(room.config).replay).toEqual({ enabled: true, loops: 15 });
    const record = db.prepare("SELECT duration_ms AS durationMs, url, started_at AS startedAt FROM room_records WHERE webcast_id = '10015'").get();
    expect(record).toEqual({ durationMs: 300_000, url: '/media/vod-15/master.m3u8', startedAt: room.startTime });
    const chat = db.prepare("SELECT COUNT(*) AS n, MIN(sent_at) AS first, MAX(sent_at) AS last, MAX(offset) AS offset FROM chat_messages WHERE webcast_id = '10015'").get() as Record<string, number>;
    expect(chat.n).toBe(20_000);
    const logged = (db.prepare("SELECT COUNT(*) AS n FROM room_messages WHERE webcast_id = '10015'").get() as { n: number }).n;
    // The story's room messages (captions, interactions) are interleaved with the chat by time.
    expect(logged).toBeGreaterThan(20_050);
    expect(chat.offset).toBeLessThanOrEqual(logged);
    expect(chat.first).toBeGreaterThanOrEqual(room.startTime);
    expect(chat.last).toBeLessThan(room.startTime + 300_000);
    const hosts = (db.prepare("SELECT COUNT(*) AS n FROM chat_messages WHERE webcast_id = '10015' AND uid = 'host-10015'").get() as { n: number }).n;
    expect(hosts).toBeGreaterThan(100);
  });

  it('does nothing when rooms exist, and still answers the list (with the application prefix)', async () => {
    server = await startTestServer({ config: { appPrefix: '/webcast' } });
    seedRooms(server.ctx);
    const before = (server.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    const again = seedRooms(server.ctx);
    expect((server.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(before);
    expect(again[1]?.path).toBe('/webcast/live/login/10002');
  });
});
