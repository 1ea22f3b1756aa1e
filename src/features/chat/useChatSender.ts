/**
 * Sending and withdrawing, with the feedback the composer shows. The server's 4403 answer
 * means the message was taken and waits for approval: information, not an error, and the
 * draft is cleared as for a sent message.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError, type Api } from '../../api';
import type { ChatSendInput, RealtimeOutcome } from '../../realtime/realtimeApi';
import { realtimeFailureText, type RealtimeFailure } from '../../state/roomFeed';
import type { Feedback } from './Composer';
import { checkImageFile, uploadChatImage } from './imageUpload';
import type { ChatActions } from './types';

/** PROTOCOL 3: "your message is under review". */
export const UNDER_REVIEW = 4403;

export type SendResult = 'sent' | 'review' | 'failed';

/** What a send outcome means for the draft. */
export function sendResult(outcome: RealtimeOutcome<unknown>): SendResult {
  if (outcome.ok) return 'sent';
  return outcome.reason === 'rejected' && outcome.status === UNDER_REVIEW ? 'review' : 'failed';
}

export interface ChatSender {
  readonly busy: 'sending' | 'uploading' | null;
  readonly feedback: Feedback | null;
  readonly clearFeedback: () => void;
  /** Sends; resolves true when the draft should be cleared. */
  readonly send: (input: ChatSendInput) => Promise<boolean>;
  readonly sendImage: (file: File) => Promise<void>;
  readonly withdraw: (msgId: string) => Promise<void>;
  readonly showProblem: (key: string, params?: Readonly<Record<string, string | number>>) => void;
}

/**
 * The quoted message is gone (withdrawn, or never written by a server that crashed): the
 * server names the field `quote.msgId` (docs/protocol.md 5.2). The draft stays as it was.
 */
export const quoteGone = (failure: RealtimeFailure): boolean => failure.reason === 'rejected' && failure.status === 4501 && failure.msg.startsWith('quote.msgId');

export function useChatSender(roomId: string, getActions: () => ChatActions, api: Api): ChatSender {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'sending' | 'uploading' | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const clearFeedback = useCallback(() => setFeedback(null), []);
  const showProblem = useCallback(
    (key: string, params?: Readonly<Record<string, string | number>>) => setFeedback({ tone: 'error', text: t(key, params) }),
    [t],
  );

  const deliver = useCallback(
    async (input: ChatSendInput): Promise<boolean> => {
      const outcome = await getActions().sendChat(roomId, input);
      const result = sendResult(outcome);
      if (result === 'review') setFeedback({ tone: 'info', text: t('chat.composer.underReview') });
      else if (!outcome.ok) setFeedback({ tone: 'error', text: quoteGone(outcome) ? t('chat.composer.quoteGone') : realtimeFailureText(outcome, t) });
      else setFeedback(null);
      return result !== 'failed';
    },
    [getActions, roomId, t],
  );

  const send = useCallback(
    async (input: ChatSendInput): Promise<boolean> => {
      setBusy('sending');
      try {
        return await deliver(input);
      } finally {
        setBusy(null);
      }
    },
    [deliver],
  );

  const sendImage = useCallback(
    async (file: File): Promise<void> => {
      const checked = await checkImageFile(file);
      if (!checked.ok) {
        setFeedback({ tone: 'error', text: t(checked.problem.key, checked.problem.params) });
        return;
      }
      setBusy('uploading');
      try {
        const url = await uploadChatImage(api, roomId, file);
        if (url === null) {
          setFeedback({ tone: 'error', text: t('chat.composer.uploadFailed') });
          return;
        }
        setBusy('sending');
        await deliver({ text: '', imgUrl: url });
      } catch (error) {
        setFeedback({ tone: 'error', text: isApiError(error) ? apiErrorText(error, t) : t('chat.composer.uploadFailed') });
      } finally {
        setBusy(null);
      }
    },
    [api, deliver, roomId, t],
  );

  const withdraw = useCallback(
    async (msgId: string): Promise<void> => {
      const outcome = await getActions().withdrawChat(roomId, msgId);
      setFeedback(outcome.ok ? null : { tone: 'error', text: realtimeFailureText(outcome, t) });
    },
    [getActions, roomId, t],
  );

  return { busy, feedback, clearFeedback, send, sendImage, withdraw, showProblem };
}
