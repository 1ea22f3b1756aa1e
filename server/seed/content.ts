/**
 * Each demo room's content, ready for the host to start (issue item 3): goods,
 * recommendations, the six gifts, a questionnaire with every question type, a quiz with its
 * key, an answer sheet, two lotteries (open and with a password), a red packet, Q&A switched
 * on with one approved question, poster templates and a document to share.
 *
 * Ids are derived from the room id and rows are inserted only when missing, so running the
 * seed again (every start) changes nothing; a room whose content was seeded is skipped.
 */
import { PAPER_ITEM_TYPE } from '../../src/domain';
import type { ServerContext } from '../context.js';
import { insertSheet } from '../interact/answerSheet/store.js';
import type { StoredItem } from '../interact/papers/model.js';
import { insertPaper } from '../interact/papers/store.js';
import { insertRaffle } from '../interact/raffle/store.js';
import { insertPacket } from '../interact/redPacket/store.js';
import { sql } from 'kysely';
import { lockKey, type StoreQueries } from '../store/sqlStore.js';
import { demoTileUrl } from '../interact/goods/pictures.js';
import { insertTemplate } from '../interact/posters/store.js';
import { insertDocument } from '../interact/resource/documents.js';
import { updateSettings } from '../interact/shared/settings.js';

/** The asker of the seeded Q&A question (a demo audience member). */
export const DEMO_ASKER = { id: 'demo_asker', name: 'Curious_viewer' } as const;

/** Password of each room's password lottery, shown to the audience by the host. */
export const DEMO_LOTTERY_PASSWORD = 'lucky2024';

export const DEMO_GIFTS = [
  { gift: 'rose', title: 'Rose', price: '0.10' },
  { gift: 'heart', title: 'Heart', price: '0.50' },
  { gift: 'applause', title: 'Applause', price: '1.00' },
  { gift: 'lollipop', title: 'Lollipop', price: '2.00' },
  { gift: 'balloon', title: 'Balloon', price: '5.00' },
  { gift: 'rocket', title: 'Rocket', price: '50.00' },
] as const;

const DEMO_GOODS = [
  { key: 'mug', name: 'Webcast mug', description: 'Ceramic mug with the event logo', price: '39.90', stock: 120, colour: '#e67e22' },
  { key: 'tshirt', name: 'Event T-shirt', description: 'Cotton T-shirt, sizes S to XL', price: '89.00', stock: 60, colour: '#2081eb' },
  { key: 'notebook', name: 'Notebook', description: 'A5 dotted notebook, 120 pages', price: '19.50', stock: 300, colour: '#27ae60' },
  { key: 'headset', name: 'USB headset', description: 'Noise-cancelling headset for meetings', price: '259.00', stock: 5, colour: '#8e44ad' },
] as const;

const DEMO_RECOMMENDATIONS = [
  { key: 'whitepaper', title: 'Product white paper', description: 'Everything announced today, in one PDF', link: 'https://example.com/whitepaper' },
  { key: 'trial', title: 'Free 30-day trial', description: 'Try the enterprise edition for a month', link: 'https://example.com/trial' },
  { key: 'webinar', title: 'Next webinar', description: 'Register for the follow-up session', link: 'https://example.com/webinar' },
] as const;

/** A square tile with an initial, as a data URL: goods need a picture and the demo ships no files. */
/**
 * A demo picture: a coloured tile with the item's initial, served by the server
 * (goods/pictures.ts) so that it is an address a page may load (pictures from the server
 * are shown only when http(s) or same-origin, never data: URLs).
 */
function tile(label: string, colour: string): string {
  return demoTileUrl(label, colour);
}

