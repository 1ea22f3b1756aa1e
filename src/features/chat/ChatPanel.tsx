/**
 * The chat room of one live room: filter switch, the feed (pinned message and list), the
 * composer and the image lightbox. It reads the room's connection and chat state from the
 * realtime store; ChatFeed reads the entries (one update per worker tick), so those
 * updates do not re-render the panel. It acts through the injected ChatActions.
 */
import { ChatAnnouncer } from './ChatAnnouncer';
import { Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isStaff } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { ChatEntry } from '../../realtime/chatEntry';
import type { ChatFilter } from '../../realtime/filters';
import type { SkippedRange } from '../../realtime/skippedPage';
import { INITIAL_ROOM_STATE } from '../../realtime/roomState';
import { useApi } from '../../state/apiContext';
import { useRealtime } from '../../state/roomFeed';
import { session } from '../../state/session';
import { replayPlayback } from '../../state/replayPlayback';
import { ChatFeed } from './ChatFeed';
import { ReplayChatPanel } from './ReplayChatPanel';
import { Composer } from './Composer';
import { composerAvailability } from './composerAvailability';
import { draftReducer, draftToInput, EMPTY_DRAFT } from './composerDraft';
import { ChatSpeedControl, PopOutButton } from './ChatTools';
import { FilterSwitch } from './FilterSwitch';
import { ImageLightbox } from './ImageLightbox';
import { QuotedOriginal } from './QuotedOriginal';
import { SyncStatus } from './SyncStatus';
import type { RowModeration } from './ChatMessage';
import type { ChatActions, ChatModeration } from './types';
import { useChatSender } from './useChatSender';
import './chat.css';

export interface ChatPanelProps {
  /** The webcast id of the room; the feed must have been opened in the realtime store. */
  readonly roomId: string;
  readonly actions: ChatActions;
  /** The host side's control of messages and senders (the console); viewers have none. */
  readonly moderation?: ChatModeration;
  /** Opens the chat in a window of its own (the app's chat window); absent in that window. */
  readonly onPopOut?: () => void;
}

/**
 * While the room's recording plays beside it (the player says so), the chat replays with it
 * (ReplayChatPanel); otherwise it is the room's live chat. The host's console never replays.
 */
export function ChatPanel(props: ChatPanelProps) {
  const replay = useSnapshot(replayPlayback).current;
  return replay !== null && replay.roomId === props.roomId && props.moderation === undefined ? <ReplayChatPanel position={replay} /> : <LiveChatPanel {...props} />;
}

