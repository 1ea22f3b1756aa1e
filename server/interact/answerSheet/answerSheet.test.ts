import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';
import { insertSheet } from './store.js';

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

describe('answer sheets', () => {
  it('needs no answer until one is published, then takes one answer per user', async () => {
    const t = { token: alice.token };
    expect((await api.get(LIVE_CALLS.answerSheetNeed.path, { confId: room }, t)).data).toEqual({ need: false, id: null, title: null });
    expect((await api.get(LIVE_CALLS.answerSheetGet.path, { confId: room }, t)).data).toEqual({ sheet: null });
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: 'B' }, t)).msg).toBe('confId: no answer sheet is published in this room');

    const pushed = await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'answerSheet' });
    expect(pushed.data).toMatchObject({ kind: 'answerSheet', confId: room, id: `as_${room}` });
    expect((await api.get(LIVE_CALLS.answerSheetNeed.path, { confId: room }, t)).data).toMatchObject({ need: true, id: `as_${room}` });
    const got = await api.get<{ sheet: { options: unknown[]; answered: boolean } }>(LIVE_CALLS.answerSheetGet.path, { confId: room }, t);
    expect(got.data.sheet).toMatchObject({ answered: false });
    expect(got.data.sheet.options).toHaveLength(4);

    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: 'B' }, t)).data).toMatchObject({ answered: true, myAnswer: ['B'] });
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: 'C' }, t)).msg).toBe('confId: this answer sheet has already been answered');
    expect((await api.get(LIVE_CALLS.answerSheetNeed.path, { confId: room }, t)).data).toMatchObject({ need: false });
  });

  it('refuses answers that are not options, and shows the key only after answering', async () => {
    await insertSheet(server.ctx.store.db, server.ctx.now(), {
      id: 'quizsheet',
      webcastId: room,
      title: 'Pick the primes',
      multiple: true,
      options: ['A', 'B', 'C'].map((n) => ({ number: n, text: n })),
      correct: ['A', 'C'],
    });
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'answerSheet', id: 'quizsheet' });
    const t = { token: alice.token };
    const before = await api.get<{ sheet: { correct: unknown } }>(LIVE_CALLS.answerSheetGet.path, { confId: room }, t);
    expect(before.data.sheet.correct).toBeNull();
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: 'Z' }, t)).msg).toBe('answer: "Z" is not an option of this answer sheet');
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: [] }, t)).msg).toBe('answer: choose an option');
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room }, t)).code).toBe(4501);
    const answered = await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: 'A,C' }, t);
    expect(answered.data).toMatchObject({ correct: ['A', 'C'], right: true, myAnswer: ['A', 'C'] });
  });

  it('takes one option on a single-choice sheet', async () => {
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'answerSheet' });
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: ['A', 'B'] }, { token: alice.token })).msg).toBe(
      'answer: this answer sheet takes one option',
    );
  });
});
