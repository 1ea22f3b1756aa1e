/**
 * A round's winners by name, the first few of a long list and how many there are in all.
 * Each name is isolated (<bdi>): a name that opens a right-to-left override must not turn
 * the names after it around.
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { LotteryWinner } from '../../domain/lottery';

const WINNERS_SHOWN = 30;

export function WinnerList({ winners }: { readonly winners: readonly LotteryWinner[] }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  if (winners.length === 0) return <p className="lottery-winners lottery-winners--none">{t('lottery.noWinners')}</p>;
  const shown = winners.slice(0, WINNERS_SHOWN);
  return (
    <p className="lottery-winners">
      <span className="lottery-winners__label">{t('lottery.winners')}</span>
      {shown.map((w, i) => (
        <Fragment key={`${w.uid}-${i}`}>
          {i > 0 && '、'}
          <bdi>{w.name}</bdi>
        </Fragment>
      ))}
      {winners.length > shown.length && t('lottery.moreWinners', { count: winners.length })}
    </p>
  );
}
