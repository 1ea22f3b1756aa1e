/**
 * The roll call card's data for one room: the newest roll call (the room's 7117 push through
 * the worker, or the one the room answers on arrival for a late joiner), its machine
 * (domain/rollCall), the viewer's sign-in from any tab (the room's acted notes), a clock
 * that ticks each second while a countdown shows, and `sign()`.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { isRollCallCurrent, currentRollCall, startRollCall, stepRollCall, type RollCall, type RollCallEvent, type RollCallModel } from '../../domain/rollCall';
import { rollCallActivity } from '../../domain/roomActivity';
import { useApi } from '../../state/apiContext';
import { useActivityCard } from '../../state/roomActivity';
import { noteActed } from '../../state/realtimeConnection';
import { useRoomStateKey } from '../../state/roomFeed';
import { failureText, invalidInputDetail } from '../../ui/failureText';
import { useSubmitGuard } from '../../ui/useSubmitGuard';
import { readCurrentRollCall, readSignedAt, rollCallActedKey, type CurrentRollCall } from './rollCallData';
import { useClock } from '../../ui/clock';

type Action = { readonly type: 'show'; readonly rollCall: RollCall; readonly signedAt: number | null; readonly now: number } | RollCallEvent;

function reduce(model: RollCallModel | null, action: Action): RollCallModel | null {
  if (action.type === 'show') {
    if (model !== null && model.rollCall.id === action.rollCall.id) {
      return action.signedAt === null ? model : stepRollCall(model, { type: 'signedElsewhere', signedAt: action.signedAt });
    }
    return startRollCall(action.rollCall, action.now, action.signedAt);
  }
  return model === null ? null : stepRollCall(model, action);
}

const ENDED_BY_SERVER = /roll call has ended/;

export interface RollCallView {
  readonly model: RollCallModel | null;
  readonly now: number;
  readonly dismissed: boolean;
  sign(): void;
  dismiss(): void;
}

export function useRollCall(roomId: string): RollCallView {
  const clock = useClock();
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const pushed = useRoomStateKey(roomId, 'rollCall');
  const actedNotes = useRoomStateKey(roomId, 'acted');
  const [fetched, setFetched] = useState<CurrentRollCall | null>(null);
  const [model, dispatch] = useReducer(reduce, null);
  const [now, setNow] = useState(() => clock.now());

  // A late joiner, a reload, a return after a gap: ask the room for the roll call still open.
  useEffect(() => {
    const controller = new AbortController();
    api.live.rollCallCurrent({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setFetched(readCurrentRollCall(data)),
      () => undefined, // the push still brings the next roll call
    );
    return () => controller.abort();
  }, [api, roomId]);

  const current = currentRollCall(pushed, fetched?.rollCall ?? null);
  const acted = current === null ? undefined : actedNotes?.[rollCallActedKey(current.id)];
  const actedAt = typeof acted?.signedAt === 'number' ? acted.signedAt : null;
  const fetchedAt = current !== null && fetched?.rollCall.id === current.id ? fetched.signedAt : null;
  const signedAt = actedAt ?? fetchedAt;
  useEffect(() => {
    if (current === null) return;
    const at = clock.now();
    if (!isRollCallCurrent(current, at) && signedAt === null) return;
    dispatch({ type: 'show', rollCall: current, signedAt, now: at });
  }, [clock, current, signedAt]);

  // The countdown's clock: each second while open, and the deadline passing closes it.
  const phase = model?.phase ?? null;
  useEffect(() => {
    if (phase !== 'open' && phase !== 'signing') return;
    const tick = () => {
      const at = clock.now();
      setNow(at);
      if (model !== null && at >= model.rollCall.deadline) dispatch({ type: 'deadlinePassed' });
    };
    tick();
    const timer = clock.setInterval(tick, 1000);
    return () => clock.clearInterval(timer);
  }, [clock, phase, model]);

  const sign = useCallback(() => {
    if (model === null || model.phase !== 'open' || !guard.pass()) return;
    const { id, confId } = model.rollCall;
    dispatch({ type: 'sign' });
    api.live.rollCallAnswer({ confId, id }).then(
      (data) => {
        const at = readSignedAt(data) ?? clock.now();
        dispatch({ type: 'signed', signedAt: at });
        noteActed(roomId, rollCallActedKey(id), { signedAt: at });
      },
      (error: unknown) => {
        guard.reset();
        if (ENDED_BY_SERVER.test(invalidInputDetail(error) ?? '')) dispatch({ type: 'refusedEnded' });
        else dispatch({ type: 'failed', reason: failureText(error, t) });
      },
    );
  }, [api, clock, guard, model, roomId, t]);

  // The tray lists it; putting the card away keeps it there.
  const card = useActivityCard(roomId, model === null ? null : { slot: 'rollCall', key: `rollCall:${model.rollCall.id}`, kind: 'rollCall', title: t('rollCall.title'), status: rollCallActivity(model.phase) });
  return { model, now, dismissed: card.dismissed, sign, dismiss: card.dismiss };
}
