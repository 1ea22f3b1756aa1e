import { sql } from 'kysely';
import { rowOf, rowsOf } from '../../testing/storeRows.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
  alice = await viewer(server.ctx, 'alice', room, { name: 'Alice', nameChanged: true });
});
afterEach(async () => server.close());

const survey = (r: string) => `pp_${r}_survey`;
const quiz = (r: string) => `pp_${r}_quiz`;

interface PaperView {
  id: string;
  kind: string;
  answered: boolean;
  items: { id: string; correct?: unknown }[];
  result: { score: number; total: number } | null;
}

const goodSurveyAnswers = [
  { id: 'q1', answer: '2' },
  { id: 'q2', answer: ['1', '3'] },
  { id: 'q3', answer: 'Acme' },
  { id: 'q4', answer: 5 },
];

describe('questionnaires and quizzes', () => {
  it('refuses an unpublished paper, then lists, shows and takes answers once published', async () => {
    const t = { token: alice.token };
    expect((await api.get(LIVE_CALLS.paperInfo.path, { id: survey(room) }, t)).msg).toBe('id: this paper is not published');
    expect((await api.get<{ list: unknown[] }>(LIVE_CALLS.paperPublishList.path, { webcastId: room }, t)).data.list).toEqual([]);

    const published = await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper' });
    expect(published.data).toMatchObject({ kind: 'paper', id: survey(room), quiz: false });

    const list = await api.get<{ list: { id: string; answered: boolean }[] }>(LIVE_CALLS.paperPublishList.path, { webcastId: room }, t);
    expect(list.data.list).toMatchObject([{ id: survey(room), answered: false }]);
    const info = await api.get<PaperView>(LIVE_CALLS.paperInfo.path, { id: survey(room) }, t);
    expect(info.code).toBe(200);
    expect(info.data.items.map((i) => i.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    const unanswered = await api.get<{ paper: PaperView | null }>(LIVE_CALLS.paperUnanswered.path, { webcastId: room }, t);
    expect(unanswered.data.paper?.id).toBe(survey(room));

    const sent = await api.post(LIVE_CALLS.paperState.path, { id: survey(room), webcastId: room, answers: goodSurveyAnswers }, t);
    expect(sent).toMatchObject({ code: 200, data: { answered: true } });
    const again = await api.post(LIVE_CALLS.paperState.path, { id: survey(room), webcastId: room, answers: goodSurveyAnswers }, t);
    expect(again).toMatchObject({ code: 4501, msg: 'id: this paper has already been answered' });
    expect((await api.get<{ paper: unknown }>(LIVE_CALLS.paperUnanswered.path, { webcastId: room }, t)).data.paper).toBeNull();
    expect((await api.get<PaperView>(LIVE_CALLS.paperInfo.path, { id: survey(room) }, t)).data.answered).toBe(true);
  });

  it('applies the rules of SPEC 5 with a 4501 naming the problem', async () => {
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper' });
    const submit = (answers: unknown) => api.post(LIVE_CALLS.paperState.path, { id: survey(room), webcastId: room, answers }, { token: alice.token });
    expect((await submit([])).msg).toBe('answers: an empty questionnaire cannot be submitted');
    expect((await submit([{ id: 'q3', answer: '   ' }])).msg).toBe('answers[id=q3]: fill-in answers cannot be blank');
    expect((await submit([{ id: 'q1', answer: '4' }])).msg).toBe('answers[id=q1]: the chosen option needs its text filled in');
    expect((await submit([{ id: 'q1', answer: '4', options: [{ number: '4', answerOption: 'A podcast' }] }])).code).toBe(200);
  });

  it('refuses answers that do not fit the paper', async () => {
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper' });
    const submit = (answers: unknown) => api.post(LIVE_CALLS.paperState.path, { id: survey(room), webcastId: room, answers }, { token: alice.token });
    expect((await submit([{ id: 'nope', answer: '1' }])).msg).toBe('answers[0].id: no such question in this paper');
    expect((await submit([{ id: 'q1', answer: '9' }])).msg).toBe('answers[0].answer: "9" is not an option of this question');
    expect((await submit([{ id: 'q1', answer: ['1', '2'] }])).msg).toBe('answers[0].answer: this question takes one answer');
    expect((await submit([{ id: 'q3', answer: 12 }])).msg).toBe('answers[0].answer: must be text');
    expect((await submit([{ id: 'q2', answer: '1' }, { id: 'q2', answer: '2' }])).msg).toBe('answers[1].id: answered twice');
    expect((await submit('not a list')).code).toBe(4501);
    expect((await api.post(LIVE_CALLS.paperState.path, { id: survey(room), answers: [] }, { token: alice.token })).code).toBe(4501);
    expect((await api.get(LIVE_CALLS.paperInfo.path, { id: 'missing' }, { token: alice.token })).msg).toBe('id: no such paper');
  });

  it('scores a quiz on the server and shows the key only after answering', async () => {
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'quiz' });
    const before = await api.get<PaperView>(LIVE_CALLS.paperInfo.path, { id: quiz(room) }, { token: alice.token });
    expect(JSON.stringify(before.data)).not.toContain('correct');
    const sent = await api.post<{ result: { score: number; total: number } }>(
      LIVE_CALLS.paperState.path,
      { id: quiz(room), webcastId: room, answers: [{ id: 'k1', answer: 'B' }, { id: 'k2', answer: ['A'] }, { id: 'k3', answer: 'A' }] },
      { token: alice.token },
    );
    expect(sent.data.result).toMatchObject({ score: 2, total: 3 });
    const after = await api.get<PaperView>(LIVE_CALLS.paperInfo.path, { id: quiz(room) }, { token: alice.token });
    expect(after.data.result).toMatchObject({ score: 2, total: 3, results: [{ id: 'k1', right: true }, { id: 'k2', correct: ['A', 'B'], right: false }, { id: 'k3', right: true }] });
  });

  it('needs a session of the same room', async () => {
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper' });
    expect((await api.get(LIVE_CALLS.paperInfo.path, { id: survey(room) })).code).toBe(402);
    const other = await seededRoom(server.ctx, 'r2');
    const bob = await viewer(server.ctx, 'bob', other);
    expect((await api.get(LIVE_CALLS.paperInfo.path, { id: survey(room) }, { token: bob.token })).code).toBe(4009);
    expect((await api.get(LIVE_CALLS.paperPublishList.path, { webcastId: 'nowhere' }, { token: bob.token })).msg).toBe('webcastId: no such room');
  });
});

