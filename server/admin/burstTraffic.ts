/**
 * What a chat burst says: a pool of simulated viewers ('sim-1'.. with names) and a pool of
 * realistic message bodies (short cheers, long paragraphs, [emoji] tokens, quotes of other
 * viewers, @mentions). Everything is built once per burst, so producing a message at
 * 20,000 a second costs one pick, one object and the room log's JSON.stringify.
 */
import { emojiByName, emojiToken } from '../../src/domain/emoji';
import type { ChatInput, ChatSender } from '../chat/message.js';

export interface SimulatedViewer extends ChatSender {
  readonly uid: string;
}

const GIVEN = ['Wei', 'Fang', 'Lei', 'Ming', 'Ann', 'Jun', 'Yan', 'Tao', 'Olga', 'Ivan', 'Hui', 'Kai', '小明', '小红', '阿杰', '晓雯'];
const FAMILY = ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu', 'Smith', 'Petrova'];

export function simulatedViewers(count: number): SimulatedViewer[] {
  return Array.from({ length: count }, (_v, i) => ({
    uid: `sim-${i + 1}`,
    name: `${GIVEN[i % GIVEN.length]}${FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]}${i >= GIVEN.length * FAMILY.length ? i : ''}`,
    role: 5,
    headImgUrl: '',
  }));
}

/** `[name]` of an EMOJI_CATALOGUE entry (src/domain/emoji.ts), so bursts show pictures; a name not in it fails at load. */
function e(name: string): string {
  const emoji = emojiByName(name);
  if (!emoji) throw new Error(`burstTraffic: ${name} is not in EMOJI_CATALOGUE`);
  return emojiToken(emoji);
}

const SHORT = ['666', 'hello!', e('微笑'), e('鼓掌').repeat(3), '来了来了', 'good morning', '支持!', 'nice', '+1', e('爱心'), 'wow', '好看'];
const MEDIUM = [
  `The picture is very clear today ${e('点赞')}`,
  'Can you show the slide with the numbers again?',
  '请问回放什么时候可以看？',
  `Greetings from the Shanghai office ${e('再见')}`,
  'Is there a discount code for the goods in the shop tab?',
  `Audio is perfect on my side, thanks ${e('OK')}`,
];
const LONG = [
  'I have been following this series since the first episode and every time I learn something new. ' +
    `Today the part about the rollout plan was especially useful for our team, we will try the same approach next quarter ${e('鼓掌')}`,
  '这个产品的演示非常详细，特别是关于数据安全和权限管理的部分。我们公司正在评估类似的方案，想问一下是否支持私有化部署，以及大概的实施周期是多久？谢谢主持人！',
  'Question for the host: when the red packet opens, do we need to stay on the page, or does the app remember us? ' +
    `Last time I switched tabs and missed it ${e('哭')} Also, will the questionnaire stay open after the live ends?`,
];

function textPool(viewers: readonly SimulatedViewer[]): ChatInput[] {
  const plain = (text: string): ChatInput => ({ text, imgUrl: null, imgLinkUrl: null, quote: null, pickedUids: [] });
  const pool: ChatInput[] = [...SHORT, ...SHORT, ...MEDIUM, ...LONG].map(plain);
  for (let i = 0; i < 6; i++) {
    const quoted = viewers[(i * 7) % viewers.length];
    if (!quoted) break;
    pool.push({ ...plain(i % 2 === 0 ? `Agree with this ${e('强')}` : '同意，我也想知道'), quote: { name: quoted.name, chatContent: MEDIUM[i % MEDIUM.length] ?? '', role: 5 } });
  }
  for (let i = 0; i < 6; i++) {
    const mentioned = viewers[(i * 13 + 3) % viewers.length];
    if (!mentioned) break;
    pool.push({ ...plain(`@${mentioned.name} ${i % 2 === 0 ? 'see you at the booth!' : `你也在看吗？${e('微笑')}`}`), pickedUids: [mentioned.uid] });
  }
  return pool;
}

export interface BurstTraffic {
  readonly viewers: readonly SimulatedViewer[];
  /** The n-th message of the burst: a sender and what they say. */
  message(n: number): { readonly sender: SimulatedViewer; readonly input: ChatInput };
}

export function burstTraffic(viewerCount: number): BurstTraffic {
  const viewers = simulatedViewers(viewerCount);
  const texts = textPool(viewers);
  return {
    viewers,
    message(n) {
      // A cheap mix so neighbouring messages differ in sender and length (no RNG per message).
      const sender = viewers[(n * 7919) % viewers.length]!;
      const input = texts[(n * 31 + (n >> 3)) % texts.length]!;
      return { sender, input };
    },
  };
}
