import { sql } from 'kysely';
import { countOf, rowOf } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { startInteractServer } from '../testing/interactFixtures.js';
import { addRoom } from '../testing/roomFixtures.js';
import { seedRoomContent } from './content.js';

let server: TestServer;
afterEach(async () => server.close());

const count = (s: TestServer, table: string, room: string) => countOf(s.ctx, sql`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE webcast_id = ${room}`);

describe('seedRoomContent', () => {
  it('gives each room its content once, skipping rooms that do not exist', async () => {
    ({ server } = await startInteractServer());
    await addRoom(server.ctx, 'a');
    await addRoom(server.ctx, 'b');
    expect(await seedRoomContent(server.ctx, ['a', 'b', 'missing'])).toEqual(['a', 'b']);
    expect(await seedRoomContent(server.ctx, ['a', 'b'])).toEqual([]);
    for (const room of ['a', 'b']) {
      expect(await count(server, 'goods', room)).toBe(4);
      expect(await count(server, 'recommendations', room)).toBe(3);
      expect(await count(server, 'gifts', room)).toBe(6);
      expect(await count(server, 'papers', room)).toBe(3); // the survey, the quiz, the anonymous poll
      expect(await count(server, 'answer_sheets', room)).toBe(1);
      expect(await count(server, 'raffles', room)).toBe(2);
      expect(await count(server, 'red_packets', room)).toBe(1);
      expect(await count(server, 'qa_questions', room)).toBe(1);
      expect(await count(server, 'poster_templates', room)).toBe(2);
      expect(await count(server, 'shared_documents', room)).toBe(2);
      const settings = (await rowOf(server.ctx, sql`SELECT qa_state FROM interact_rooms WHERE webcast_id = ${room}`)) as { qa_state: string };
      expect(settings.qa_state).toBe('on');
    }
    // The questionnaire has every item type, and an option whose text is required.
    const items = JSON.parse(((await rowOf(server.ctx, sql`SELECT items FROM papers WHERE id = 'pp_a_survey'`)) as { items: string }).items) as {
      type: number;
      options?: { completion?: boolean; required?: boolean }[];
    }[];
    expect(items.map((i) => i.type).sort()).toEqual([0, 1, 2, 3, 5]);
    expect(items.some((i) => i.options?.some((o) => o.completion && o.required))).toBe(true);
  });
});
