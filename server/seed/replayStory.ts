/**
 * The replay demo's story (issue 36 item 5): what the host did during the recorded session,
 * written as the live would have written it, so the replay shows every kind of interaction
 * at its moment. Chat (seedReplayChat) and these events share one room log, offsets in time
 * order. Times are seconds into a 5-minute recording (the demo loops repeat after it).
 *
 * The store is left as the live would have left it where a replay reads it: the lottery
 * drawn from its seed with its entrants (so the draw verifies), the quiz published and
 * closed (so its answer key may be shown), the question answered, the roll call held.
 */
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../store/sqlStore.js';
import { simulatedViewers } from '../admin/burstTraffic.js';
import { drawWinners, entrantsDigest, sha256Hex } from '../../src/domain/verifiableDraw';
import { findDocument, fileOf, fileUrl } from '../interact/resource/documents.js';
import { DEMO_ASKER } from './content.js';

export interface StoryEvent {
  /** ms since the recording's start. */
  readonly atMs: number;
  /** A room log message (code and body), or a row of the room's timeline table. */
  readonly log?: { readonly code: number; readonly body: Record<string, unknown> };
  readonly timeline?: { readonly kind: 'slide' | 'notice' | 'chapter'; readonly body: Record<string, unknown> };
}

const CHAPTERS: readonly [number, string][] = [
  [0, '开场 · Welcome'],
  [60, '产品演示 · Product demo'],
  [150, '客户案例 · Customer story'],
  [240, '问答与抽奖 · Q&A and lucky draw'],
];

const CAPTIONS = [
  '大家好，欢迎来到今天的产品发布会',
  '我是今天的主持人，感谢大家准时到场',
  '今天的内容分为四个部分，大约五分钟',
  '首先是开场，然后是产品演示',
  '接着是一个客户案例，最后是问答和抽奖',
  '课件会在会后发送到大家的邮箱',
  '我们先做一个签到，请大家在一分钟内完成',
  '签到的同时，我们先看一下今天的议程',
  '第一个重点是多人同时观看时的弹幕性能',
  '在两万条每秒的房间里，页面依然流畅',
  '现在进入第二部分：产品演示',
  '大家可以看到，回放中的聊天和直播时一模一样',
  '接下来请大家做一个小测验，一共三道题',
  '测验的答案会在回放中公布，可以自己对照',
  '第二个重点是回放：聊天和互动会在原来的时刻重现',
  '拖动进度条，聊天会立刻跳到那个时刻',
  '字幕和课件也会跟着回放一起变化',
  '现在给大家推荐一款今天的周边商品',
  '点开商品卡片就可以直接购买',
  '测验时间到，我们来看一下正确答案',
  '第三个重点是无障碍：键盘和屏幕阅读器都可以使用',
  '接下来是第三部分：客户案例',
  '这是一家有两万名员工的制造企业',
  '他们每周的全员培训都通过直播进行',
  '大部分员工是在下班后观看回放的',
  '为了感谢大家，我们发一个红包',
  '红包一共五十份，手慢无',
  '回放里的红包只能查看，不能领取',
  '客户告诉我们，回放的观看量是直播的三倍',
  '所以回放里的互动同样重要',
  '有观众问：课件会不会在直播后提供？',
  '答案是会的，我们会发到大家的邮箱',
  '现在进入最后一部分：问答和抽奖',
  '抽奖马上开始，请留在直播间',
  '抽奖的结果可以在页面里自己验证',
  '系统会公布种子和参与者的摘要',
  '任何人都可以重新计算中奖名单',
  '恭喜三位中奖的观众',
  '请中奖的观众留下联系方式',
  '今天的发布会就到这里',
  '回放会一直保留，欢迎分享给同事',
  '感谢大家的参与，我们下次再见',
];

export const STORY_LOTTERY_ENTRANTS = 40;

