import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
  alice = await viewer(server.ctx, 'alice', room, { name: 'Alice' });
});
afterEach(async () => server.close());

interface PosterView {
  id: string;
  inviteCode: string;
  inviteUrl: string;
  content: { title: string };
}

const classic = (r: string) => `pt_${r}_classic`;
const ranking = (r: string) => `/ccp/statistics/v1/poster/${r}/invitation/list`;

describe('posters and invitations', () => {
  it('gives template content and guest info', async () => {
    const t = { token: alice.token };
    const content = await api.post<{ id: string; content: { title: string }; templates: unknown[] }>(COMMERCE_CALLS.posterTemplateContent.path, { liveId: room }, t);
    expect(content.data).toMatchObject({ id: classic(room), content: { title: 'Join me at this live' } });
    expect(content.data.templates).toHaveLength(2);
    expect((await api.post(COMMERCE_CALLS.posterTemplateContent.path, { liveId: room, templateId: 'nope' }, t)).msg).toBe('templateId: no such poster template in this room');
    const guest = await api.get(COMMERCE_CALLS.posterGuestInfo.path, { liveId: room }, t);
    expect(guest.data).toMatchObject({ uid: 'alice', name: 'Alice', room: { id: room }, invitedCount: 0 });
    expect((await api.get(COMMERCE_CALLS.posterGuestInfo.path, {}, t)).code).toBe(4501);
  });

  it('creates posters with invite codes, counts invitees once and ranks inviters', async () => {
    const created = await api.post<PosterView>(COMMERCE_CALLS.posterCreate.path, { liveId: room, templateId: classic(room) }, { token: alice.token });
    expect(created.data.inviteUrl).toBe(`${server.url}/live/login/${room}?inviterId=${created.data.inviteCode}`);
    const again = await api.post<PosterView>(COMMERCE_CALLS.posterCreate.path, { liveId: room, templateId: classic(room) }, { token: alice.token });
    expect(again.data.id).toBe(created.data.id);
    expect((await api.post(COMMERCE_CALLS.posterCreate.path, { liveId: room }, { token: alice.token })).code).toBe(4501);

    const bob = await viewer(server.ctx, 'bob', room, { name: 'Bob' });
    const bobPoster = await api.post<PosterView>(
      COMMERCE_CALLS.posterCustomCreate.path,
      { liveId: room, content: { title: 'Watch with Bob', colour: '#f80' } },
      { token: bob.token },
    );
    expect(bobPoster.data.content).toMatchObject({ title: 'Watch with Bob', colour: '#f80', background: '#ffffff' });
    const custom = await api.post<{ list: PosterView[] }>(COMMERCE_CALLS.posterCustomList.path, { liveId: room }, { token: bob.token });
    expect(custom.data.list.map((p) => p.id)).toEqual([bobPoster.data.id]);

    const invitees = await Promise.all(['c', 'd', 'e'].map((id) => viewer(server.ctx, id, room)));
    const add = (token: string, code: string) => api.post<{ counted: boolean }>(COMMERCE_CALLS.inviteAdd.path, { liveId: room, inviterId: code }, { token });
    expect((await add(invitees[0]!.token, created.data.inviteCode)).data).toEqual({ counted: true, inviterId: 'alice' });
    expect((await add(invitees[0]!.token, created.data.inviteCode)).data).toEqual({ counted: false, inviterId: 'alice' });
    expect((await add(invitees[1]!.token, created.data.inviteCode)).data.counted).toBe(true);
    expect((await add(invitees[2]!.token, bobPoster.data.inviteCode)).data.counted).toBe(true);
    expect((await add(alice.token, created.data.inviteCode)).msg).toBe('inviterId: you cannot invite yourself');
    expect((await add(alice.token, 'nosuchcode')).code).toBe(4301);

    const ranked = await api.get<{ list: { rank: number; uid: string; count: number }[]; mine: { count: number; rank: number | null } }>(ranking(room), {}, { token: bob.token });
    expect(ranked.data.list).toEqual([
      { rank: 1, uid: 'alice', name: 'Alice', count: 2 },
      { rank: 2, uid: 'bob', name: 'Bob', count: 1 },
    ]);
    expect(ranked.data.mine).toEqual({ count: 1, rank: 2 });
    expect((await api.get(ranking('nowhere'), {}, { token: bob.token })).msg).toBe('id: no such room');
  });

  it('checks custom content', async () => {
    const make = (content: unknown) => api.post(COMMERCE_CALLS.posterCustomCreate.path, { liveId: room, content }, { token: alice.token });
    expect((await make({})).msg).toBe('content.title: is required');
    expect((await make({ title: 'x'.repeat(41) })).msg).toBe('content.title: must have at most 40 characters');
    expect((await make({ title: 'Hi', colour: 'red' })).msg).toBe('content.colour: must be a colour written #rgb or #rrggbb');
    expect((await make('not json')).msg).toBe('content: must be an object or its JSON text');
    expect((await make(JSON.stringify({ title: 'As text' }))).code).toBe(200);
    expect((await api.post(COMMERCE_CALLS.posterCustomCreate.path, { liveId: room }, { token: alice.token })).code).toBe(4501);
  });
});
