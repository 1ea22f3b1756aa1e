import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { addRoom } from '../testing/roomFixtures.js';
import { COMMANDS, parseCommand, type Parsed } from './commands.js';
import { adminTokenFrom, sendAdminCall } from './adminClient.js';

const call = (argv: string[]) => {
  const parsed = parseCommand(argv);
  if (parsed.kind !== 'call') throw new Error(`expected a call, got ${JSON.stringify(parsed)}`);
  return parsed.call;
};
const usage = (argv: string[]): string => {
  const parsed: Parsed = parseCommand(argv);
  if (parsed.kind !== 'usage') throw new Error(`expected a usage error, got ${JSON.stringify(parsed)}`);
  return parsed.error;
};

describe('argument parsing', () => {
  it.each<[string[], string, string, Record<string, unknown> | undefined]>([
    [['rooms'], 'GET', '/admin/v1/rooms', undefined],
    [['start', '10001'], 'POST', '/admin/v1/rooms/10001/live/start', { status: 2 }],
    [['start', '10001', '--preparing'], 'POST', '/admin/v1/rooms/10001/live/start', { status: 1 }],
    [['schedule', '10001', '--in', '120'], 'POST', '/admin/v1/rooms/10001/live/schedule', { inSeconds: 120 }],
    [['schedule', '10001'], 'POST', '/admin/v1/rooms/10001/live/schedule', { inSeconds: 300 }],
    [['end', '10001'], 'POST', '/admin/v1/rooms/10001/live/end', {}],
    [['say', 'r', 'hello', 'everyone'], 'POST', '/admin/v1/rooms/r/say', { text: 'hello everyone', role: 'host' }],
    [['say', 'r', 'hi', '--as', 'assistant', '--name', 'Amy'], 'POST', '/admin/v1/rooms/r/say', { text: 'hi', role: 'assistant', name: 'Amy' }],
    [['burst', 'r', '--rate', '20000', '--seconds', '10'], 'POST', '/admin/v1/rooms/r/burst', { rate: 20000, seconds: 10 }],
    [['burst', 'r', '--rate', '5', '--seconds', '1', '--users', '9'], 'POST', '/admin/v1/rooms/r/burst', { rate: 5, seconds: 1, users: 9 }],
    [['burst-stop', 'r'], 'POST', '/admin/v1/rooms/r/burst/stop', {}],
    [['lottery-start', 'r', '--id', 'x1'], 'POST', '/admin/v1/rooms/r/lottery/start', { raffleId: 'x1' }],
    [['lottery-start', 'r'], 'POST', '/admin/v1/rooms/r/lottery/start', {}],
    [['lottery-end', 'r'], 'POST', '/admin/v1/rooms/r/lottery/end', {}],
    [['publish', 'r', 'answerSheet', '--id', 'a'], 'POST', '/admin/v1/rooms/r/paper/publish', { kind: 'answerSheet', id: 'a' }],
    [['paper-close', 'r', '--id', 'p1'], 'POST', '/admin/v1/rooms/r/paper/close', { id: 'p1' }],
    [['rollcall', 'r', '--seconds', '30'], 'POST', '/admin/v1/rooms/r/rollcall/start', { seconds: 30 }],
    [['redpacket', 'r'], 'POST', '/admin/v1/rooms/r/redpacket/send', {}],
    [['push', 'r', 'recommend', '--id', '7'], 'POST', '/admin/v1/rooms/r/goods/push', { kind: 'recommend', id: '7' }],
    [['qa', 'r', 'on'], 'POST', '/admin/v1/rooms/r/qa/state', { state: 'on' }],
    [['ledger', 'r', '--kind', 'reward.pay'], 'POST', '/admin/v1/rooms/r/ledger', { kind: 'reward.pay' }],
    [['ledger', 'r'], 'POST', '/admin/v1/rooms/r/ledger', {}],
    [['charge', 'r', 'on', '--free', '60', '--price', '9.90'], 'POST', '/admin/v1/rooms/r/settings', { charge: { enabled: true, freeSeconds: 60, priceYuan: '9.90' } }],
    [['charge', 'r', 'off'], 'POST', '/admin/v1/rooms/r/settings', { charge: { enabled: false } }],
    [['own-record', 'r', 'off'], 'POST', '/admin/v1/rooms/r/settings', { other: { ownRecord: false } }],
    [['intro', 'r', 'Welcome, all'], 'POST', '/admin/v1/rooms/r/introduction', { text: 'Welcome, all' }],
    [['stock', 'r', 'g1', '3'], 'POST', '/admin/v1/rooms/r/goods/g1/stock', { stock: 3 }],
    [['real-name', 'r', 'u1', 'on'], 'POST', '/admin/v1/rooms/r/users/u1/real-name', { verified: true }],
    [['commerce', 'r', '--rewards', 'off'], 'POST', '/admin/v1/rooms/r/commerce', { rewards: false }],
    [['qa-pending', 'r'], 'POST', '/admin/v1/rooms/r/qa/pending', {}],
    [['qa-approve', 'r', 'q1'], 'POST', '/admin/v1/rooms/r/qa/q1/approve', {}],
    [['qa-answer', 'r', 'q1', 'Thirty', 'days'], 'POST', '/admin/v1/rooms/r/qa/q1/answer', { text: 'Thirty days' }],
    [['share', 'r', '--doc', 'd1', '--page', '3', '--whiteboard', 'on'], 'POST', '/admin/v1/rooms/r/share', { docId: 'd1', page: 3, whiteboard: true }],
    [['share', 'r'], 'POST', '/admin/v1/rooms/r/share', {}],
    [['share', 'r', '--stop'], 'POST', '/admin/v1/rooms/r/share', { stop: true }],
    [['caption', 'r', 'Hello', 'world', '--lang', 'en_us'], 'POST', '/admin/v1/rooms/r/caption', { text: 'Hello world', lang: 'en_us' }],
    [['chapter', 'r', 'Part', 'two'], 'POST', '/admin/v1/rooms/r/chapters', { title: 'Part two' }],
    [['errors', '--limit', '5'], 'GET', '/admin/v1/errors?limit=5', undefined],
    [['mute', 'r', 'u 1'], 'POST', '/admin/v1/rooms/r/users/u%201/mute', {}],
    [['unmute', 'r', 'u1'], 'POST', '/admin/v1/rooms/r/users/u1/unmute', {}],
    [['kick', 'r', 'u1', '--text', 'bye'], 'POST', '/admin/v1/rooms/r/users/u1/kick', { text: 'bye' }],
    [['mic-open', 'r'], 'POST', '/admin/v1/rooms/r/mic/requests', { open: true }],
    [['mic-close', 'r'], 'POST', '/admin/v1/rooms/r/mic/requests', { open: false }],
    [['mic-accept', 'r', 'u1'], 'POST', '/admin/v1/rooms/r/mic/u1/accept', {}],
    [['mic-reject', 'r', 'u1'], 'POST', '/admin/v1/rooms/r/mic/u1/reject', {}],
    [['chat-state', 'r', '--open', 'off', '--staff-only', 'on'], 'POST', '/admin/v1/rooms/r/chat/state', { open: false, staffOnly: true }],
    [['approve', 'r', 'm1'], 'POST', '/admin/v1/rooms/r/chat/pending/m1/approve', {}],
    [['audit', 'r', 'u1', 'passed'], 'POST', '/admin/v1/rooms/r/signups/u1/audit', { state: 'passed' }],
  ])('%j -> %s %s %j', (argv, method, path, body) => {
    expect(call(argv)).toEqual({ method, path, ...(body === undefined ? {} : { body }) });
  });

  it.each<[string[], string]>([
    [['launch'], 'unknown command "launch"'],
    [['toString'], 'unknown command "toString"'],
    [['start'], 'missing <room>'],
    [['start', 'r', 'extra'], 'unexpected argument "extra"'],
    [['start', 'r', '--now'], "Unknown option '--now'"],
    [['say', 'r'], 'missing <text>'],
    [['say', 'r', 'x', '--as', 'guest'], '--as must be one of host, assistant'],
    [['burst', 'r', '--seconds', '1'], '--rate is required'],
    [['burst', 'r', '--rate', 'fast', '--seconds', '1'], '--rate must be a whole number'],
    [['publish', 'r', 'poll'], 'kind must be one of paper, quiz, answerSheet'],
    [['push', 'r'], 'missing <kind>'],
    [['chat-state', 'r'], 'chat-state needs at least one of'],
    [['chat-state', 'r', '--open', 'yes'], '--open must be one of on, off'],
    [['audit', 'r', 'u1', 'maybe'], 'state must be one of passed, failed'],
  ])('%j is a usage error: %s', (argv, message) => {
    const error = usage(argv);
    expect(error).toContain(message);
    expect(error).toContain('npm run room --');
  });

  it('prints help listing every command', () => {
    for (const argv of [[], ['help'], ['--help']]) {
      const parsed = parseCommand(argv);
      expect(parsed.kind).toBe('help');
      if (parsed.kind === 'help') for (const name of Object.keys(COMMANDS)) expect(parsed.text).toContain(`  ${name}`);
    }
  });
});

