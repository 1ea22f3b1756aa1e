/**
 * The recommend tab (SPEC 2 room tabs; issue 14 item 4): what the host recommends, a page at
 * a time, each with its picture and a link that opens in a new tab (http(s) only).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { readRecommendPage, type Recommendation } from './goodsData';
import './goods.css';

const PAGE = 10;

export function RecommendCard({ item }: { readonly item: Recommendation }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  return (
    <article className="goods-card goods-card--recommend" data-recommend={item.id}>
      {item.imageUrl !== null ? <img className="goods-card__image" src={item.imageUrl} alt="" loading="lazy" /> : <span className="goods-card__image goods-card__image--none" aria-hidden="true" />}
      <div className="goods-card__body">
        <h2 className="goods-card__name">{item.title}</h2>
        {item.description !== '' && <p className="goods-card__description">{item.description}</p>}
      </div>
      {item.linkUrl !== null && (
        <a className="button goods-card__open" href={item.linkUrl} target="_blank" rel="noopener noreferrer" aria-label={t('recommend.openNamed', { title: item.title })}>
          {t('recommend.open')}
        </a>
      )}
    </article>
  );
}

export function RecommendTab({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [items, setItems] = useState<readonly Recommendation[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [pages, setPages] = useState(1);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.commerce.recommendList({ liveId: roomId, skip: 0, take: PAGE * pages }, { signal: controller.signal, background: true }).then(
      (data) => {
        const page = readRecommendPage(data);
        setItems(page.list);
        setTotal(page.total);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, roomId, pages, attempt]);

  if (items === null) {
    return failed ? (
      <p className="goods-empty" role="alert">
        {t('goods.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('goods.retry')}
        </button>
      </p>
    ) : (
      <p className="goods-empty">{t('goods.loading')}</p>
    );
  }
  if (items.length === 0) return <p className="goods-empty">{t('recommend.none')}</p>;
  return (
    <div className="goods-tab">
      <div className="goods-list" role="list" aria-label={t('recommend.listLabel')}>
        {items.map((item) => (
          <div role="listitem" key={item.id}>
            <RecommendCard item={item} />
          </div>
        ))}
      </div>
      {items.length < total && (
        <button type="button" className="button goods-more" onClick={() => setPages((n) => n + 1)}>
          {t('goods.more', { shown: items.length, total })}
        </button>
      )}
    </div>
  );
}
