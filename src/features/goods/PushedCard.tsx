/**
 * What the host pushes to the room (7121, issue 14 item 4): the goods or the recommendation,
 * as a card in every tab of the room with a close; goods open their detail (to buy), a
 * recommendation its link. A push of goods in a room whose products are disabled shows
 * nothing. A replay shows a push at its moment the same way (PushedItem with `when`): the
 * goods are bought as they sell now (price, stock), or not when they no longer sell.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsItem } from '../../domain/goods';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { useRoomStateKey } from '../../state/roomFeed';
import { useActivityCard } from '../../state/roomActivity';
import { InteractionCard } from '../../ui/InteractionCard';
import { GoodsCard } from './GoodsTab';
import { GoodsDetail } from './GoodsDetail';
import { readGoods, readRecommendation, type Recommendation } from './goodsData';
import { RecommendCard } from './RecommendTab';
import './goods.css';

type Pushed = { readonly kind: 'goods'; readonly item: GoodsItem } | { readonly kind: 'recommend'; readonly item: Recommendation };

export function PushedCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const push = useRoomStateKey(roomId, 'goods');
  const key = push === null ? '' : `${push.kind}:${push.id}`;
  // The tray lists it (what was pushed, not its name: the card reads that); putting the card away keeps it there.
  const card = useActivityCard(roomId, push === null ? null : { slot: 'pushed', key, kind: push.kind, title: push.kind === 'goods' ? t('goods.pushedGoods') : t('goods.pushedRecommend'), status: 'open' });
  if (push === null || card.dismissed) return null;
  return <PushedItem key={key} roomId={roomId} kind={push.kind} id={push.id} onClose={card.dismiss} />;
}

export interface PushedItemProps {
  readonly roomId: string;
  readonly kind: 'goods' | 'recommend';
  readonly id: string;
  readonly onClose: () => void;
  /** A replay's "took place at" line. */
  readonly when?: ReactNode;
}

export function PushedItem({ roomId, kind, id, onClose, when }: PushedItemProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [pushed, setPushed] = useState<Pushed | null>(null);
  const [detail, setDetail] = useState(false);

  useEffect(() => {
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

  if (pushed === null || pushed.item.id !== id) return null;
  return (
    <>
      <InteractionCard name="pushed" kind={pushed.kind === 'goods' ? t('goods.pushedKind') : t('recommend.pushedKind')} title={pushed.kind === 'goods' ? pushed.item.name : pushed.item.title} onClose={onClose}>
        {when}
        {pushed.kind === 'goods' ? <GoodsCard item={pushed.item} onOpen={() => setDetail(true)} /> : <RecommendCard item={pushed.item} />}
      </InteractionCard>
      {detail && pushed.kind === 'goods' && <GoodsDetail roomId={roomId} item={pushed.item} onClose={() => setDetail(false)} />}
    </>
  );
}
