/**
 * The lottery card (SPEC 4: participating, won, lost, round ended): the prize and how many
 * win; the nickname gate and the password where the round asks for them; then the draw's
 * outcome with the winners, and for a winner the form for the prize's delivery. The room's
 * earlier rounds are one click away (the winners record).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { InteractionCard } from '../../ui/InteractionCard';
import { DrawVerification } from './DrawVerification';
import { Field } from '../../ui/FormField';
import { LotteryRecordButton } from './LotteryRecord';
import { WinnerContactForm } from './WinnerContactForm';
import { WinnerList } from './WinnerList';
import { useLottery, type NicknameGate } from './useLottery';
import './lottery.css';

function PasswordForm({ busy, problem, failure, onJoin }: { readonly busy: boolean; readonly problem: ReturnType<typeof useLottery>['passwordProblem']; readonly failure: string | null; readonly onJoin: (password: string) => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onJoin(password);
  };
  return (
    <form className="lottery-password" noValidate onSubmit={submit}>
      <Field label={t('lottery.passwordLabel')} name="lottery-password" value={password} onChange={setPassword} problem={problem ?? undefined} placeholder={t('lottery.passwordHint')} autoComplete="off" required />
      {failure !== null && (
        <p className="interaction-card__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? t('lottery.joining') : t('lottery.join')}
      </button>
    </form>
  );
}

export function LotteryCard({ roomId, nickname }: { readonly roomId: string; readonly nickname: NicknameGate }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const view = useLottery(roomId, nickname);
  const { model } = view;
  if (model === null || view.dismissed) return null;
  const { round, phase } = model;
  const tone = phase === 'won' ? 'success' : phase === 'lost' || phase === 'ended' ? 'muted' : 'default';
  return (
    <InteractionCard name="lottery" kind={t('lottery.kind')} title={round.title || t('lottery.defaultTitle')} tone={tone} onClose={view.dismiss}>
      <p className="lottery-prize">
        {round.prize !== '' && <span>{t('lottery.prize', { prize: round.prize })}</span>}
        {round.winnerCount !== null && <span className="lottery-prize__count">{t('lottery.winnerCount', { count: round.winnerCount })}</span>}
      </p>
      {phase === 'nicknameRequired' && (
        <div className="interaction-card__row">
          <span>{t('lottery.nicknameFirst')}</span>
          <button type="button" className="button button--primary" onClick={view.setNickname}>
            {t('lottery.setNickname')}
          </button>
        </div>
      )}
      {(phase === 'passwordRequired' || phase === 'joining') && <PasswordForm busy={phase === 'joining'} problem={view.passwordProblem} failure={model.failure} onJoin={view.join} />}
      {phase === 'participating' && (
        <p className="lottery-state" role="status">
          {t('lottery.participating')}
        </p>
      )}
      {phase === 'won' && (
        <>
          <p className="lottery-state lottery-state--won" role="status">
            {t('lottery.won', { prize: round.prize })}
          </p>
          <WinnerContactForm roomId={roomId} raffleId={round.raffleId} />
        </>
      )}
      {phase === 'lost' && (
        <p className="lottery-state" role="status">
          {t('lottery.lost')}
        </p>
      )}
      {phase === 'ended' && (
        <p className="lottery-state" role="status">
          {t('lottery.ended')}
        </p>
      )}
      {(phase === 'won' || phase === 'lost' || phase === 'ended') && <WinnerList winners={model.winners} />}
      {(phase === 'won' || phase === 'lost' || phase === 'ended') && view.committed.seedHash !== null && <DrawVerification raffleId={round.raffleId} committed={view.committed} />}
      <LotteryRecordButton roomId={roomId} />
    </InteractionCard>
  );
}
