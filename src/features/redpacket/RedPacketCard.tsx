/**
 * The red packet card of the interactions region (issue 14 item 3): the host's newest red
 * packet, open to grab, with how many shares are left; then the viewer's share, or that it
 * was grabbed out before them. A grab whose answer was lost is "checking" (it asks again
 * with the same key), never a failure. "My red packets" opens the wallet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redPacketPhase } from '../../domain/redPacket';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { redPacketActivity } from '../../domain/roomActivity';
import { useRoomStateKey } from '../../state/roomFeed';
import { useActivityCard } from '../../state/roomActivity';
import { InteractionCard } from '../../ui/InteractionCard';
import { useYuanFormat } from '../../ui/useYuanFormat';
import { RedPacketWallet } from './RedPacketWallet';
import { useRedPackets } from './useRedPackets';
import './redpacket.css';

export function RedPacketCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const yuan = useYuanFormat();
  const { packets, grab } = useRedPackets(roomId);
  const pushed = useRoomStateKey(roomId, 'redPacket');
  const [walletOpen, setWalletOpen] = useState(false);
  const grabbing = grab.state.phase === 'idle' ? null : grab.state.order;
  // The newest packet, while it is open, or when it came or was grabbed while this page was open.
  const newest = packets[0];
  const current = newest !== undefined && (newest.state === 1 || newest.id === pushed?.id || newest.id === grabbing) ? newest : undefined;
  const title = current === undefined || current.title === '' ? t('redPacket.untitled') : current.title;
  // The tray lists it; putting the card away keeps it there.
  const card = useActivityCard(roomId, current === undefined ? null : { slot: 'redpacket', key: `redPacket:${current.id}`, kind: 'redPacket', title, status: redPacketActivity(redPacketPhase(current)) });
  const shown = card.dismissed ? undefined : current;

  const wallet = walletOpen && <RedPacketWallet roomId={roomId} packets={packets} onClose={() => setWalletOpen(false)} />;
  if (shown === undefined) return wallet || null;
  const phase = redPacketPhase(shown);
  const mine = grabbing === shown.id ? grab.state : null;
  return (
    <>
      <InteractionCard name="redpacket" kind={t('redPacket.kind')} title={title} tone={phase === 'mine' ? 'success' : phase === 'out' ? 'muted' : 'default'} onClose={card.dismiss}>
        <div className="red-packet" data-phase={phase}>
          <span className="red-packet__envelope" aria-hidden="true">
            <span className="red-packet__seal" />
          </span>
          <div className="red-packet__body">
            {phase === 'open' && mine?.phase !== 'checking' && (
              <>
                <p className="red-packet__line">{t('redPacket.left', { remaining: shown.remaining, count: shown.count })}</p>
                <button type="button" className="button button--primary red-packet__grab" disabled={mine?.phase === 'paying'} aria-busy={mine?.phase === 'paying'} onClick={() => grab.pay(shown.id)}>
                  {mine?.phase === 'paying' ? t('redPacket.grabbing') : t('redPacket.grab')}
                </button>
              </>
            )}
            {mine?.phase === 'checking' && (
              <p className="red-packet__line red-packet__line--checking" role="status">
                {t('redPacket.checking')}{' '}
                <button type="button" className="link-button red-packet__link" onClick={grab.checkNow}>
                  {t('redPacket.checkNow')}
                </button>
              </p>
            )}
            {mine?.phase === 'refused' && (
              <p className="red-packet__line red-packet__line--refused" role="alert">
                {mine.reason}
              </p>
            )}
            {phase === 'mine' && shown.amount !== null && (
              <p className="red-packet__line red-packet__line--won" role="status">
                {t('redPacket.got', { amount: yuan(shown.amount) })}
              </p>
            )}
            {phase === 'out' && (
              <p className="red-packet__line" role="status">
                {mine?.phase === 'paid' ? t('redPacket.missed') : t('redPacket.out')}
              </p>
            )}
            {phase === 'notStarted' && <p className="red-packet__line">{t('redPacket.notStarted')}</p>}
            <button type="button" className="link-button red-packet__link" onClick={() => setWalletOpen(true)}>
              {t('redPacket.myPackets')}
            </button>
          </div>
        </div>
      </InteractionCard>
      {wallet}
    </>
  );
}