const QUESTIONNAIRE: readonly StoredItem[] = [
  {
    id: 'q1',
    type: PAPER_ITEM_TYPE.single,
    title: 'How did you hear about this event?',
    options: [
      { number: '1', text: 'Email invitation' },
      { number: '2', text: 'A colleague' },
      { number: '3', text: 'Social media' },
      { number: '4', text: 'Other, please specify', completion: true, required: true },
    ],
  },
  {
    id: 'q2',
    type: PAPER_ITEM_TYPE.multiple,
    title: 'Which topics interest you?',
    options: [
      { number: '1', text: 'Product roadmap' },
      { number: '2', text: 'Customer stories' },
      { number: '3', text: 'Pricing' },
      { number: '4', text: 'Something else', completion: true },
    ],
  },
  { id: 'q3', type: PAPER_ITEM_TYPE.fillIn, title: 'Your company name' },
  {
    id: 'q4',
    type: PAPER_ITEM_TYPE.scale,
    title: 'How likely are you to recommend us? (1 to 5)',
    options: [1, 2, 3, 4, 5].map((n) => ({ number: String(n), text: String(n) })),
  },
  { id: 'q5', type: PAPER_ITEM_TYPE.qa, title: 'What should we improve?' },
];

const POLL: readonly StoredItem[] = [
  {
    id: 'p1',
    type: PAPER_ITEM_TYPE.single,
    title: 'Which feature should we build next?',
    options: [
      { number: 'A', text: 'Live translation' },
      { number: 'B', text: 'Breakout rooms' },
      { number: 'C', text: 'Offline downloads' },
    ],
  },
  {
    id: 'p2',
    type: PAPER_ITEM_TYPE.scale,
    title: 'How useful was this session? (1 to 5)',
    options: [1, 2, 3, 4, 5].map((n) => ({ number: String(n), text: String(n) })),
  },
];

const QUIZ: readonly StoredItem[] = [
  {
    id: 'k1',
    type: PAPER_ITEM_TYPE.single,
    title: 'Which protocol carries the live stream to the browser here?',
    options: [
      { number: 'A', text: 'FTP' },
      { number: 'B', text: 'HLS or FLV' },
      { number: 'C', text: 'SMTP' },
    ],
    correct: ['B'],
  },
  {
    id: 'k2',
    type: PAPER_ITEM_TYPE.multiple,
    title: 'Which gifts can you send?',
    options: [
      { number: 'A', text: 'Rose' },
      { number: 'B', text: 'Rocket' },
      { number: 'C', text: 'Submarine' },
    ],
    correct: ['A', 'B'],
  },
  {
    id: 'k3',
    type: PAPER_ITEM_TYPE.single,
    title: 'What is the smallest red packet amount?',
    options: [
      { number: 'A', text: '0.01 yuan' },
      { number: 'B', text: '1 yuan' },
    ],
    correct: ['A'],
  },
];

