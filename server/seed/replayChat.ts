/**
 * The replay demo room's chat (issue 36 item 5, in part): a recorded session's messages
 * spread over its recording, written as the live would have written them (the room log and
 * the chat history, with their offsets and send times), so the replay's chat has something
 * to replay from the first start. Realistic bodies from the chat burst's pool; every 97th
 * message is the host's.
 */
import type { Db } from '../store/db.js';
import { burstTraffic } from '../admin/burstTraffic.js';
import { chatMessageBody, type ChatSender } from '../chat/message.js';

export const REPLAY_DEMO_MESSAGES = 20_000;
const HOST_EVERY = 97;
const HOST_LINES = ['欢迎大家来到今天的直播！', 'Questions are welcome in the chat, I will read them at the end', '下面我们看一下第二部分的数据', 'Thanks for joining, the slides will be shared after the session'];

export function seedReplayChat(db: Db, webcastId: string, host: ChatSender & { readonly uid: string }, startedAt: number, durationMs: number, count = REPLAY_DEMO_MESSAGES): void {
  const traffic = burstTraffic(500);
  const roomLog = db.prepare('INSERT INTO room_messages (webcast_id, offset, code, body, created_at) VALUES (?, ?, 7101, ?, ?)');
  const history = db.prepare('INSERT INTO chat_messages (msg_id, webcast_id, offset, uid, body, sent_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (let n = 0; n < count; n++) {
    const offset = n + 1;
    // Evenly over the recording, with a little unevenness (bursts and lulls).
    const sentAt = startedAt + Math.floor(((n + 0.5 * Math.sin(n / 40)) * durationMs) / count);
    const msgId = `replay-${webcastId}-${offset}`;
    const fromHost = n % HOST_EVERY === HOST_EVERY - 1;
    const { sender, input } = fromHost
      ? { sender: host, input: { text: HOST_LINES[Math.floor(n / HOST_EVERY) % HOST_LINES.length] ?? '', imgUrl: null, imgLinkUrl: null, quote: null, pickedUids: [] } }
      : traffic.message(n);
    const body = JSON.stringify({ webcastId, offset, ...chatMessageBody(msgId, sender, input, sentAt) });
    roomLog.run(webcastId, offset, body, sentAt);
    history.run(msgId, webcastId, offset, sender.uid, body, sentAt);
  }
}