describe('token', () => {
  it('takes ADMIN_TOKEN, else DATA_DIR/admin-token, else none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-cli-'));
    try {
      expect(adminTokenFrom({ ADMIN_TOKEN: 'env-token' }, dir)).toBe('env-token');
      expect(adminTokenFrom({ DATA_DIR: 'store' }, dir)).toBeNull();
      fs.mkdirSync(path.join(dir, 'store'));
      fs.writeFileSync(path.join(dir, 'store', 'admin-token'), 'file-token\n');
      expect(adminTokenFrom({ DATA_DIR: 'store' }, dir)).toBe('file-token');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('against a server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await addRoom(server.ctx, 'cli-room');
  });
  afterAll(async () => {
    await server.close();
  });

  it('starts the live of a room (exit 0) and is refused with a wrong token (exit 1)', async () => {
    const ok = await sendAdminCall(call(['start', 'cli-room']), server.url, 'test-admin-token');
    expect(ok.exitCode).toBe(0);
    expect(ok.text).toContain('"status": 2');
    expect((await rowOf(server.ctx, sql`SELECT status FROM rooms WHERE id = 'cli-room'`))).toEqual({ status: 2 });

    const wrong = await sendAdminCall(call(['start', 'cli-room']), server.url, 'nope');
    expect(wrong).toMatchObject({ exitCode: 1, text: expect.stringContaining('admin token required') });
    const unknown = await sendAdminCall(call(['end', 'no-room']), server.url, 'test-admin-token');
    expect(unknown).toMatchObject({ exitCode: 1, text: expect.stringContaining('refused (4002)') });
  });

  it('runs as `npm run room` (tsx) with the exit codes of the contract', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, ROOM_SERVER: server.url, ADMIN_TOKEN: 'test-admin-token' };
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const listed = await run(tsx, ['server/cli/room.ts', 'rooms'], { env });
    expect(listed.stdout).toContain('cli-room');
    await expect(run(tsx, ['server/cli/room.ts', 'start'], { env })).rejects.toMatchObject({ code: 2 });
    await expect(run(tsx, ['server/cli/room.ts', 'end', 'no-room'], { env })).rejects.toMatchObject({ code: 1 });
  }, 30_000);
});

describe('the README', () => {
  it('lists every command of the CLI, and no other', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const paragraph = /Commands: ([^]*?)\. The admin API/.exec(readme)?.[1] ?? '';
    const listed = [...paragraph.matchAll(/`([a-z-]+)[^`]*`/g)].map((m) => m[1]);
    expect([...listed].sort()).toEqual(Object.keys(COMMANDS).sort());
  });
});