describe('results', () => {
  const poll = (r: string) => `pp_${r}_poll`;
  const pushes = () =>
    server.roomLog
      .readAfter(room, 0, 100)
      .filter((m) => m.code === 7115)
      .map((m) => JSON.parse(m.bodyJson) as { id: string; results?: { respondents: number; questions: { id: string; counts: Record<string, number> }[] }; closed?: boolean; version?: number });

  it('an anonymous poll: answers kept without the viewer, live results to those who answered, coalesced snapshots', async () => {
    const bob = await viewer(server.ctx, 'bob', room, { name: 'Bob' });
    const cat = await viewer(server.ctx, 'cat', room, { name: 'Cat' });
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper', id: poll(room) });
    const answer = (token: string, choice: string) =>
      api.post<{ results: { respondents: number; questions: { id: string; counts: Record<string, number> }[] } | null }>(
        LIVE_CALLS.paperState.path,
        { id: poll(room), webcastId: room, answers: [{ id: 'p1', answer: choice }] },
        { token },
      );
    expect((await answer(alice.token, 'A')).data.results).toMatchObject({ respondents: 1, questions: [{ id: 'p1', counts: { A: 1, B: 0, C: 0 } }, { id: 'p2' }] });
    expect((await answer(bob.token, 'A')).data.results?.respondents).toBe(2);

    // Not answered: no results (no voting with the crowd); answered: the results, not the answers.
    const forCat = await api.get<{ results: unknown; anonymous: boolean }>(LIVE_CALLS.paperInfo.path, { id: poll(room) }, { token: cat.token });
    expect(forCat.data).toMatchObject({ results: null, anonymous: true });
    const forAlice = await api.get<{ results: { respondents: number }; myAnswer: unknown; answered: boolean }>(LIVE_CALLS.paperInfo.path, { id: poll(room) }, { token: alice.token });
    expect(forAlice.data).toMatchObject({ answered: true, myAnswer: null, results: { respondents: 2 } });
    const stored = (await rowsOf(server.ctx, sql`SELECT answers FROM paper_answers WHERE paper_id = ${poll(room)}`)) as { answers: string }[];
    expect(stored.map((r) => r.answers)).toEqual(['[]', '[]']);
    expect(((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM paper_anonymous_answers WHERE paper_id = ${poll(room)}`)) as { n: number }).n).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, 1200));
    const snapshots = pushes().filter((p) => p.results !== undefined);
    expect(snapshots.length).toBeGreaterThanOrEqual(1);
    expect(snapshots.length).toBeLessThanOrEqual(2); // two answers, at most one push a second
    expect(snapshots.at(-1)?.results?.questions[0]?.counts).toEqual({ A: 2, B: 0, C: 0 });
    const versions = snapshots.map((p) => p.version ?? 0);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it('results shown once closed: nothing live; the close pushes the final results and refuses later answers', async () => {
    const bob = await viewer(server.ctx, 'bob', room, { name: 'Bob' });
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper' });
    const answered = await api.post<{ results: unknown }>(LIVE_CALLS.paperState.path, { id: survey(room), webcastId: room, answers: goodSurveyAnswers }, { token: alice.token });
    expect(answered.data.results).toBeNull();
    expect((await api.get<{ results: unknown }>(LIVE_CALLS.paperInfo.path, { id: survey(room) }, { token: alice.token })).data.results).toBeNull();

    const closed = await api.admin(`/admin/v1/rooms/${room}/paper/close`, { id: survey(room) });
    expect(closed.data).toEqual({ id: survey(room), closed: true });
    const final = pushes().find((p) => p.closed === true);
    expect(final).toMatchObject({ id: survey(room), closed: true, results: { respondents: 1 } });
    expect((await api.get<{ results: unknown; closed: boolean }>(LIVE_CALLS.paperInfo.path, { id: survey(room) }, { token: bob.token })).data).toMatchObject({ closed: true, results: { respondents: 1 } });
    expect((await api.post(LIVE_CALLS.paperState.path, { id: survey(room), webcastId: room, answers: goodSurveyAnswers }, { token: bob.token })).msg).toBe('id: this paper is closed');
    expect((await api.admin(`/admin/v1/rooms/${room}/paper/close`, { id: survey(room) })).msg).toBe('id: this paper is closed already');
  });
});
