/**
 * The roll call card (SPEC: sign-in to prove attendance): a live countdown to the deadline
 * and the sign-in button; then "signed at 14:02:31", or "roll call has ended". One sign-in
 * per viewer, shared by every tab of the room. Closing the card hides this roll call only.
 */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { countdownText } from '../../domain/countdown';
import { rollCallSecondsLeft } from '../../domain/rollCall';
import { InteractionCard } from '../../ui/InteractionCard';
import { useRollCall } from './useRollCall';

const timeOfDay = (ms: number): string => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export function RollCallCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { model, now, dismissed, sign, dismiss } = useRollCall(roomId);
  if (model === null || dismissed) return null;
  const { phase } = model;
  const left = rollCallSecondsLeft(model.rollCall.deadline, now);
  const tone = phase === 'signed' ? 'success' : phase === 'ended' ? 'muted' : 'default';
  return (
    <InteractionCard name="rollCall" kind={t('rollCall.kind')} title={t('rollCall.title')} tone={tone} onClose={dismiss}>
      {(phase === 'open' || phase === 'signing') && (
        <div className="interaction-card__row">
          <span>
            {t('rollCall.left')}{' '}
            <span className="interaction-card__figure" role="timer" aria-live="off">
              {countdownText(left * 1000).time.replace(/^00:/, '')}
            </span>
          </span>
          <button type="button" className="button button--primary" onClick={sign} disabled={phase === 'signing'} aria-busy={phase === 'signing'}>
            {phase === 'signing' ? t('rollCall.signing') : t('rollCall.sign')}
          </button>
        </div>
      )}
      {phase === 'signed' && model.signedAt !== null && (
        <p className="interaction-card__row" role="status">
          {t('rollCall.signedAt', { time: timeOfDay(model.signedAt) })}
        </p>
      )}
      {phase === 'ended' && <p role="status">{t('rollCall.ended')}</p>}
      {model.failure !== null && (
        <p className="interaction-card__error" role="alert">
          {model.failure}
        </p>
      )}
    </InteractionCard>
  );
}
