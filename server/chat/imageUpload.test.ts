/**
 * Chat pictures (SPEC 5 image upload; docs/protocol.md 4.7 chatImageUpload): upload over
 * HTTP as the client sends it, the bytes served back with their headers, a 7101 message
 * carrying the answered url, every refusal code, the rate limit and the storage cap.
 */
import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { IMAGE_MAX_BYTES } from '../../src/domain/constants';
import { ROLE } from '../../src/domain/roles';
import { safeUrl } from '../../src/domain/safeUrl';
import { storeEngines } from '../testing/storeEngines.js';
import type { TestServer } from '../testing/harness.js';
import { admin, call, startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { ChatImageStore, checkChatImage, CHAT_IMAGE_UPLOADS_PER_MINUTE, publicBaseUrl } from './imageUpload.js';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

let clock = 1_700_000_000_000;
const now = () => clock;

async function start(dataDir?: string): Promise<TestServer> {
  server = await startRealtimeTestServer({ now, ...(dataDir ? { dataDir } : {}) });
  return server;
}

const PATH = LIVE_CALLS.chatImageUpload.path;

/** A file of `size` bytes that starts with the magic numbers of `format`. */
function imageBytes(format: 'png' | 'jpeg' | 'gif' | 'webp', size = 64): Buffer {
  const head: Record<typeof format, number[]> = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    gif: [...Buffer.from('GIF89a')],
    webp: [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')],
  };
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(head[format]).copy(bytes);
  return bytes;
}

const upload = (s: TestServer, token: string | undefined, fields: Record<string, unknown>) =>
  call(s, 'POST', PATH, { webcastId: 'r1', fileName: 'a.png', contentType: 'image/png', data: imageBytes('png').toString('base64'), ...fields }, token ? { token } : {});

describe('chat image upload', () => {
  it('stores a picture, serves it with its type, nosniff and a long cache, and a 7101 with its url is published and kept by safeUrl', async () => {
    const s = await start();
    const session = await loginAs(s.ctx, 'u1', 'r1', { name: 'Alice' });
    const bytes = imageBytes('png', 1000);
    const answer = await upload(s, session.token, { fileName: 'photo.PNG', contentType: 'image/png', data: bytes.toString('base64') });
    expect(answer.code).toBe(200);
    const url = String(answer.data?.url);
    expect(url).toMatch(new RegExp(`^${s.url}${PATH}/[0-9A-Za-z]{32}$`));
    expect(safeUrl(url)).toBe(url);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const socket = await TestSocket.connect(s.url, session.sid);
    sockets.push(socket);
    expect((await socket.request(7001, { webcastId: 'r1', offset: 0 })).status).toBe(200);
    const sent = await socket.request(7101, { webcastId: 'r1', body: '', imgUrl: url });
    expect(sent.status).toBe(200);
    const push = await socket.nextPush(7101);
    // Published as this server's own path (no PUBLIC_URL): the page's origin, never a Host header's.
    const ownPath = url.slice(s.url.length);
    expect(push.body).toMatchObject({ msgId: sent.msgId, uid: 'u1', imgUrl: ownPath, body: '' });
    expect(safeUrl(ownPath)).toBe(ownPath);
  });

  it('publishes an uploaded picture at this server whatever host the sender put before its path, and refuses another room\'s', async () => {
    const s = await startRealtimeTestServer({ now, config: { publicUrl: 'https://live.example.com' } });
    server = s;
    const session = await loginAs(s.ctx, 'u1', 'r1');
    const answer = await upload(s, session.token, { fileName: 'a.png', contentType: 'image/png', data: imageBytes('png').toString('base64') });
    const id = String(answer.data?.url).split('/').pop();
    expect(answer.data?.url).toBe(`https://live.example.com${PATH}/${id}`);
    const socket = await TestSocket.connect(s.url, session.sid);
    sockets.push(socket);
    expect((await socket.request(7001, { webcastId: 'r1', offset: 0 })).status).toBe(200);
    const sent = await socket.request(7101, { webcastId: 'r1', body: '', imgUrl: `https://tracker.example${PATH}/${id}` });
    expect(sent.status).toBe(200);
    expect((await socket.nextPush(7101)).body.imgUrl).toBe(`https://live.example.com${PATH}/${id}`);

    const other = await loginAs(s.ctx, 'u2', 'r2');
    const otherSocket = await TestSocket.connect(s.url, other.sid);
    sockets.push(otherSocket);
    expect((await otherSocket.request(7001, { webcastId: 'r2', offset: 0 })).status).toBe(200);
    expect(await otherSocket.request(7101, { webcastId: 'r2', body: '', imgUrl: `https://live.example.com${PATH}/${id}` })).toMatchObject({ status: 4501 });
  });

  it('accepts jpeg, gif and webp with their own content types, and exactly 500 KiB', async () => {
    const s = await start();
    const cases: Array<[string, string, Buffer]> = [
      ['a.jpg', 'image/jpeg', imageBytes('jpeg')],
      ['a.jpeg', 'IMAGE/JPEG', imageBytes('jpeg')],
      ['a.gif', 'image/gif', imageBytes('gif')],
      ['a.webp', 'image/webp', imageBytes('webp')],
      ['big.png', 'image/png', imageBytes('png', IMAGE_MAX_BYTES)],
    ];
    for (const [i, [fileName, contentType, bytes]] of cases.entries()) {
      const { token } = await loginAs(s.ctx, `u${i}`, 'r1');
      const answer = await upload(s, token, { fileName, contentType, data: bytes.toString('base64') });
      expect(answer.code, fileName).toBe(200);
      const served = await fetch(String(answer.data?.url));
      expect(served.headers.get('content-type')).toBe(contentType.toLowerCase());
      expect((await served.arrayBuffer()).byteLength).toBe(bytes.length);
    }
  });

  it('refuses without a session (402) and with a session of another room (4009)', async () => {
    const s = await start();
    expect((await upload(s, undefined, {})).code).toBe(402);
    expect((await upload(s, 'not-a-token', {})).code).toBe(402);
    const other = await loginAs(s.ctx, 'u1', 'r2');
    expect((await upload(s, other.token, {})).code).toBe(4009);
  });

  it('refuses bad input with 4501 naming the field', async () => {
    const s = await start();
    const png = imageBytes('png').toString('base64');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ data: 'not base64!' }, 'data: must be standard base64 (A-Z a-z 0-9 + /, padded with =)'],
      [{ data: 'abc' }, 'data: must be standard base64 (A-Z a-z 0-9 + /, padded with =)'],
      [{ data: `data:image/png;base64,${png}` }, 'data: must be the base64 of the file without a data: prefix'],
      [{ data: '' }, 'data: the file is empty'],
      [{ data: Buffer.from('MZ this is an exe').toString('base64') }, 'data: the file is not a JPEG, PNG, GIF or WebP image'],
      [{ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), fileName: 'a.svg', contentType: 'image/svg+xml' }, 'contentType: contentType and the fileName extension must name the same format: jpeg, png, gif or webp'],
      [{ fileName: 'a.jpg' }, 'contentType: contentType and the fileName extension must name the same format: jpeg, png, gif or webp'],
      [{ fileName: 'noextension' }, 'contentType: contentType and the fileName extension must name the same format: jpeg, png, gif or webp'],
      [{ fileName: 'a.jpg', contentType: 'image/jpeg' }, 'data: the file is png, not the jpeg that contentType and fileName say'],
      [{ data: imageBytes('png', IMAGE_MAX_BYTES + 1).toString('base64') }, 'data: the file is larger than 500 KB (512000 bytes)'],
    ];
    for (const [i, [fields, msg]] of cases.entries()) {
      const { token } = await loginAs(s.ctx, `u${i}`, 'r1');
      expect(await upload(s, token, fields), JSON.stringify(fields).slice(0, 80)).toMatchObject({ status: 200, code: 4501, msg });
    }
    const { token } = await loginAs(s.ctx, 'schema', 'r1');
    for (const fields of [{ fileName: undefined }, { contentType: '' }, { data: { x: 1 } }, { webcastId: '' }]) {
      expect((await upload(s, token, fields)).code, JSON.stringify(fields)).toBe(4501);
    }
    expect((await rowOf(s.ctx, sql`SELECT COUNT(*) AS n FROM chat_images`))).toEqual({ n: 0 });
  });

  it('follows the chat state: closed 4401, muted 4402, staff-only 4401, pictures off 4404; the host is not held', async () => {
    const s = await start();
    const viewer = await loginAs(s.ctx, 'u1', 'r1');
    const host = await loginAs(s.ctx, 'h1', 'r1', { role: ROLE.host });
    const state = (body: object) => admin(s, '/admin/v1/rooms/r1/chat/state', body);
    await state({ open: false });
    expect((await upload(s, viewer.token, {})).code).toBe(4401);
    await state({ open: true });
    await admin(s, '/admin/v1/rooms/r1/users/u1/mute', {});
    expect((await upload(s, viewer.token, {})).code).toBe(4402);
    await admin(s, '/admin/v1/rooms/r1/users/u1/unmute', {});
    await state({ staffOnly: true });
    expect((await upload(s, viewer.token, {})).code).toBe(4401);
    await state({ staffOnly: false, pictures: false });
    expect((await upload(s, viewer.token, {})).code).toBe(4404);
    expect((await upload(s, host.token, {})).code).toBe(200);
    await state({ pictures: true });
    expect((await upload(s, viewer.token, {})).code).toBe(200);
  });

  it(`allows ${CHAT_IMAGE_UPLOADS_PER_MINUTE} attempts a minute per user, then 4203 with the wait`, async () => {
    const s = await start();
    const a = await loginAs(s.ctx, 'a', 'r1');
    const b = await loginAs(s.ctx, 'b', 'r1');
    for (let i = 0; i < CHAT_IMAGE_UPLOADS_PER_MINUTE; i++) {
      expect((await upload(s, a.token, i % 2 ? { data: 'bad!' } : {})).code).toBe(i % 2 ? 4501 : 200);
    }
    clock += 20_000;
    expect(await upload(s, a.token, {})).toMatchObject({ code: 4203, data: { waitSeconds: 40 } });
    expect((await upload(s, b.token, {})).code).toBe(200);
    clock += 40_001;
    expect((await upload(s, a.token, {})).code).toBe(200);
  });

  it('answers HTTP 404 for an unknown or malformed picture id and keeps pictures over a restart', async () => {
    const s = await start();
    expect((await fetch(`${s.url}${PATH}/${'x'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${s.url}${PATH}/..%2F..%2Fetc`)).status).toBe(404);
    const { token } = await loginAs(s.ctx, 'u1', 'r1');
    const url = String((await upload(s, token, {})).data?.url);
    const again = await s.restart();
    server = again;
    const served = await fetch(url.replace(s.url, again.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(imageBytes('png'))).toBe(true);
  });
});