async function seedOne(ctx: ServerContext, tx: StoreQueries, roomId: string): Promise<void> {
  const now = ctx.now();
  for (const [i, g] of DEMO_GOODS.entries()) {
    const id = `gd_${roomId}_${g.key}`;
    await sql`INSERT INTO goods (id, webcast_id, name, description, image_url, price, stock, sort, created_at)
      VALUES (${id}, ${roomId}, ${g.name}, ${g.description}, ${tile(g.name, g.colour)}, ${g.price}, ${g.stock}, ${i}, ${now})
      ON CONFLICT (id) DO NOTHING`.execute(tx);
    // Rooms seeded before the pictures were served kept data: addresses, which pages do not load.
    await sql`UPDATE goods SET image_url = ${tile(g.name, g.colour)} WHERE id = ${id} AND image_url LIKE 'data:%'`.execute(tx);
  }

  for (const [i, r] of DEMO_RECOMMENDATIONS.entries()) {
    const id = `rc_${roomId}_${r.key}`;
    await sql`INSERT INTO recommendations (id, webcast_id, title, description, image_url, link_url, sort, created_at)
      VALUES (${id}, ${roomId}, ${r.title}, ${r.description}, ${tile(r.title, '#34495e')}, ${r.link}, ${i}, ${now})
      ON CONFLICT (id) DO NOTHING`.execute(tx);
    await sql`UPDATE recommendations SET image_url = ${tile(r.title, '#34495e')} WHERE id = ${id} AND image_url LIKE 'data:%'`.execute(tx);
  }

  for (const [i, g] of DEMO_GIFTS.entries()) {
    await sql`INSERT INTO gifts (webcast_id, gift, title, price, sort) VALUES (${roomId}, ${g.gift}, ${g.title}, ${g.price}, ${i}) ON CONFLICT DO NOTHING`.execute(tx);
  }

  // The survey's results show once the host closes it (no voting with the crowd); the poll is
  // anonymous and its results move live for those who answered.
  // A millisecond apart, so a room's first questionnaire is the survey (papersOfKind's order).
  await insertPaper(tx, now, { id: `pp_${roomId}_survey`, webcastId: roomId, kind: 'questionnaire', title: 'Audience survey', items: QUESTIONNAIRE, results: 'closed' });
  await insertPaper(tx, now + 1, { id: `pp_${roomId}_quiz`, webcastId: roomId, kind: 'quiz', title: 'Quick quiz', items: QUIZ });
  await insertPaper(tx, now + 2, { id: `pp_${roomId}_poll`, webcastId: roomId, kind: 'questionnaire', title: 'Quick poll', items: POLL, anonymous: true, results: 'live' });
  await insertSheet(tx, now, {
    id: `as_${roomId}`,
    webcastId: roomId,
    title: 'Which session did you like best?',
    multiple: false,
    options: [
      { number: 'A', text: 'Keynote' },
      { number: 'B', text: 'Live demo' },
      { number: 'C', text: 'Customer panel' },
      { number: 'D', text: 'Q&A' },
    ],
    correct: null,
  });

  await insertRaffle(tx, now, { id: `rf_${roomId}_open`, webcastId: roomId, title: 'Lucky draw', prize: 'Webcast mug', winnerCount: 3, password: null });
  await insertRaffle(tx, now + 1, { id: `rf_${roomId}_password`, webcastId: roomId, title: 'Password draw', prize: 'USB headset', winnerCount: 1, password: DEMO_LOTTERY_PASSWORD });
  await insertPacket(tx, now, { id: `rp_${roomId}`, webcastId: roomId, title: 'Thanks for watching', total: '10.00', count: 5 });

  await sql`INSERT INTO users (id, name, name_changed, role, created_at) VALUES (${DEMO_ASKER.id}, ${DEMO_ASKER.name}, 1, 5, ${now})
    ON CONFLICT (id) DO NOTHING`.execute(tx);
  await sql`INSERT INTO qa_questions (id, webcast_id, user_id, name, content, status, created_at)
    VALUES (${`qa_${roomId}_welcome`}, ${roomId}, ${DEMO_ASKER.id}, ${DEMO_ASKER.name}, 'Will the slides be available after the live?', 'approved', ${now})
    ON CONFLICT (id) DO NOTHING`.execute(tx);

  await insertTemplate(
    tx,
    { id: `pt_${roomId}_classic`, webcastId: roomId, title: 'Classic', content: { title: 'Join me at this live', text: 'Scan to watch with me', colour: '#2081eb', background: '#ffffff' } },
    0,
  );
  await insertTemplate(
    tx,
    { id: `pt_${roomId}_night`, webcastId: roomId, title: 'Night', content: { title: 'Live tonight', text: 'Do not miss it', colour: '#f1c40f', background: '#1e272e' } },
    1,
  );
  await insertDocument(tx, now, { id: `doc_${roomId}_deck`, webcastId: roomId, title: 'Keynote slides', pages: 5 });
  await insertDocument(tx, now, { id: `doc_${roomId}_handbook`, webcastId: roomId, title: 'Product handbook', pages: 3 });

  await updateSettings(tx, roomId, { qa_state: 'on', seeded_at: now });
}

/**
 * Seeds every listed room that exists and has no content yet; returns the ids seeded now.
 * One transaction, holding the seed's key: nodes starting together seed a room once.
 */
export async function seedRoomContent(ctx: ServerContext, roomIds: readonly string[]): Promise<string[]> {
  return ctx.store.db.transaction().execute(async (tx) => {
    await lockKey(tx, 'seed:content');
    const seeded: string[] = [];
    for (const roomId of roomIds) {
      const exists = await sql`SELECT 1 FROM rooms WHERE id = ${roomId}`.execute(tx);
      const done = await sql`SELECT 1 FROM interact_rooms WHERE webcast_id = ${roomId} AND seeded_at IS NOT NULL`.execute(tx);
      if (exists.rows.length === 0 || done.rows.length > 0) continue;
      await seedOne(ctx, tx, roomId);
      seeded.push(roomId);
    }
    return seeded;
  });
}
