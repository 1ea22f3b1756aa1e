/**
 * The replay's timeline (docs/protocol.md 5.10): the seeded replay demo's story, and a live
 * session's events read back by time, with the viewer's own moments.
 */
import { sql } from 'kysely';
import { rowOf, rowsOf } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { drawWinners, entrantsDigest } from '../../src/domain/verifiableDraw';
import type { TestServer } from '../testing/harness.js';
import { startTestServer } from '../testing/harness.js';
import { admin, call } from '../testing/realtimeServer.js';
import { loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { seedIfEmpty } from '../seed/index.js';
import { REPLAY_DEMO_MESSAGES } from '../seed/replayChat.js';
import { TIMELINE_MAX_EVENTS } from './timeline.js';
import { LIVE_CALLS } from '../../src/protocol/services/live';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

type Event = { at: number; kind: string } & Record<string, unknown>;
const TIMELINE = LIVE_CALLS.replayTimeline.path;
const MOMENTS = LIVE_CALLS.replayMoments.path;

describe('the replay demo room (10015)', () => {
  it('has its story on the timeline: chapters, slides, captions, every interaction, the host lines, in time order over the recording', async () => {
    server = await startTestServer();
    await seedIfEmpty(server.ctx);
    const record = (await rowOf(server.ctx, sql`SELECT started_at AS "startedAt", duration_ms AS "durationMs" FROM room_records WHERE webcast_id = '10015'`)) as { startedAt: number; durationMs: number };
    const session = await loginAs(server.ctx, 'replay-viewer', '10015');
    const answer = await call(server, 'GET', TIMELINE, { webcastId: '10015', from: record.startedAt, to: record.startedAt + record.durationMs }, { token: session.token });
    expect(answer.code).toBe(200);
    const list = answer.data?.list as Event[];
    expect(answer.data?.more).toBe(false);
    const count = (kind: string) => list.filter((e) => e.kind === kind).length;
    expect(count('chapter')).toBe(4);
    expect(count('caption')).toBeGreaterThanOrEqual(40);
    expect(count('slide')).toBe(6);
    expect(count('notice')).toBe(1);
    for (const kind of ['rollCall', 'paper', 'goods', 'question']) expect(count(kind), kind).toBe(1);
    expect(count('redPacket')).toBe(2);
    expect(count('hostMessage')).toBe(Math.floor(REPLAY_DEMO_MESSAGES / 97));
    expect(list.map((e) => e.at)).toEqual([...list.map((e) => e.at)].sort((a, b) => a - b));
    for (const e of list) expect(e.at - record.startedAt).toBeLessThan(record.durationMs);

    // The quiz comes with its key (the room has ended), so the page can check answers itself.
    const paper = list.find((e) => e.kind === 'paper')!.paper as { quiz: boolean; items: { correct?: string[] }[] };
    expect(paper.quiz).toBe(true);
    expect(paper.items.every((item) => Array.isArray(item.correct) || item.correct === undefined)).toBe(true);
    expect(paper.items.some((item) => Array.isArray(item.correct))).toBe(true);
    // The lottery checks: its winners are the draw of its seed over its entrants.
    const end = list.find((e) => e.kind === 'lottery' && e.state === 'end')! as Event & { seed: string; winners: { uid: string }[]; entrantsHash: string; winnerCount: number };
    const winners = await call(server, 'GET', LIVE_CALLS.raffleWinners.path, { raffleId: end.raffleId }, { token: session.token });
    const entrants = (winners.data?.entrants ?? []) as string[];
    expect(entrants.length).toBe(40);
    expect(entrantsDigest(entrants)).toBe(end.entrantsHash);
    expect(drawWinners(end.seed, entrants, end.winnerCount)).toEqual(end.winners.map((w) => w.uid));

    // The room log and the chat history agree: offsets in time order, the chat as many as seeded.
    const log = (await rowsOf(server.ctx, sql`SELECT "offset", created_at AS at FROM room_messages WHERE webcast_id = '10015' ORDER BY "offset"`)) as { offset: number; at: number }[];
    expect(log.every((row, i) => i === 0 || row.at >= log[i - 1]!.at)).toBe(true);
    expect(((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM chat_messages WHERE webcast_id = '10015'`)) as { n: number }).n).toBe(REPLAY_DEMO_MESSAGES);
    // Seeding again changes nothing.
    await seedIfEmpty(server.ctx);
    expect(((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM room_messages WHERE webcast_id = '10015'`)) as { n: number }).n).toBe(log.length);
  });
});

