import { sql } from 'kysely';
import { rowOf } from '../../testing/storeRows.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;
let bob: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
  alice = await viewer(server.ctx, 'alice', room, { name: 'Alice' });
  bob = await viewer(server.ctx, 'bob', room, { name: 'Bob' });
});
afterEach(async () => server.close());

interface QuestionView {
  qaId: string;
  content: string;
  status: string;
  answer: string | null;
  followUps?: QuestionView[];
}

const list = async (token: string) => (await api.get<{ state: string; total: number; list: QuestionView[] }>(LIVE_CALLS.qaList.path, { confId: room }, { token })).data;

describe('Q&A', () => {
  it('asks, keeps a question for review, shows it after approval and pushes the answer (7123)', async () => {
    expect((await api.get(LIVE_CALLS.qaSwitch.path, { webcastId: room }, { token: alice.token })).data).toEqual({ state: 'on' });
    expect((await list(alice.token)).list.map((q) => q.content)).toEqual(['Will the slides be available after the live?']);

    const asked = await api.post<QuestionView>(LIVE_CALLS.qaAsk.path, { confId: room, content: '  How long is the replay kept?  ' }, { token: alice.token });
    expect(asked.data).toMatchObject({ content: 'How long is the replay kept?', status: 'pending' });
    expect((await list(alice.token)).total).toBe(2);
    expect((await list(bob.token)).total).toBe(1);

    const pending = await api.admin<{ list: { qaId: string; content: string }[] }>(`/admin/v1/rooms/${room}/qa/pending`);
    expect(pending.data.list.map((q) => q.qaId)).toContain(asked.data.qaId);
    const approved = await api.admin(`/admin/v1/rooms/${room}/qa/${asked.data.qaId}/approve`);
    expect(approved.data).toMatchObject({ status: 'approved' });
    expect((await list(bob.token)).total).toBe(2);
    expect((await api.admin(`/admin/v1/rooms/${room}/qa/${asked.data.qaId}/approve`)).msg).toBe('qaId: the question is already approved');

    const answered = await api.admin(`/admin/v1/rooms/${room}/qa/${asked.data.qaId}/answer`, { text: 'Thirty days.' });
    expect(answered.data).toMatchObject({ status: 'answered', answer: 'Thirty days.' });
    // The room is told of the approval, then of the answer.
    const pushes = server.roomLog.readAfter(room, 0, 10).filter((m) => m.code === 7123).map((m) => JSON.parse(m.bodyJson) as unknown);
    expect(pushes).toMatchObject([
      { question: { qaId: asked.data.qaId, status: 'approved', answer: null } },
      { question: { qaId: asked.data.qaId, status: 'answered', answer: 'Thirty days.' } },
    ]);
    const reply = await api.get<QuestionView>(LIVE_CALLS.qaReply.path, { qaId: asked.data.qaId }, { token: bob.token });
    expect(reply.data).toMatchObject({ answer: 'Thirty days.', followUps: [] });
  });

  it('takes follow-ups to a question, kept for review like any question', async () => {
    const asked = await api.post<QuestionView>(LIVE_CALLS.qaAsk.path, { confId: room, content: 'Is there a recording?' }, { token: alice.token });
    const pendingForBob = await api.get(LIVE_CALLS.qaReply.path, { qaId: asked.data.qaId }, { token: bob.token });
    expect(pendingForBob.msg).toBe('qaId: no such question');
    const follow = await api.post<QuestionView>(LIVE_CALLS.qaWithQuestion.path, { confId: room, qaId: asked.data.qaId, content: 'And the slides too?' }, { token: alice.token });
    expect(follow.data).toMatchObject({ status: 'pending', content: 'And the slides too?' });
    const thread = await api.get<QuestionView>(LIVE_CALLS.qaReply.path, { qaId: asked.data.qaId }, { token: alice.token });
    expect(thread.data.followUps?.map((q) => q.content)).toEqual(['And the slides too?']);
    expect((await api.post(LIVE_CALLS.qaWithQuestion.path, { confId: room, qaId: 'nope', content: 'Something long' }, { token: alice.token })).msg).toBe('qaId: no such question');
  });

  it('refuses short questions with the SPEC message, and questions while Q&A is off', async () => {
    const ask = (content: string) => api.post(LIVE_CALLS.qaAsk.path, { confId: room, content }, { token: alice.token });
    expect(await ask('Why?')).toMatchObject({ code: 4501, msg: 'content: question content cannot be less than 5 characters' });
    expect((await ask('   ')).msg).toBe('content: is required');
    expect((await ask('x'.repeat(501))).msg).toBe('content: must have at most 500 characters');
    expect((await api.post(LIVE_CALLS.qaAsk.path, { confId: room }, { token: alice.token })).code).toBe(4501);

    expect((await api.admin(`/admin/v1/rooms/${room}/qa/state`, { state: 'off' })).data).toEqual({ state: 'off' });
    expect((await ask('A long enough question')).msg).toBe('confId: Q&A is closed in this room');
    await api.admin(`/admin/v1/rooms/${room}/qa/state`, { state: 'unopened' });
    expect((await ask('A long enough question')).msg).toBe('confId: Q&A has not been opened in this room');
    expect((await api.admin(`/admin/v1/rooms/${room}/qa/state`, { state: 'maybe' })).code).toBe(4501);
    const states = server.roomLog.readAfter(room, 0, 10).filter((m) => m.code === 7123).map((m) => (JSON.parse(m.bodyJson) as { state: string }).state);
    expect(states).toEqual(['off', 'unopened']);
  });
});

