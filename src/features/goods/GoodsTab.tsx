/**
 * The products tab (SPEC 2 room tabs; issue 14 item 4): the room's goods a page at a time,
 * a search (a keyword over the limit gets the over-limit message before any call), each
 * item opening its detail, where it is bought. When the platform disabled products here
 * (4406) the room's tab is hidden (state/roomOffers.ts) and the panel says why.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import type { GoodsItem } from '../../domain/goods';
import { validateKeyword } from '../../domain/limits';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { pushNotice } from '../../state/notices';
import { setOfferWithheld } from '../../state/roomOffers';
import { useYuanFormat } from '../../ui/useYuanFormat';
import { GoodsDetail, StockText } from './GoodsDetail';
import { readGoodsPage, readPresentedGoods } from './goodsData';
import { useRoomStateKey } from '../../state/roomFeed';
import './goods.css';

const PAGE = 10;

type Listing = { readonly phase: 'loading' } | { readonly phase: 'failed' } | { readonly phase: 'disabled' } | { readonly phase: 'shown'; readonly items: readonly GoodsItem[]; readonly total: number; readonly more: boolean };

export function GoodsCard({ item, onOpen, presenting = false }: { readonly item: GoodsItem; readonly onOpen: () => void; readonly presenting?: boolean }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const yuan = useYuanFormat();
  return (
    <article className={presenting ? 'goods-card goods-card--presenting' : 'goods-card'} data-goods={item.id}>
      {item.imageUrl !== null ? <img className="goods-card__image" src={item.imageUrl} alt="" loading="lazy" /> : <span className="goods-card__image goods-card__image--none" aria-hidden="true" />}
      <div className="goods-card__body">
        {presenting && <span className="goods-card__presenting">{t('goods.presenting')}</span>}
        <h2 className="goods-card__name">{item.name}</h2>
        <p className="goods-card__line">
          <strong className="goods-card__price">{yuan(item.price)}</strong> <StockText stock={item.stock} />
        </p>
      </div>
      <button type="button" className="button goods-card__open" onClick={onOpen} aria-label={t('goods.openNamed', { name: item.name })}>
        {item.stock > 0 ? t('goods.open') : t('goods.soldOut')}
      </button>
    </article>
  );
}

/**
 * The goods the host presents now (goods/pushgoodsid, SPEC 7.2), read on opening and again
 * after each push to the room (7121) and each refresh of the list: a viewer who opens the tab
 * long after the push still finds what is being presented, pinned above the list.
 */
function usePresentedGoods(roomId: string, refresh: number): GoodsItem | null {
  const api = useApi();
  const push = useRoomStateKey(roomId, 'goods');
  const [presented, setPresented] = useState<GoodsItem | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.commerce.goodsPushed({ liveId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setPresented(readPresentedGoods(data)),
      () => undefined, // the list says why the shop is not there; the pin just stays away
    );
    return () => controller.abort();
  }, [api, roomId, push, refresh]);
  return presented;
}

export function GoodsTab({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const ids = useId();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [listing, setListing] = useState<Listing>({ phase: 'loading' });
  const [pages, setPages] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<GoodsItem | null>(null);
  const presented = usePresentedGoods(roomId, attempt);

  useEffect(() => {
    const controller = new AbortController();
    const paging = { liveId: roomId, skip: 0, take: PAGE * pages };
    const call = searched === '' ? api.commerce.goodsAudienceList(paging, { signal: controller.signal, background: true }) : api.commerce.goodsSearch({ ...paging, keyword: searched }, { signal: controller.signal, background: true });
    call.then(
      (data) => {
        const page = readGoodsPage(data);
        setOfferWithheld(roomId, 'goods', false);
        setListing({ phase: 'shown', items: page.list, total: page.total, more: page.list.length < page.total });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.code === 4406) {
          setOfferWithheld(roomId, 'goods', true);
          setListing({ phase: 'disabled' });
          // Opened from a link to the products tab: the tab is gone, the viewer is told why.
          if (new URLSearchParams(globalThis.location?.search ?? '').get('tab') === 'goods') pushNotice({ key: 'code.4406', tone: 'warning' });
        } else setListing({ phase: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, roomId, searched, pages, attempt]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateKeyword(keyword);
    if (!checked.ok) {
      setProblem(t(checked.error.key, { ...checked.error.params }));
      return;
    }
    setProblem(null);
    setPages(1);
    setSearched(checked.value);
  };
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <div className="goods-tab">
      <form className="goods-search" role="search" onSubmit={search}>
        <label htmlFor={`${ids}-q`} className="visually-hidden">
          {t('goods.search')}
        </label>
        <input
          id={`${ids}-q`}
          type="search"
          className="row-input goods-search__input"
          placeholder={t('goods.searchHint')}
          value={keyword}
          aria-invalid={problem !== null}
          onChange={(event) => {
            setKeyword(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="button">
          {t('goods.search')}
        </button>
      </form>
      {problem !== null && (
        <p className="goods-problem" role="alert">
          {problem}
        </p>
      )}
      {presented !== null && searched === '' && listing.phase === 'shown' && (
        <section className="goods-presented" aria-label={t('goods.presentingLabel')}>
          <GoodsCard item={presented} presenting onOpen={() => setOpen(presented)} />
        </section>
      )}
      {listing.phase === 'loading' && <p className="goods-empty">{t('goods.loading')}</p>}
      {listing.phase === 'failed' && (
        <p className="goods-empty" role="alert">
          {t('goods.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={retry}>
            {t('goods.retry')}
          </button>
        </p>
      )}
      {listing.phase === 'disabled' && (
        <p className="goods-empty" role="status">
          {t('code.4406')}
        </p>
      )}
      {listing.phase === 'shown' &&
        (listing.items.length === 0 ? (
          <p className="goods-empty">{searched === '' ? t('goods.none') : t('goods.noMatch', { keyword: searched })}</p>
        ) : (
          <>
            <div className="goods-list" aria-label={t('goods.listLabel')} role="list">
              {listing.items.map((item) => (
                <div role="listitem" key={item.id}>
                  <GoodsCard item={item} presenting={item.id === presented?.id} onOpen={() => setOpen(item)} />
                </div>
              ))}
            </div>
            {listing.more && (
              <button type="button" className="button goods-more" onClick={() => setPages((n) => n + 1)}>
                {t('goods.more', { shown: listing.items.length, total: listing.total })}
              </button>
            )}
          </>
        ))}
      {open !== null && (
        <GoodsDetail
          roomId={roomId}
          item={open}
          onClose={() => {
            setOpen(null);
            retry(); // the stock as it is now
          }}
        />
      )}
    </div>
  );
}
