/**
 * The replay demo room (issue 36 item 5): a recorded session's chat spread over its
 * recording, and the host's story (replayStory.ts: chapters, slides, captions, the
 * interactions), written as the live would have written them: one room log with offsets in
 * time order, the chat history, the room's timeline table. Realistic bodies from the chat
 * burst's pool; every 97th message is the host's.
 *
 * It runs after the rooms' content is seeded (the story publishes the room's quiz, draws
 * its lottery), once: a room whose log has messages is left alone.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SqlStore, StoreQueries } from '../store/sqlStore.js';
import { burstTraffic } from '../admin/burstTraffic.js';
import { chatMessageBody, type ChatSender } from '../chat/message.js';
import { replayStory } from './replayStory.js';
import { recordedMessage, ROOM_MESSAGE_KIND } from '../replay/interactionRecorder.js';

export const REPLAY_DEMO_MESSAGES = 20_000;
const HOST_EVERY = 97;
const HOST_LINES = ['欢迎大家来到今天的直播！', 'Questions are welcome in the chat, I will read them at the end', '下面我们看一下第二部分的数据', 'Thanks for joining, the slides will be shared after the session'];

export interface ReplayDemo {
  readonly webcastId: string;
  readonly host: ChatSender & { readonly uid: string };
  /** The recording's time zero (ms). */
  readonly startedAt: number;
  readonly durationMs: number;
  readonly messages?: number;
  readonly locale: string;
}

/** Rows per INSERT: 8 parameters each, far inside both engines' limits. */
const ROWS_PER_INSERT = 200;

/** Writes `rows` (SQL value tuples) into `into` (the table and its columns), ROWS_PER_INSERT at a time. */
async function insertAll(tx: StoreQueries, into: RawBuilder<unknown>, rows: readonly RawBuilder<unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await sql`INSERT INTO ${into} VALUES ${sql.join(rows.slice(i, i + ROWS_PER_INSERT))}`.execute(tx);
}

export async function seedReplayDemo(store: SqlStore, demo: ReplayDemo): Promise<void> {
  const { webcastId, host, startedAt, durationMs } = demo;
  const count = demo.messages ?? REPLAY_DEMO_MESSAGES;
  const seeded = await sql`SELECT 1 FROM room_messages WHERE webcast_id = ${webcastId} LIMIT 1`.execute(store.db);
  if (seeded.rows.length > 0) return;
  const traffic = burstTraffic(500);
  const roomLog: RawBuilder<unknown>[] = [];
  const history: RawBuilder<unknown>[] = [];
  const timeline: RawBuilder<unknown>[] = [];
  await store.db.transaction().execute(async (tx) => {
    const story = await replayStory(tx, webcastId, startedAt, demo.locale);
    let next = 0;
    let offset = 0;
    const tellStoryUntil = (time: number) => {
      for (; next < story.length && startedAt + story[next]!.atMs <= time; next++) {
        const event = story[next]!;
        const at = startedAt + event.atMs;
        if (event.timeline) timeline.push(sql`(${webcastId}, ${at}, ${event.timeline.kind}, ${JSON.stringify(event.timeline.body)})`);
        if (event.log) {
          offset += 1;
          const bodyJson = JSON.stringify({ ...event.log.body, webcastId, offset });
          roomLog.push(sql`(${webcastId}, ${offset}, ${event.log.code}, ${bodyJson}, ${at})`);
          // What the live's interaction recorder would have kept for the replay.
          timeline.push(sql`(${webcastId}, ${at}, ${ROOM_MESSAGE_KIND}, ${recordedMessage({ code: event.log.code, bodyJson })})`);
        }
      }
    };
    for (let n = 0; n < count; n++) {
      // Evenly over the recording, with a little unevenness (bursts and lulls).
      const sentAt = startedAt + Math.floor(((n + 0.5 * Math.sin(n / 40)) * durationMs) / count);
      tellStoryUntil(sentAt);
      offset += 1;
      const msgId = `replay-${webcastId}-${n + 1}`;
      const fromHost = n % HOST_EVERY === HOST_EVERY - 1;
      const { sender, input } = fromHost
        ? { sender: host, input: { text: HOST_LINES[Math.floor(n / HOST_EVERY) % HOST_LINES.length] ?? '', imgUrl: null, imgLinkUrl: null, quote: null, pickedUids: [] } }
        : traffic.message(n);
      const body = JSON.stringify({ webcastId, offset, ...chatMessageBody(msgId, sender, input, sentAt) });
      roomLog.push(sql`(${webcastId}, ${offset}, 7101, ${body}, ${sentAt})`);
      const picked = input.pickedUids.length === 0 ? null : `,${input.pickedUids.join(',')},`;
      history.push(sql`(${msgId}, ${webcastId}, ${offset}, ${sender.uid}, ${body}, ${sentAt}, ${sender.role}, ${picked})`);
    }
    tellStoryUntil(Number.MAX_SAFE_INTEGER);
    await insertAll(tx, sql`room_messages (webcast_id, "offset", code, body, created_at)`, roomLog);
    await insertAll(tx, sql`chat_messages (msg_id, webcast_id, "offset", uid, body, sent_at, role, picked)`, history);
    await insertAll(tx, sql`room_timeline (webcast_id, at, kind, body)`, timeline);
  });
}
