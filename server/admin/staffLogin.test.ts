/**
 * How a person gets a console login on the reference server (`npm run room -- staff`): the
 * room's host or assistant account gets a new password, which then logs in (type staff).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN, startSeeded, type Kit } from '../entry/testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const ADMIN = { adminToken: 'test-admin-token' };

describe('admin staff login (POST /admin/v1/rooms/:id/staff)', () => {
  it('sets a new password for the host (or the assistant) that then opens the console; the old one stops working', async () => {
    kit = await startSeeded();
    const fresh = await kit.post<{ as: string; loginName: string; password: string; console: string }>('/admin/v1/rooms/10001/staff', {}, ADMIN);
    expect(fresh.data).toMatchObject({ as: 'host', loginName: 'host10001', console: '/live/meetLive/10001' });
    expect(fresh.data.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const login = (name: string, password: string) => kit.post<{ role: number }>(LOGIN, { webcastId: '10001', type: 'staff', name, password });
    expect((await login('host10001', fresh.data.password)).data.role).toBe(6);
    expect((await login('host10001', 'host123')).code).toBe(4104);

    const assistant = await kit.post<{ loginName: string; password: string }>('/admin/v1/rooms/10001/staff', { as: 'assistant', password: 'helper-42' }, ADMIN);
    expect(assistant.data).toMatchObject({ loginName: 'assistant10001', password: 'helper-42' });
    expect((await login('assistant10001', 'helper-42')).data.role).toBe(8);
  });

  it('refuses a short password, an unknown role or room, and callers without the admin token', async () => {
    kit = await startSeeded();
    expect((await kit.post('/admin/v1/rooms/10001/staff', { password: '123' }, ADMIN)).msg).toBe('password: from 6 to 64 characters');
    expect((await kit.post('/admin/v1/rooms/10001/staff', { as: 'janitor' }, ADMIN)).code).toBe(4501);
    expect((await kit.post('/admin/v1/rooms/nope/staff', {}, ADMIN)).code).toBe(4002); // no such room
    expect((await kit.post('/admin/v1/rooms/10001/staff', {})).status).toBe(401);
  });
});