describe('chat image upload under hostile input', () => {
  it('answers any field values with an envelope and a business code, never a 500', async () => {
    const s = await start();
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.base64String({ maxLength: 200 }),
      fc.constantFrom('r1', 'a.png', 'image/png', '', '../..', 'data:', '===='),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ webcastId: value, fileName: value, contentType: value, data: value }, { requiredKeys: [] }), async (fields) => {
        const { token } = await loginAs(s.ctx, `f${n++}`, 'r1');
        const answer = await call(s, 'POST', PATH, fields, { token });
        expect(answer.status).toBe(200);
        expect([200, 4009, 4501]).toContain(answer.code);
      }),
      { numRuns: 60 },
    );
  });
});

describe.each(storeEngines())('chat image storage on $engine', ({ open }) => {
  it('evicts the oldest pictures once the total passes the cap', async () => {
    let t = 1000;
    const store = new ChatImageStore(await open(), () => t++, 1000);
    const image = (size: number) => checkChatImage({ fileName: 'a.png', contentType: 'image/png', data: imageBytes('png', size).toString('base64') });
    const first = await store.put('r1', 'u1', image(400));
    const second = await store.put('r1', 'u1', image(400));
    expect(await store.totalBytes()).toBe(800);
    const third = await store.put('r1', 'u1', image(300));
    expect([await store.get(first), (await store.get(second)) !== null, (await store.get(third)) !== null]).toEqual([null, true, true]);
    expect(await store.totalBytes()).toBe(700);
    const big = await store.put('r1', 'u1', image(1000));
    expect([await store.get(second), await store.get(third), (await store.get(big))?.bytes.length]).toEqual([null, null, 1000]);
    expect(Buffer.isBuffer((await store.get(big))?.bytes)).toBe(true);
  });
});

describe('chat image URLs', () => {
  it('builds absolute URLs like the socket address: PUBLIC_URL, else the request Host', () => {
    const config = { publicUrl: null, host: '127.0.0.1', port: 8080 };
    expect(publicBaseUrl({ ...config, publicUrl: 'https://live.example.com/webcast/' })).toBe('https://live.example.com/webcast');
    expect(publicBaseUrl({ ...config, publicUrl: 'http://live.example.com' })).toBe('http://live.example.com');
    expect(publicBaseUrl(config, { headers: { host: 'viewer.example:9000' }, protocol: 'https' })).toBe('https://viewer.example:9000');
    expect(publicBaseUrl(config, { headers: { host: 'evil/<x>' } })).toBe('http://127.0.0.1:8080');
  });
});
