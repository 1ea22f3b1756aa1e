/**
 * What the host pushes to the room (7121, issue 14 item 4): the goods or the recommendation,
 * as a card in every tab of the room with a close; goods open their detail (to buy), a
 * recommendation its link. A push of goods in a room whose products are disabled shows
 * nothing.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsItem } from '../../domain/goods';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { useRoomStateKey } from '../../state/roomFeed';
import { InteractionCard } from '../../ui/InteractionCard';
import { GoodsCard } from './GoodsTab';
import { GoodsDetail } from './GoodsDetail';
import { readGoods, readRecommendation, type Recommendation } from './goodsData';
import { RecommendCard } from './RecommendTab';
import './goods.css';

type Pushed = { readonly kind: 'goods'; readonly item: GoodsItem } | { readonly kind: 'recommend'; readonly item: Recommendation };

export function PushedCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const push = useRoomStateKey(roomId, 'goods');
  const [pushed, setPushed] = useState<Pushed | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [detail, setDetail] = useState(false);
  const kind = push?.kind ?? null;
  const id = push?.id ?? null;

  useEffect(() => {
    if (kind === null || id === null) return undefined;
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true };
    const read =
      kind === 'goods'
        ? api.commerce.goodsDetail({ liveId: roomId, goodsId: id }, options).then((data) => {
            const item = readGoods(data);
            return item === null ? null : ({ kind, item } as const);
          })
        : api.commerce.recommendById({ id }, options).then((data) => {
            const item = readRecommendation(data);
            return item === null ? null : ({ kind, item } as const);
          });
    read.then(
      (next) => setPushed(next),
      () => undefined, // products disabled, or gone: nothing to show
    );
    return () => controller.abort();
  }, [api, roomId, kind, id]);

  const key = pushed === null ? null : `${pushed.kind}:${pushed.item.id}`;
  if (pushed === null || key === closed || pushed.item.id !== id) return null;
  return (
    <>
      <InteractionCard name="pushed" kind={pushed.kind === 'goods' ? t('goods.pushedKind') : t('recommend.pushedKind')} title={pushed.kind === 'goods' ? pushed.item.name : pushed.item.title} onClose={() => setClosed(key)}>
        {pushed.kind === 'goods' ? <GoodsCard item={pushed.item} onOpen={() => setDetail(true)} /> : <RecommendCard item={pushed.item} />}
      </InteractionCard>
      {detail && pushed.kind === 'goods' && <GoodsDetail roomId={roomId} item={pushed.item} onClose={() => setDetail(false)} />}
    </>
  );
}
