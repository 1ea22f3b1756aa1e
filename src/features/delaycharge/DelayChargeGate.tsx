/**
 * Delayed charging over the player (issue 14 item 6): in a room that charges, the viewer is
 * told before anything is due what it will cost and how long watching stays free (a badge
 * counting down); when the free time is over, a gate covers the video with the price and a
 * pay button (a money call: one key per intent, "checking" when no answer came). Once paid,
 * nothing shows. Rooms that do not charge show nothing and call nothing more.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { delayPhase, readDelayCharge, type DelayCharge } from '../../domain/delayCharge';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { setPlaybackHold } from '../../state/playbackHolds';
import { useMoneyCall } from '../../ui/useMoneyCall';
import { useYuanFormat } from '../../ui/useYuanFormat';
import './delaycharge.css';
import { useClock } from '../../ui/clock';

interface Known {
  readonly charge: DelayCharge;
  /** The clock's time of the answer. */
  readonly at: number;
}

// eslint-disable-next-line no-restricted-properties -- seconds of the free period, not money
const minutesSeconds = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

function useDelayCharge(roomId: string) {
  const clock = useClock();
  const api = useApi();
  const [known, setKnown] = useState<Known | null>(null);
  const [checks, setChecks] = useState(0);
  const recheck = useCallback(() => setChecks((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true };
    (async () => {
      let charge = readDelayCharge(await api.live.delayCheck({ id: roomId }, options));
      // The free period starts when the viewer first watches (a repeat keeps the first start).
      if (charge !== null && charge.enabled && !charge.started) charge = readDelayCharge(await api.live.delayCharge({ id: roomId }, options));
      if (!controller.signal.aborted) setKnown(charge === null ? null : { charge, at: clock.now() });
    })().catch(() => undefined); // the next check (or a reload) asks again; the server decides what is due
    return () => controller.abort();
  }, [api, clock, roomId, checks]);
  return { known, recheck, setKnown };
}

export function DelayChargeGate({ roomId }: { readonly roomId: string }) {
  const clock = useClock();
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const yuan = useYuanFormat();
  const { known, recheck, setKnown } = useDelayCharge(roomId);
  const [now, setNow] = useState(() => clock.now());
  const phase = delayPhase(known?.charge ?? null, known === null ? 0 : now - known.at);

  // Counting down: a tick a second while free; at the end, the server says whether it is due.
  const free = phase.phase === 'free';
  const remaining = phase.phase === 'free' ? phase.remaining : -1;
  useEffect(() => {
    if (!free) return undefined;
    if (remaining === 0) {
      const timer = clock.setTimeout(recheck, 500);
      return () => clock.clearTimeout(timer);
    }
    const timer = clock.setTimeout(() => setNow(clock.now()), 1000);
    return () => clock.clearTimeout(timer);
  }, [clock, free, remaining, recheck]);

  const pay = useMoneyCall<string, DelayCharge | null>(
    useMemo(
      () => ({
        intentOf: (price: string) => `${roomId}|delay|${price}`,
        send: async (price: string, idempotencyKey: string) => readDelayCharge(await api.live.delayPay({ id: roomId, amount: price }, { idempotencyKey })),
      }),
      [api, roomId],
    ),
  );
  const paidAnswer = pay.state.phase === 'paid' ? pay.state.answer : null;
  useEffect(() => {
    if (paidAnswer !== null) setKnown({ charge: paidAnswer, at: clock.now() });
  }, [clock, paidAnswer, setKnown]);

  // The price due holds the video back (the player stops, sound included) until it is paid.
  const due = phase.phase === 'due';
  useEffect(() => {
    setPlaybackHold(roomId, 'delayCharge', due);
    return () => setPlaybackHold(roomId, 'delayCharge', false);
  }, [roomId, due]);

  if (known === null || phase.phase === 'off' || phase.phase === 'paid') return null;
  const price = yuan(known.charge.price);
  if (phase.phase === 'free') {
    return (
      <p className="delay-badge" role="status" data-remaining={phase.remaining}>
        <span className="delay-badge__time">{t('delay.free', { time: minutesSeconds(phase.remaining) })}</span>
        <span className="delay-badge__price">{t('delay.then', { price })}</span>
      </p>
    );
  }
  const state = pay.state;
  return (
    <div className="delay-gate" role="dialog" aria-modal="false" aria-labelledby="delay-gate-title">
      <div className="delay-gate__card">
        <h2 id="delay-gate-title" className="delay-gate__title">
          {t('delay.over')}
        </h2>
        <p className="delay-gate__text">{t('delay.pay', { price })}</p>
        <button type="button" className="button button--primary delay-gate__pay" disabled={state.phase === 'paying' || state.phase === 'checking'} aria-busy={state.phase === 'paying'} onClick={() => pay.pay(known.charge.price)}>
          {state.phase === 'paying' ? t('delay.paying') : t('delay.payButton', { price })}
        </button>
        <div role="status" className="delay-gate__status">
          {state.phase === 'checking' && (
            <>
              {t('delay.checking')}{' '}
              <button type="button" className="delay-gate__link" onClick={pay.checkNow}>
                {t('delay.checkNow')}
              </button>
            </>
          )}
        </div>
        {state.phase === 'refused' && (
          <p className="delay-gate__problem" role="alert">
            {t('delay.refused', { reason: state.reason })}
          </p>
        )}
      </div>
    </div>
  );
}
