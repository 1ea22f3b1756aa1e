import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCE_CALLS } from '../../../src/protocol/services/resource';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
  alice = await viewer(server.ctx, 'alice', room);
});
afterEach(async () => server.close());

const deck = (r: string) => `doc_${r}_deck`;

describe('resource host', () => {
  it('says there is no sharing content until the host shares, then the page and whiteboard', async () => {
    const t = { token: alice.token };
    expect((await api.get(RESOURCE_CALLS.docShareInfo.path, { webcastId: room }, t)).data).toEqual({ sharing: false, doc: null, updatedAt: null });
    expect((await api.get(RESOURCE_CALLS.whiteboardInfo.path, { webcastId: room }, t)).data).toMatchObject({ open: false, docId: null });

    const shared = await api.admin(`/admin/v1/rooms/${room}/share`, { page: 3, whiteboard: true });
    expect(shared.data).toMatchObject({ sharing: true, doc: { id: deck(room), page: 3 } });
    const info = await api.get<{ doc: { url: string; file: string } }>(RESOURCE_CALLS.docShareInfo.path, { webcastId: room }, t);
    expect(info.data.doc.file).toBe(`${deck(room)}/3`);
    expect((await api.get(RESOURCE_CALLS.whiteboardInfo.path, { webcastId: room }, t)).data).toMatchObject({ open: true, docId: deck(room), page: 3 });

    const slide = await fetch(`${server.url}${info.data.doc.url}`);
    expect(slide.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await slide.text()).toContain('3 / 5');
    expect((await fetch(`${server.url}/share/v1/files/${deck(room)}/9`)).status).toBe(404);

    expect((await api.admin(`/admin/v1/rooms/${room}/share`, { page: 9 })).msg).toBe('page: must be from 1 to 5');
    expect((await api.admin(`/admin/v1/rooms/${room}/share`, { docId: 'nope' })).msg).toBe('docId: no such document in this room');
    await api.admin(`/admin/v1/rooms/${room}/share`, { stop: true });
    expect((await api.get(RESOURCE_CALLS.docShareInfo.path, { webcastId: room }, t)).data).toMatchObject({ sharing: false, doc: null });
  });

  it('lists the cloud files and gives a file its CDN address', async () => {
    const t = { token: alice.token };
    const cloud = await api.get<{ list: { id: string; files: string[] }[] }>(RESOURCE_CALLS.cloudInfo.path, { webcastId: room }, t);
    expect(cloud.data.list[0]).toMatchObject({ id: deck(room), pages: 5 });
    expect(cloud.data.list[0]!.files).toHaveLength(5);
    const url = await api.post<{ url: string }>(RESOURCE_CALLS.cdnUrl.path, { webcastId: room, file: `${deck(room)}/2` }, t);
    expect(url.data.url).toBe(`/share/v1/files/${deck(room)}/2`);
    expect((await fetch(`${server.url}${url.data.url}`)).status).toBe(200);
    expect((await api.post(RESOURCE_CALLS.cdnUrl.path, { webcastId: room, file: `${deck(room)}/6` }, t)).msg).toBe('file: no such file in this room');
    expect((await api.post(RESOURCE_CALLS.cdnUrl.path, { webcastId: room, file: '../etc/passwd' }, t)).msg).toBe('file: no such file in this room');
    expect((await api.post(RESOURCE_CALLS.cdnUrl.path, { webcastId: room }, t)).code).toBe(4501);
    expect((await api.get(RESOURCE_CALLS.cloudInfo.path, { webcastId: room })).code).toBe(402);
  });
});
