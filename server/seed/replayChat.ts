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
import type { ServerContext } from '../context.js';
import { burstTraffic } from '../admin/burstTraffic.js';
import { chatMessageBody, type ChatSender } from '../chat/message.js';
import { replayStory } from './replayStory.js';

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

export function seedReplayDemo(ctx: ServerContext, demo: ReplayDemo): void {
  const { db } = ctx;
  const { webcastId, host, startedAt, durationMs } = demo;
  const count = demo.messages ?? REPLAY_DEMO_MESSAGES;
  if (db.prepare('SELECT 1 FROM room_messages WHERE webcast_id = ? LIMIT 1').get(webcastId) !== undefined) return;
  const traffic = burstTraffic(500);
  const roomLog = db.prepare('INSERT INTO room_messages (webcast_id, offset, code, body, created_at) VALUES (?, ?, ?, ?, ?)');
  const history = db.prepare('INSERT INTO chat_messages (msg_id, webcast_id, offset, uid, body, sent_at, role, picked) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const timeline = db.prepare('INSERT INTO room_timeline (webcast_id, at, kind, body) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    const story = replayStory(ctx, webcastId, startedAt, demo.locale);
    let next = 0;
    let offset = 0;
    const tellStoryUntil = (time: number) => {
      for (; next < story.length && startedAt + story[next]!.atMs <= time; next++) {
        const event = story[next]!;
        const at = startedAt + event.atMs;
        if (event.timeline) timeline.run(webcastId, at, event.timeline.kind, JSON.stringify(event.timeline.body));
        if (event.log) {
          offset += 1;
          roomLog.run(webcastId, offset, event.log.code, JSON.stringify({ ...event.log.body, webcastId, offset }), at);
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
      roomLog.run(webcastId, offset, 7101, body, sentAt);
      history.run(msgId, webcastId, offset, sender.uid, body, sentAt, sender.role, input.pickedUids.length === 0 ? null : `,${input.pickedUids.join(',')},`);
    }
    tellStoryUntil(Number.MAX_SAFE_INTEGER);
  })();
}
