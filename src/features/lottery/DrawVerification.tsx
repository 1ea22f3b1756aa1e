/**
 * "Verify the draw" under a drawn round (issue 13 item 9): reads the revealed seed and the
 * entrant ids (raffle winners) and recomputes the winners in the page
 * (domain/verifiableDraw), against the commitments this page saw in the room's pushes
 * before the draw. Says "verified", or which check failed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { verifyDraw, type DrawVerdict } from '../../domain/verifiableDraw';
import { useApi } from '../../state/apiContext';
import { failureText } from '../../ui/failureText';
import { readDrawProof } from './lotteryData';

export interface Commitments {
  /** The SHA-256 of the seed, as the start push said it. */
  readonly seedHash: string | null;
  /** The SHA-256 of the entrants, as the drawing push said it. */
  readonly entrantsHash: string | null;
}

type Check = { readonly kind: 'idle' } | { readonly kind: 'checking' } | { readonly kind: 'done'; readonly verdict: DrawVerdict } | { readonly kind: 'failed'; readonly reason: string };

export function DrawVerification({ raffleId, committed }: { readonly raffleId: string; readonly committed: Commitments }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [check, setCheck] = useState<Check>({ kind: 'idle' });

  const verify = () => {
    setCheck({ kind: 'checking' });
    api.live.raffleWinners({ raffleId }).then(
      (data) => {
        const proof = readDrawProof(data);
        if (proof === null) return setCheck({ kind: 'done', verdict: { ok: false, reason: 'seed' } });
        // The room must not have changed its commitments since this page saw them.
        if (committed.seedHash !== null && committed.seedHash !== proof.seedHash) return setCheck({ kind: 'done', verdict: { ok: false, reason: 'seed' } });
        if (committed.entrantsHash !== null && committed.entrantsHash !== proof.entrantsHash) return setCheck({ kind: 'done', verdict: { ok: false, reason: 'entrants' } });
        setCheck({ kind: 'done', verdict: verifyDraw(proof) });
      },
      (error: unknown) => setCheck({ kind: 'failed', reason: failureText(error, t) }),
    );
  };

  if (check.kind === 'done') {
    return check.verdict.ok ? (
      <p className="lottery-verify lottery-verify--ok" role="status">
        {t('lottery.verify.ok')}
      </p>
    ) : (
      <p className="lottery-verify lottery-verify--bad" role="alert">
        {t(`lottery.verify.bad.${check.verdict.reason}`)}
      </p>
    );
  }
  return (
    <div className="lottery-verify">
      <button type="button" className="interaction-link" onClick={verify} disabled={check.kind === 'checking'} aria-busy={check.kind === 'checking'}>
        {check.kind === 'checking' ? t('lottery.verify.checking') : t('lottery.verify.action')}
      </button>
      {check.kind === 'failed' && (
        <span className="interaction-card__error" role="alert">
          {' '}
          {check.reason}
        </span>
      )}
    </div>
  );
}