function LiveChatPanel({ roomId, actions, moderation, onPopOut }: ChatPanelProps) {
  const { t } = useTranslation();
  const api = useApi();
  const realtime = useRealtime();
  const { userId, currentRole } = useSnapshot(session);
  // Not the entries: ChatFeed reads them, so a worker update does not re-render the panel.
  const feed = realtime.rooms[roomId];
  const filter: ChatFilter = feed?.filter ?? 'all';
  const chat = feed?.room.chat ?? INITIAL_ROOM_STATE.chat;

  // The latest actions, read by stable callbacks: rows stay memoized even when the app
  // passes a new actions object on every render.
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  }, [actions]);
  const getActions = useCallback(() => actionsRef.current, []);

  const sender = useChatSender(roomId, getActions, api);
  const { send, withdraw, sendImage, showProblem, clearFeedback } = sender;
  const [draft, dispatch] = useReducer(draftReducer, EMPTY_DRAFT);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [lightbox, setLightbox] = useState<string | null>(null);

  const availability = composerAvailability({
    connection: realtime.connection,
    joined: feed?.joined ?? null,
    chat,
    myUid: userId,
    staff: isStaff(currentRole),
  });

  const onQuote = useCallback((entry: ChatEntry) => {
    dispatch({ type: 'quote', quote: { name: entry.name, chatContent: entry.text, role: entry.role, msgId: entry.msgId } });
    textareaRef.current?.focus();
  }, []);
  const onMention = useCallback((entry: ChatEntry) => {
    const textarea = textareaRef.current;
    const at = textarea === null ? null : { start: textarea.selectionStart, end: textarea.selectionEnd };
    dispatch({ type: 'mention', mention: { uid: entry.uid, name: entry.name }, at });
    // On to writing the message, as after a quote (the keyboard's path from a row's @).
    textarea?.focus();
  }, []);
  const onWithdraw = useCallback((entry: ChatEntry) => void withdraw(entry.msgId), [withdraw]);
  const onOpenImage = useCallback((url: string) => setLightbox(url), []);
  const onCloseImage = useCallback(() => setLightbox(null), []);
  const [quoted, setQuoted] = useState<string | null>(null);
  const onOpenQuoted = useCallback((msgId: string) => setQuoted(msgId), []);
  const onLoadSkipped = useCallback((range: SkippedRange) => actionsRef.current.loadSkipped(roomId, range), [roomId]);

  // One object for the list's life (rows stay memoized); it reads the latest muted list and
  // the latest moderation the app passed.
  const mutedRef = useRef(chat.muted);
  const moderationRef = useRef(moderation);
  const mutedListeners = useRef(new Set<() => void>());
  useEffect(() => {
    moderationRef.current = moderation;
  });
  useEffect(() => {
    mutedRef.current = chat.muted;
    for (const listener of mutedListeners.current) listener();
  }, [chat.muted]);
  const hasModeration = moderation !== undefined;
  const rowModeration = useMemo<RowModeration | undefined>(
    () =>
      hasModeration
        ? {
            isMuted: (uid) => mutedRef.current.includes(uid),
            onMutedChange: (listener) => {
              const listeners = mutedListeners.current;
              listeners.add(listener);
              return () => listeners.delete(listener);
            },
            moderate: async (entry, action, text) => {
              const current = moderationRef.current;
              if (current === undefined) return false;
              const outcome = await current.moderate(roomId, { msgId: entry.msgId, uid: entry.uid }, action, text);
              if (!outcome.ok) showProblem(outcome.msg !== '' ? 'error.invalidInputField' : 'error.submitFailed', { detail: outcome.msg });
              return outcome.ok;
            },
          }
        : undefined,
    [hasModeration, roomId, showProblem],
  );

  // The host side may pin the message it sends (the console); a pin holds for one message.
  const [pin, setPin] = useState(false);
  const onSend = () => {
    const checked = draftToInput(draft);
    if (!checked.ok) {
      showProblem(checked.problem.key, checked.problem.params);
      return;
    }
    const input = hasModeration && pin ? { ...checked.input, top: true } : checked.input;
    void send(input).then((clear) => {
      if (!clear) return;
      dispatch({ type: 'sent' });
      setPin(false);
    });
  };

  const onFilter = (next: ChatFilter) => {
    clearFeedback();
    actionsRef.current.setChatFilter(roomId, next);
  };

  return (
    <>
      {/* Beside the panel, not in it: what it says is not part of the chat's content. */}
      <Suspense fallback={null}>
        <ChatAnnouncer roomId={roomId} />
      </Suspense>
      <section className="chat-panel" aria-label={t('chat.title')} data-room-id={roomId}>
        <div className="chat-panel__tools">
          <FilterSwitch value={filter} onChange={onFilter} />
          {/* Its texts load with the interactions' catalogue: nothing shows until they are there. */}
          <Suspense fallback={null}>
            <ChatSpeedControl roomId={roomId} />
            {onPopOut !== undefined && <PopOutButton onClick={onPopOut} />}
          </Suspense>
        </div>
        <SyncStatus roomId={roomId} />
        <ChatFeed roomId={roomId} filter={filter} onQuote={onQuote} onMention={onMention} onWithdraw={onWithdraw} onOpenImage={onOpenImage} onOpenQuoted={onOpenQuoted} onLoadSkipped={onLoadSkipped} moderation={rowModeration} />
        <Composer
          draft={draft}
          dispatch={dispatch}
          textareaRef={textareaRef}
          availability={availability}
          busy={sender.busy}
          feedback={sender.feedback}
          onSend={onSend}
          onPickImage={(file) => void sendImage(file)}
          extraTools={
            hasModeration ? (
              <label className="chat-composer__pin">
                <input type="checkbox" checked={pin} onChange={(event) => setPin(event.target.checked)} />
                {t('console.chat.pin', { ns: INTERACTIONS_NS })}
              </label>
            ) : null
          }
        />
        <ImageLightbox src={lightbox} onClose={onCloseImage} />
        {quoted !== null && (
          // Its texts may still be loading (a chunk of their own): nothing shows until they are there.
          <Suspense fallback={null}>
            <QuotedOriginal key={quoted} roomId={roomId} msgId={quoted} onClose={() => setQuoted(null)} />
          </Suspense>
        )}
      </section>
    </>
  );
}
