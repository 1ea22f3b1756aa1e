/**
 * "Send code" with its countdown, driven by the codeSender machine: after a code is sent
 * (or the server answers 4203 "requested too fast" with the wait) the button is disabled
 * and counts down the seconds left.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { codeSenderReducer, initialCodeSender, secondsLeft, waitSecondsOf } from './machines/codeSender';
import { errorText } from './entryKit';
import { useClock } from '../../ui/clock';

interface SendCodeButtonProps {
  /** Checks the address first; false: do not send (the form shows why). */
  readonly ready: () => boolean;
  /** Sends the code (verify/sms/send or verify/mail/sendCode). */
  readonly send: (signal: AbortSignal) => Promise<unknown>;
  /** Where the outcome is told (sent, too fast, failed). */
  readonly onOutcome: (text: string | null, tone: 'info' | 'error') => void;
}

const TOO_FAST = 4203;

export function SendCodeButton({ ready, send, onOutcome }: SendCodeButtonProps) {
  const clock = useClock();
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(codeSenderReducer, initialCodeSender);
  const [now, setNow] = useState(() => clock.now());
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const cooling = state.kind === 'cooling';
  useEffect(() => {
    if (!cooling) return;
    const timer = clock.setInterval(() => {
      const time = clock.now();
      setNow(time);
      dispatch({ type: 'TICK', now: time });
    }, 250);
    return () => clock.clearInterval(timer);
  }, [clock, cooling]);

  const click = async () => {
    if (state.kind !== 'idle' || !ready()) return;
    dispatch({ type: 'SEND' });
    const controller = new AbortController();
    pending.current = controller;
    try {
      await send(controller.signal);
      const time = clock.now();
      setNow(time);
      dispatch({ type: 'SENT', now: time });
      onOutcome(t('entry.code.sent'), 'info');
    } catch (error) {
      if (controller.signal.aborted) return;
      const time = clock.now();
      setNow(time);
      if (isApiError(error) && error.code === TOO_FAST) {
        const waitSeconds = waitSecondsOf(error.data, error.serverMsg);
        dispatch({ type: 'TOO_FAST', now: time, waitSeconds });
        onOutcome(t('validation.tooFrequent', { seconds: waitSeconds }), 'error');
      } else {
        dispatch({ type: 'FAILED' });
        onOutcome(errorText(error, t), 'error');
      }
    } finally {
      pending.current = null;
    }
  };

  const left = secondsLeft(state, now);
  const label =
    state.kind === 'sending'
      ? t('entry.code.sending')
      : state.kind === 'cooling'
        ? t('entry.code.resendIn', { seconds: left })
        : state.sentOnce
          ? t('entry.code.resend')
          : t('entry.code.send');
  return (
    <button type="button" className="button entry-send-code" disabled={state.kind !== 'idle'} onClick={() => void click()}>
      {label}
    </button>
  );
}
