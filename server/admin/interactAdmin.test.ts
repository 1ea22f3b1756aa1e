import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { seededRoom, startInteractServer } from '../testing/interactFixtures.js';

let server: TestServer;
afterEach(async () => server.close());

const PATHS = [
  'lottery/start',
  'lottery/end',
  'paper/publish',
  'rollcall/start',
  'redpacket/send',
  'goods/push',
  'qa/state',
  'qa/q1/approve',
  'qa/q1/answer',
  'share',
  'commerce',
];

describe('interactive admin API', () => {
  it('refuses every call without the admin token (HTTP 401) and changes nothing', async () => {
    ({ server } = await startInteractServer());
    const room = await seededRoom(server.ctx, 'r1');
    for (const path of PATHS) {
      for (const headers of [{}, { 'x-admin-token': 'wrong' }] as Record<string, string>[]) {
        const res = await fetch(`${server.url}/admin/v1/rooms/${room}/${path}`, { method: 'POST', headers });
        expect(res.status, path).toBe(401);
      }
    }
    expect(server.roomLog.latestOffset(room)).toBe(0);
  });

  it('answers bad bodies with 4501 naming the field', async () => {
    const started = await startInteractServer();
    server = started.server;
    const { api } = started;
    const room = await seededRoom(server.ctx, 'r1');
    expect((await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'exam' })).code).toBe(4501);
    expect((await api.admin(`/admin/v1/rooms/${room}/paper/publish`)).code).toBe(4501);
    expect((await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'quiz', id: `pp_${room}_survey` })).msg).toBe('id: no such quiz in this room');
    expect((await api.admin(`/admin/v1/rooms/${room}/rollcall/start`, { seconds: 'soon' })).code).toBe(4501);
    expect((await api.admin(`/admin/v1/rooms/${room}/redpacket/send`, { total: '-1', count: 2 })).msg).toBe('total: must be an amount in yuan such as "0.01"');
    expect((await api.admin(`/admin/v1/rooms/${room}/qa/nope/answer`, { text: 'x' })).msg).toBe('qaId: no such question in this room');
    expect((await api.admin(`/admin/v1/rooms/${room}/commerce`, { goods: 'maybe' })).code).toBe(4501);
  });
});