describe('a live session read back by time', () => {
  it('records captions, page turns, the notice, chapters and staff lines as they happen, and answers a time range', async () => {
    let clock = 1_700_000_000_000;
    server = await startTestServer({ now: () => clock });
    const s = server;
    await seedIfEmpty(s.ctx);
    const room = '10001';
    const viewer = await loginAs(s.ctx, 'v1', room);
    const t0 = clock;
    const step = async (path: string, body: Record<string, unknown>) => {
      clock += 1000;
      const r = await admin(s, `/admin/v1/rooms/${room}/${path}`, body);
      expect(r.code, path).toBe(200);
      return r;
    };
    await step('caption', { text: 'first line' });
    await step('share', { page: 2 });
    await step('notice', { content: 'Welcome notice' });
    const chapter = await step('chapters', { title: 'Part two' });
    await step('say', { text: 'A word from the host', role: 'host' });
    await step('paper/publish', { kind: 'quiz' });
    await s.ctx.hub.whenDurable();

    const read = (fields: Record<string, unknown>, token: string = viewer.token) => call(s, 'GET', TIMELINE, { webcastId: room, ...fields }, { token });
    const all = (await read({ from: t0 })).data?.list as Event[];
    expect(all.map((e) => e.kind)).toEqual(['caption', 'slide', 'notice', 'chapter', 'hostMessage', 'paper']);
    expect(all.map((e) => e.at - t0)).toEqual([1000, 2000, 3000, 4000, 5000, 6000]);
    expect(all[0]).toMatchObject({ text: 'first line' });
    expect(all[1]).toMatchObject({ sharing: true, doc: { page: 2 } });
    expect(all[2]).toMatchObject({ content: 'Welcome notice' });
    expect(all[3]).toMatchObject({ id: chapter.data?.id, title: 'Part two' });
    expect(all[4]).toMatchObject({ text: 'A word from the host' });
    // The room is live and the quiz open: its key stays on the server.
    const items = (all[5]!.paper as { items: Record<string, unknown>[] }).items;
    expect(items.some((item) => 'correct' in item)).toBe(false);

    expect(((await read({ from: t0 + 2000, to: t0 + 4000 })).data?.list as Event[]).map((e) => e.kind)).toEqual(['slide', 'notice', 'chapter']);
    // Chapters: listed, removed, and a wrong id refused.
    const chapters = await admin(s, `/admin/v1/rooms/${room}/chapters`, undefined, 'GET');
    expect((chapters.data?.list as { title: string }[]).map((c) => c.title)).toEqual(['Part two']);
    expect((await admin(s, `/admin/v1/rooms/${room}/chapters/${String(chapter.data?.id)}/remove`)).code).toBe(200);
    expect((await admin(s, `/admin/v1/rooms/${room}/chapters/${String(chapter.data?.id)}/remove`)).code).toBe(4501);
    expect((await admin(s, `/admin/v1/rooms/${room}/chapters`, { title: '' })).code).toBe(4501);
    expect((await admin(s, `/admin/v1/rooms/${room}/chapters`, { title: 'x'.repeat(81) })).code).toBe(4501);

    // Bad input: no login, another room's login, a range backwards, a time that is not one.
    expect((await read({ from: t0 }, '')).code).toBe(402);
    expect((await read({ from: t0 }, (await loginAs(s.ctx, 'v2', '10002')).token)).code).toBe(4009);
    expect((await read({ from: t0 + 10, to: t0 })).code).toBe(4501);
    expect((await read({ from: 'soon' })).code).toBe(4501);
    expect(TIMELINE_MAX_EVENTS).toBeGreaterThan(5_000);
  });

  it("gives a viewer their own moments: what they said, where they were mentioned, their questions", async () => {
    let clock = 1_700_000_000_000;
    server = await startTestServer({ now: () => clock });
    const s = server;
    await seedIfEmpty(s.ctx);
    const room = '10001';
    const me = await loginAs(s.ctx, 'me', room);
    const other = await loginAs(s.ctx, 'other', room);
    const connect = async (sid: string) => {
      const socket = await TestSocket.connect(s.url, sid);
      sockets.push(socket);
      expect((await socket.request(7001, { webcastId: room, offset: 0 })).status).toBe(200);
      return socket;
    };
    const mine = await connect(me.sid);
    const theirs = await connect(other.sid);
    const t0 = clock;
    clock += 1000;
    await mine.request(7101, { webcastId: room, body: 'my own line' });
    clock += 1000;
    await theirs.request(7101, { webcastId: room, body: '@me look at this', picked_uid: ['me'] });
    clock += 1000;
    await theirs.request(7101, { webcastId: room, body: 'not about you', picked_uid: ['mex'] });
    clock += 1000;
    expect((await call(s, 'POST', LIVE_CALLS.qaAsk.path, { confId: room, content: 'My question?' }, { token: me.token })).code).toBe(200);

    const moments = await call(s, 'GET', MOMENTS, { webcastId: room, from: t0 }, { token: me.token });
    expect(moments.data).toMatchObject({
      sent: [{ at: t0 + 1000, text: 'my own line' }],
      mentioned: [{ at: t0 + 2000, text: '@me look at this' }],
      questions: [{ at: t0 + 4000, content: 'My question?' }],
    });
    expect((await call(s, 'GET', MOMENTS, { webcastId: room }, {})).code).toBe(402);
  });
});
