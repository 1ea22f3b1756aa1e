import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { startInteractServer } from '../testing/interactFixtures.js';
import { addRoom } from '../testing/roomFixtures.js';
import { seedRoomContent } from './content.js';

let server: TestServer;
afterEach(async () => server.close());

const count = (s: TestServer, table: string, room: string) =>
  (s.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE webcast_id = ?`).get(room) as { n: number }).n;

describe('seedRoomContent', () => {
  it('gives each room its content once, skipping rooms that do not exist', async () => {
    ({ server } = await startInteractServer());
    await addRoom(server.ctx, 'a');
    await addRoom(server.ctx, 'b');
    expect(await seedRoomContent(server.ctx, ['a', 'b', 'missing'])).toEqual(['a', 'b']);
    expect(await seedRoomContent(server.ctx, ['a', 'b'])).toEqual([]);
    for (const room of ['a', 'b']) {
      expect(count(server, 'goods', room)).toBe(4);
      expect(count(server, 'recommendations', room)).toBe(3);
      expect(count(server, 'gifts', room)).toBe(6);
      expect(count(server, 'papers', room)).toBe(3); // the survey, the quiz, the anonymous poll
      expect(count(server, 'answer_sheets', room)).toBe(1);
      expect(count(server, 'raffles', room)).toBe(2);
      expect(count(server, 'red_packets', room)).toBe(1);
      expect(count(server, 'qa_questions', room)).toBe(1);
      expect(count(server, 'poster_templates', room)).toBe(2);
      expect(count(server, 'shared_documents', room)).toBe(2);
      const settings = server.ctx.db.prepare('SELECT qa_state FROM interact_rooms WHERE webcast_id = ?').get(room) as { qa_state: string };
      expect(settings.qa_state).toBe('on');
    }
    // The questionnaire has every item type, and an option whose text is required.
    const items = JSON.parse((server.ctx.db.prepare("SELECT items FROM papers WHERE id = 'pp_a_survey'").get() as { items: string }).items) as {
      type: number;
      options?: { completion?: boolean; required?: boolean }[];
    }[];
    expect(items.map((i) => i.type).sort()).toEqual([0, 1, 2, 3, 5]);
    expect(items.some((i) => i.options?.some((o) => o.completion && o.required))).toBe(true);
  });
});
