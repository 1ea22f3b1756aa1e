/**
 * Pushing goods or a recommendation to the room (push 7121 `{kind, id}`), by the host over
 * the admin API or by staff over recommend/push. The pushed id is remembered, so a viewer
 * who arrives later finds it with goods/pushgoodsid.
 */
import type { ServerContext } from '../../context.js';
import { invalid } from '../../http/envelope.js';
import { updateSettings } from '../shared/settings.js';
import { findGoods, findRecommendation, goodsOf, recommendationsOf } from './store.js';

export type PushKind = 'goods' | 'recommend';
export const PUSH_KINDS: readonly PushKind[] = ['goods', 'recommend'];

/** The item to push: the given id (of this room), else the room's first of that kind. */
async function itemToPush(ctx: ServerContext, webcastId: string, kind: PushKind, id: string | undefined): Promise<{ id: string; title: string }> {
  if (kind === 'goods') {
    const goods = id !== undefined ? await findGoods(ctx.store.db, id) : (await goodsOf(ctx.store.db, webcastId))[0];
    if (!goods || goods.webcastId !== webcastId) throw invalid('id', id === undefined ? 'this room has no goods' : 'no such goods in this room');
    return { id: goods.id, title: goods.name };
  }
  const rec = id !== undefined ? await findRecommendation(ctx.store.db, id) : (await recommendationsOf(ctx.store.db, webcastId))[0];
  if (!rec || rec.webcastId !== webcastId) throw invalid('id', id === undefined ? 'this room has no recommendation' : 'no such recommendation in this room');
  return { id: rec.id, title: rec.title };
}

export async function pushToRoom(ctx: ServerContext, webcastId: string, kind: PushKind, id?: string) {
  const item = await itemToPush(ctx, webcastId, kind, id);
  await updateSettings(ctx.store.db, webcastId, kind === 'goods' ? { pushed_goods_id: item.id } : { pushed_recommend_id: item.id });
  const body = { kind, id: item.id, title: item.title };
  ctx.hub.publish(webcastId, 7121, body);
  return body;
}
