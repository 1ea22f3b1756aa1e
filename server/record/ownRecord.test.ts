/**
 * The viewer's own record (issue 37 item 5; docs/protocol.md 5.13): everything that was the
 * caller's in the room and nothing of anyone else's; the room's switch (4409); the rate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../src/protocol/services/commerce';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import type { TestServer } from '../testing/harness.js';
import { startTestServer } from '../testing/harness.js';
import { Caller, newKey, seededRoom, viewer } from '../testing/interactFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import type { OwnRecord } from '../../src/domain/ownRecord';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

const RECORD = LIVE_CALLS.ownRecord.path;

describe('the own record', () => {
  it("holds the caller's messages, question and answer, quiz, answer sheet, roll call, lottery and red packet, and no one else's", async () => {
    let clock = 1_700_000_000_000;
    server = await startTestServer({ now: () => clock });
    const s = server;
    const api = new Caller(s.url);
    const room = await seededRoom(s.ctx, 'r1');
    const me = await viewer(s.ctx, 'me', room, { name: 'Me Myself', nameChanged: true });
    const other = await viewer(s.ctx, 'other', room, { name: 'Someone', nameChanged: true });
    const token = { token: me.token };
    const connect = async (sid: string) => {
      const socket = await TestSocket.connect(s.url, sid);
      sockets.push(socket);
      expect((await socket.request(7001, { webcastId: room, offset: 0 })).status).toBe(200);
      return socket;
    };
    const mine = await connect(me.sid);
    const theirs = await connect(other.sid);
    const t0 = clock;
    const tick = () => (clock += 1000);

    tick();
    await mine.request(7101, { webcastId: room, body: 'first line, with "quotes", commas' });
    tick();
    await theirs.request(7101, { webcastId: room, body: 'not mine' });
    tick();
    await mine.request(7101, { webcastId: room, body: '=SUM(A1) second' });

    tick();
    const asked = await api.post<{ qaId: string }>(LIVE_CALLS.qaAsk.path, { confId: room, content: 'When is the replay?' }, token);
    expect(asked.code).toBe(200);
    await api.post(LIVE_CALLS.qaAsk.path, { confId: room, content: 'Their question' }, { token: other.token });
    tick();
    expect((await api.admin(`/admin/v1/rooms/${room}/qa/${asked.data.qaId}/answer`, { text: 'Tomorrow' })).code).toBe(200);

    tick();
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'quiz' });
    const quiz = `pp_${room}_quiz`;
    expect((await api.post(LIVE_CALLS.paperState.path, { id: quiz, webcastId: room, answers: [{ id: 'k1', answer: 'B' }, { id: 'k2', answer: ['A'] }, { id: 'k3', answer: 'A' }] }, token)).code).toBe(200);

    tick();
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'answerSheet' });
    expect((await api.post(LIVE_CALLS.answerSheetAnswer.path, { confId: room, answer: 'B' }, token)).code).toBe(200);

    tick();
    const call = await api.admin<{ id: string }>(`/admin/v1/rooms/${room}/rollcall/start`, { seconds: 30 });
    expect((await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: call.data.id }, token)).code).toBe(200);

    tick();
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`);
    const grabbed = await api.post<{ got: boolean; amount: string }>(COMMERCE_CALLS.redPacketDraw.path, { liveId: room, id: `rp_${room}` }, { ...token, idempotencyKey: newKey() });
    expect(grabbed.data.got).toBe(true);

    tick();
    await api.admin(`/admin/v1/rooms/${room}/lottery/start`);
    const ended = await api.admin<{ winners: { uid: string }[] }>(`/admin/v1/rooms/${room}/lottery/end`);
    const won = ended.data.winners.some((w) => w.uid === 'me');

    const answer = await api.get<OwnRecord>(RECORD, { webcastId: room }, token);
    expect(answer.code).toBe(200);
    const r = answer.data;
    expect(r.room).toEqual({ id: room, title: `Room ${room}` });
    expect(r.viewer).toEqual({ id: 'me', name: 'Me Myself' });
    expect(r.messages).toEqual([
      { at: t0 + 1000, text: 'first line, with "quotes", commas', picture: false },
      { at: t0 + 3000, text: '=SUM(A1) second', picture: false },
    ]);
    expect(r.messagesTruncated).toBe(false);
    expect(r.questions).toEqual([{ at: t0 + 4000, question: 'When is the replay?', status: 'answered', answer: 'Tomorrow', answeredAt: t0 + 5000 }]);
    expect(r.papers).toHaveLength(1);
    expect(r.papers[0]).toMatchObject({ at: t0 + 6000, kind: 'quiz', score: 2, total: 3, anonymous: false });
    expect(r.papers[0]!.answers).toHaveLength(3);
    expect(r.papers[0]!.answers.every((a) => a.question !== '' && a.answer !== '')).toBe(true);
    expect(r.answerSheets).toHaveLength(1);
    expect(r.answerSheets[0]!.at).toBe(t0 + 7000);
    expect(r.answerSheets[0]!.answer).toHaveLength(1);
    expect(r.rollCalls).toEqual([{ at: t0 + 8000 }]);
    expect(r.redPackets).toEqual([{ at: t0 + 9000, title: expect.any(String) as string, amount: grabbed.data.amount }]);
    expect(r.lotteries).toEqual([{ at: t0 + 10_000, title: expect.any(String) as string, prize: expect.any(String) as string, won }]);
    // Nobody else's words.
    expect(JSON.stringify(r)).not.toMatch(/not mine|Their question|Someone/);
  });

  it('is refused without a session of the room, when the room turns it off (4409), and beyond its rate (4203)', async () => {
    server = await startTestServer();
    const api = new Caller(server.url);
    const room = await seededRoom(server.ctx, 'r1');
    const me = await viewer(server.ctx, 'me', room);
    const elsewhere = await viewer(server.ctx, 'me', await seededRoom(server.ctx, 'r2'));
    expect((await api.get(RECORD, { webcastId: room })).code).toBe(402);
    expect((await api.get(RECORD, { webcastId: room }, { token: elsewhere.token })).code).toBe(4009);
    expect((await api.get(RECORD, { webcastId: '' }, { token: me.token })).code).toBe(4501);

    expect((await api.admin(`/admin/v1/rooms/${room}/settings`, { other: { ownRecord: false } })).data).toMatchObject({ other: { ownRecord: false, showOnline: true } });
    const off = await api.get(RECORD, { webcastId: room }, { token: me.token });
    expect(off).toMatchObject({ code: 4409, msg: 'saving your own record is turned off in this room' });
    expect((await api.admin(`/admin/v1/rooms/${room}/settings`, { other: { ownRecord: 'yes' } })).code).toBe(4501);
    await api.admin(`/admin/v1/rooms/${room}/settings`, { other: { ownRecord: true } });

    expect((await api.get(RECORD, { webcastId: room }, { token: me.token })).code).toBe(200);
    expect((await api.get(RECORD, { webcastId: room }, { token: me.token })).code).toBe(200);
    const third = await api.get<{ waitSeconds: number }>(RECORD, { webcastId: room }, { token: me.token });
    expect(third.code).toBe(4203);
    expect(third.data.waitSeconds).toBeGreaterThan(0);
  });
});
