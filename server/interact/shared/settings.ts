/**
 * The per-room switches and pointers of the interactive features (table interact_rooms).
 * A room without a row behaves as the defaults: rewards and goods enabled, Q&A not yet
 * opened, nothing pushed or shared.
 */
import { sql } from 'kysely';
import type { StoreQueries } from '../../store/sqlStore.js';

export type QaState = 'on' | 'off' | 'unopened';
export const QA_STATES: readonly QaState[] = ['on', 'off', 'unopened'];

export interface InteractSettings {
  readonly rewardsEnabled: boolean;
  readonly goodsEnabled: boolean;
  readonly qaState: QaState;
  readonly pushedGoodsId: string | null;
  readonly pushedRecommendId: string | null;
  readonly sharedDocId: string | null;
  readonly sharedDocPage: number;
  readonly whiteboardOpen: boolean;
  readonly shareUpdatedAt: number | null;
}

interface Row {
  rewards_enabled: number;
  goods_enabled: number;
  qa_state: QaState;
  pushed_goods_id: string | null;
  pushed_recommend_id: string | null;
  shared_doc_id: string | null;
  shared_doc_page: number;
  whiteboard_open: number;
  share_updated_at: number | null;
}

const DEFAULTS: InteractSettings = {
  rewardsEnabled: true,
  goodsEnabled: true,
  qaState: 'unopened',
  pushedGoodsId: null,
  pushedRecommendId: null,
  sharedDocId: null,
  sharedDocPage: 1,
  whiteboardOpen: false,
  shareUpdatedAt: null,
};

export async function settingsOf(q: StoreQueries, webcastId: string): Promise<InteractSettings> {
  const row = (
    await sql<Row>`SELECT rewards_enabled, goods_enabled, qa_state, pushed_goods_id, pushed_recommend_id, shared_doc_id, shared_doc_page,
        whiteboard_open, share_updated_at
      FROM interact_rooms WHERE webcast_id = ${webcastId}`.execute(q)
  ).rows[0];
  if (!row) return DEFAULTS;
  return {
    rewardsEnabled: row.rewards_enabled === 1,
    goodsEnabled: row.goods_enabled === 1,
    qaState: row.qa_state,
    pushedGoodsId: row.pushed_goods_id,
    pushedRecommendId: row.pushed_recommend_id,
    sharedDocId: row.shared_doc_id,
    sharedDocPage: row.shared_doc_page,
    whiteboardOpen: row.whiteboard_open === 1,
    shareUpdatedAt: row.share_updated_at,
  };
}

/** Column names that may be updated, so a caller can never name an arbitrary column. */
export type SettingColumn =
  | 'rewards_enabled'
  | 'goods_enabled'
  | 'qa_state'
  | 'pushed_goods_id'
  | 'pushed_recommend_id'
  | 'shared_doc_id'
  | 'shared_doc_page'
  | 'whiteboard_open'
  | 'share_updated_at'
  | 'seeded_at';

/** Creates the room's row when missing, then sets the given columns (`q`: the store, or a caller's transaction). */
export async function updateSettings(q: StoreQueries, webcastId: string, values: Partial<Record<SettingColumn, string | number | null>>): Promise<void> {
  const columns = Object.keys(values) as SettingColumn[];
  await sql`INSERT INTO interact_rooms (webcast_id) VALUES (${webcastId}) ON CONFLICT (webcast_id) DO NOTHING`.execute(q);
  if (columns.length === 0) return;
  const assignments = sql.join(columns.map((c) => sql`${sql.ref(c)} = ${values[c] ?? null}`));
  await sql`UPDATE interact_rooms SET ${assignments} WHERE webcast_id = ${webcastId}`.execute(q);
}