describe('Q&A upvotes', () => {
  it('one vote per viewer and question, taken back at will; the list sorts by votes; the room gets coalesced, versioned tallies', async () => {
    await api.admin(`/admin/v1/rooms/${room}/qa/state`, { state: 'on' });
    const ask = async (content: string) => {
      const asked = await api.post<QuestionView>(LIVE_CALLS.qaAsk.path, { confId: room, content }, { token: alice.token });
      await api.admin(`/admin/v1/rooms/${room}/qa/${asked.data.qaId}/approve`);
      return asked.data.qaId;
    };
    const first = await ask('The first question asked');
    const second = await ask('The second question asked');
    const vote = (token: string, qaId: string, up = true) => api.post<{ votes: number; voted: boolean }>(LIVE_CALLS.qaVote.path, { confId: room, qaId, up }, { token });
    expect((await vote(alice.token, first)).data).toEqual({ qaId: first, votes: 1, voted: true });
    expect((await vote(alice.token, first)).data.votes).toBe(1); // one per viewer
    expect((await vote(bob.token, first)).data.votes).toBe(2);
    expect((await vote(bob.token, first, false)).data).toEqual({ qaId: first, votes: 1, voted: false });

    const sorted = await api.get<{ list: (QuestionView & { votes: number; voted: boolean })[] }>(LIVE_CALLS.qaList.path, { confId: room, sort: 'votes' }, { token: alice.token });
    // The seed's question has no votes either: it comes after, being older.
    expect(sorted.data.list.slice(0, 2).map((q) => [q.qaId, q.votes, q.voted])).toEqual([
      [first, 1, true],
      [second, 0, false],
    ]);
    const newest = await list(alice.token);
    expect(newest.list[0]?.qaId).toBe(second);

    // Several votes, one push: the tally of what moved, with a growing version.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const tallies = server.roomLog
      .readAfter(room, 0, 50)
      .filter((m) => m.code === 7123)
      .map((m) => JSON.parse(m.bodyJson) as { votes?: { qaId: string; votes: number }[]; version?: number })
      .filter((b) => b.votes !== undefined);
    expect(tallies.length).toBeLessThanOrEqual(2);
    expect(tallies.at(-1)).toMatchObject({ votes: [{ qaId: first, votes: 1 }] });
    expect(tallies.map((t) => t.version)).toEqual(tallies.map((_, i) => i + 1));

    // A question under review takes no votes; a bad body is 4501.
    const pending = await api.post<QuestionView>(LIVE_CALLS.qaAsk.path, { confId: room, content: 'Not reviewed yet' }, { token: bob.token });
    expect((await vote(bob.token, pending.data.qaId)).msg).toBe('qaId: this question is waiting for review');
    expect((await api.post(LIVE_CALLS.qaVote.path, { confId: room, qaId: first, up: 'yes' }, { token: bob.token })).code).toBe(4501);
  });
});

describe('consultation', () => {
  it('stores a consultation with a valid phone and content', async () => {
    const add = (body: Record<string, unknown>) => api.post(COMMERCE_CALLS.consultAdd.path, { liveId: room, ...body }, { token: alice.token });
    expect((await add({ phone: '13800138000', content: 'Please call me about pricing' })).data).toMatchObject({ name: 'Alice', phone: '13800138000' });
    expect((await add({ phone: '13800138000', content: ' ' })).msg).toBe('content: is required');
    expect((await add({ phone: '12345', content: 'Call me' })).msg).toBe('phone: invalid phone number format');
    expect((await add({ content: 'Call me' })).msg).toBe('phone: is required');
    expect((await add({ name: 'n'.repeat(21), phone: '13800138000', content: 'Call me' })).code).toBe(4501);
    const rows = (await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM consultations`)) as { n: number };
    expect(rows.n).toBe(1);
  });
});