/** The story's events for a room whose recording starts at `startedAt`; writes the store rows they need. */
export async function replayStory(tx: StoreQueries, webcastId: string, startedAt: number, locale: string): Promise<StoryEvent[]> {
  const at = (s: number) => startedAt + s * 1000;
  const events: StoryEvent[] = [];

  for (const [s, title] of CHAPTERS) events.push({ atMs: s * 1000, timeline: { kind: 'chapter', body: { title } } });
  for (let s = 3, i = 0; s < 296; s += 7, i++) {
    const text = CAPTIONS[Math.min(i, CAPTIONS.length - 1)] ?? '';
    events.push({ atMs: s * 1000, log: { code: 7125, body: { text, start: at(s), end: at(s + 6), lang: locale } } });
  }

  const doc = await findDocument(tx, `doc_${webcastId}_deck`);
  if (doc) {
    const slide = (s: number, page: number) =>
      events.push({
        atMs: s * 1000,
        timeline: {
          kind: 'slide',
          body: { sharing: true, doc: { id: doc.id, title: doc.title, pages: doc.pages, page, file: fileOf(doc.id, page), url: fileUrl(fileOf(doc.id, page)) }, whiteboard: { open: false, docId: doc.id, page } },
        },
      });
    [2, 60, 100, 150, 200].forEach((s, i) => slide(s, Math.min(doc.pages, i + 1)));
    events.push({ atMs: 290_000, timeline: { kind: 'slide', body: { sharing: false, doc: null, whiteboard: { open: false, docId: null, page: null } } } });
  }
  events.push({ atMs: 6_000, timeline: { kind: 'notice', body: { content: '本场直播的课件将在结束后发送到大家的邮箱 · The slides will be emailed after the session' } } });

  const rollCallId = `rc_${webcastId}_story`;
  await sql`INSERT INTO roll_calls (id, webcast_id, started_at, deadline) VALUES (${rollCallId}, ${webcastId}, ${at(30)}, ${at(90)})
    ON CONFLICT (id) DO NOTHING`.execute(tx);
  events.push({ atMs: 30_000, log: { code: 7117, body: { confId: webcastId, id: rollCallId, deadline: at(90) } } });

  const quizId = `pp_${webcastId}_quiz`;
  const quiz = await sql<{ title: string }>`UPDATE papers SET published_at = ${at(75)}, closed_at = ${at(135)} WHERE id = ${quizId} RETURNING title`.execute(tx);
  if (quiz.rows.length === 1) {
    const title = quiz.rows[0]!.title;
    events.push({ atMs: 75_000, log: { code: 7115, body: { kind: 'paper', id: quizId, quiz: true, title } } });
  }

  const goods = (await sql<{ id: string; name: string }>`SELECT id, name FROM goods WHERE webcast_id = ${webcastId} ORDER BY sort, id LIMIT 1`.execute(tx)).rows[0];
  if (goods) events.push({ atMs: 120_000, log: { code: 7121, body: { kind: 'goods', id: goods.id, title: goods.name } } });

  events.push({ atMs: 180_000, log: { code: 7119, body: { id: `rp_${webcastId}_story`, state: 1, title: 'Thanks for watching', total: '88.00', count: 50 } } });
  events.push({ atMs: 205_000, log: { code: 7119, body: { id: `rp_${webcastId}_story`, state: 2 } } });

  const questionId = `qa_${webcastId}_welcome`;
  const answer = 'Yes: the slides are emailed to everyone after the session, and this replay stays online.';
  const answered = await sql`UPDATE qa_questions SET status = 'answered', answer = ${answer}, answered_at = ${at(230)}, created_at = ${at(215)}
    WHERE id = ${questionId}`.execute(tx);
  if (changedRows(answered) === 1) {
    const question = { qaId: questionId, parentId: null, uid: DEMO_ASKER.id, name: DEMO_ASKER.name, content: 'Will the slides be available after the live?', status: 'answered', answer, answeredAt: at(230), createdAt: at(215) };
    events.push({ atMs: 230_000, log: { code: 7123, body: { question } } });
  }

  events.push(...(await storyLottery(tx, webcastId, at)));
  return events.sort((a, b) => a.atMs - b.atMs);
}

/** A lottery drawn from its seed among viewers who chatted, so the replay's verification holds. */
async function storyLottery(tx: StoreQueries, webcastId: string, at: (s: number) => number): Promise<StoryEvent[]> {
  const raffleId = `rf_${webcastId}_open`;
  const raffle = (
    await sql<{ title: string; prize: string; winnerCount: number }>`SELECT title, prize, winner_count AS "winnerCount" FROM raffles
      WHERE id = ${raffleId} AND state = 'ready'`.execute(tx)
  ).rows[0];
  if (!raffle) return [];
  const people = simulatedViewers(STORY_LOTTERY_ENTRANTS).map((v) => ({ uid: v.uid, name: v.name }));
  for (const p of people) {
    await sql`INSERT INTO users (id, name, name_changed, role, created_at) VALUES (${p.uid}, ${p.name}, 1, 5, ${at(0)}) ON CONFLICT (id) DO NOTHING`.execute(tx);
    await sql`INSERT INTO raffle_entries (raffle_id, user_id, name, created_at) VALUES (${raffleId}, ${p.uid}, ${p.name}, ${at(255)})
      ON CONFLICT DO NOTHING`.execute(tx);
  }
  // The seed is derived from the room (a demo): the draw is still checked the same way.
  const seed = sha256Hex(`replay-demo-seed:${webcastId}`);
  const seedHash = sha256Hex(seed);
  const ids = people.map((p) => p.uid).sort();
  const entrantsHash = entrantsDigest(ids);
  const byId = new Map(people.map((p) => [p.uid, p]));
  const winners = drawWinners(seed, ids, raffle.winnerCount).map((uid) => byId.get(uid)!);
  await sql`UPDATE raffles SET state = 'ended', started_at = ${at(250)}, ended_at = ${at(275)}, seed = ${seed}, seed_hash = ${seedHash},
      entrants_hash = ${entrantsHash} WHERE id = ${raffleId}`.execute(tx);
  // In draw order (migration 18's position), as the store's insertWinners writes them.
  for (const [position, w] of winners.entries()) {
    await sql`INSERT INTO raffle_winners (raffle_id, user_id, name, created_at, position) VALUES (${raffleId}, ${w.uid}, ${w.name}, ${at(275)}, ${position})`.execute(tx);
  }
  const common = { raffleId, title: raffle.title, prize: raffle.prize, winnerCount: raffle.winnerCount };
  return [
    { atMs: 250_000, log: { code: 7113, body: { ...common, state: 'start', password: false, seedHash } } },
    { atMs: 275_000, log: { code: 7113, body: { raffleId, state: 'drawing', entrants: people.length, entrantsHash, seedHash } } },
    { atMs: 275_001, log: { code: 7113, body: { ...common, state: 'end', entrants: people.length, winners, seed, seedHash, entrantsHash } } },
  ];
}
