import { sql } from 'kysely';
import { countOf, rowOf } from '../testing/storeRows.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { builtAppPrefix, demoRoomUrls, seedIfEmpty } from './index.js';

describe('seedIfEmpty', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const count = (table: string): Promise<number> => countOf(server.ctx, sql`SELECT COUNT(*) AS n FROM ${sql.table(table)}`);

  it('seeds the demo rooms, their content and the org directory once', async () => {
    const rooms = await seedIfEmpty(server.ctx);
    expect(rooms.length).toBeGreaterThanOrEqual(13);
    expect(rooms.map((r) => r.gate)).toEqual(expect.arrayContaining(['open', 'password', 'signup', 'vip', 'whitelist']));
    const counts = { rooms: await count('rooms'), users: await count('users'), directory: await count('directory_users'), departments: await count('directory_departments'), groups: await count('groups') };
    expect(counts.rooms).toBe(rooms.length);
    expect(counts.directory).toBeGreaterThan(0);
    expect(counts.departments).toBeGreaterThan(0);
    // The group room 10001 offers its viewers exists, open to anyone, hosted by the demo org.
    const group = (await rowOf(server.ctx, sql`SELECT host_id AS host, auth FROM groups WHERE gid = 'room-10001-group'`));
    expect(group).toEqual({ host: 'org.alice', auth: 0 });

    // A second start writes nothing new, and survives a restart.
    expect((await seedIfEmpty(server.ctx)).map((r) => r.id)).toEqual(rooms.map((r) => r.id));
    server = await server.restart();
    await seedIfEmpty(server.ctx);
    expect({ rooms: await count('rooms'), users: await count('users'), directory: await count('directory_users'), departments: await count('directory_departments'), groups: await count('groups') }).toEqual(counts);
  });

  it('gives each room a login URL under the app prefix', async () => {
    const rooms = await seedIfEmpty(server.ctx);
    const links = demoRoomUrls('http://127.0.0.1:8080/', '/webcast/', rooms);
    expect(links[0]?.url).toBe(`http://127.0.0.1:8080/webcast/live/login/${rooms[0]?.id}`);
    expect(demoRoomUrls('http://h:1', '/', rooms)[0]?.url).toBe(`http://h:1/live/login/${rooms[0]?.id}`);
  });
});

describe('builtAppPrefix', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-prefix-'));
  const write = (text: string) => fs.writeFileSync(path.join(dir, 'config.js'), text);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["window.__WEBCAST_CONFIG__ = { appPrefix: '/webcast' };", '/webcast/'],
    ["window.__WEBCAST_CONFIG__ = { appPrefix: '/a/b/' };", '/a/b/'],
    ["window.__WEBCAST_CONFIG__ = { appPrefix: '/' };", '/'],
    ['window.__WEBCAST_CONFIG__ = {};', '/'],
    ["window.__WEBCAST_CONFIG__ = { appPrefix: '/x y<script>' };", '/'],
    ['this is not javascript', '/'],
    ['while (true) {}', '/'],
    ["require('fs')", '/'],
  ])('%s -> %s', (source, expected) => {
    write(source);
    expect(builtAppPrefix(dir)).toBe(expected);
  });

  it('falls back to / without a build', () => {
    expect(builtAppPrefix(path.join(dir, 'missing'))).toBe('/');
  });

  it('reads the real dist/config.js when it is built', () => {
    if (fs.existsSync('dist/config.js')) expect(builtAppPrefix('dist')).toMatch(/^\//);
  });
});
