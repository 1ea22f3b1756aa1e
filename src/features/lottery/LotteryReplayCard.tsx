/**
 * A lottery in a replay (issue 36 item 2): what the round was and, once the recording has
 * reached its draw, the winners with "verify the draw" (the commitments come from the
 * replay's timeline, the seed and entrants from raffle winners, recomputed in the page).
 * Taking part is over: the card says so.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { LotteryWinner } from '../../domain/lottery';
import { InteractionCard } from '../../ui/InteractionCard';
import { DrawVerification } from './DrawVerification';
import { WinnerList } from './WinnerList';
import './lottery.css';

export interface LotteryReplayCardProps {
  readonly raffleId: string;
  readonly drawn: boolean;
  readonly title: string;
  readonly prize: string;
  readonly winnerCount: number;
  readonly winners: readonly LotteryWinner[];
  readonly seedHash: string | null;
  readonly entrantsHash: string | null;
  readonly when: ReactNode;
  readonly onClose: () => void;
}

export function LotteryReplayCard({ raffleId, drawn, title, prize, winnerCount, winners, seedHash, entrantsHash, when, onClose }: LotteryReplayCardProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  return (
    <InteractionCard name="replay-lottery" kind={t('lottery.kind')} title={title || t('lottery.defaultTitle')} tone={drawn ? 'default' : 'muted'} onClose={onClose}>
      {when}
      <p className="lottery-prize">
        {prize !== '' && <span>{t('lottery.prize', { prize })}</span>}
        <span className="lottery-prize__count">{t('lottery.winnerCount', { count: winnerCount })}</span>
      </p>
      {drawn ? (
        <>
          <WinnerList winners={winners} />
          <DrawVerification raffleId={raffleId} committed={{ seedHash, entrantsHash }} />
        </>
      ) : (
        <p className="lottery-state">{t('lottery.replayOpen')}</p>
      )}
    </InteractionCard>
  );
}
