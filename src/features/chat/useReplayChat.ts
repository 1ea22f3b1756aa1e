/**
 * The chat of a recording, in step with it (issue 36 item 1): the messages the room had
 * sent by the recording's moment (src/domain/replayChatWindow.ts), paged over HTTP as
 * playback goes (no socket), at the player's rate, after its seeks, and moved by the
 * viewer's offset for this recording.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  emptyReplayWindow,
  nextReplayRequest,
  REPLAY_PAGE,
  REPLAY_WINDOW_MAX,
  replayMomentMs,
  replayReducer,
  replayShownEnd,
  type ReplayPhase,
  type ReplayWindow,
} from '../../domain/replayChatWindow';
import { CHAT_ENTRIES_KEPT } from '../../domain/constants';
import type { ChatEntry } from '../../realtime/chatEntry';
import { filterEntries, type ChatFilter } from '../../realtime/filters';
import { INITIAL_ROOM_STATE } from '../../realtime/roomState';
import { useApi } from '../../state/apiContext';
import { positionAt, type ReplayPosition } from '../../state/replayPlayback';
import { session } from '../../state/session';
import { useClock } from '../../ui/clock';
import { useReplayOffset } from '../../state/replayOffset';
import { readReplayPage } from './replayPage';

/** While it plays, the moment is brought up to date at the next message's moment, and at least this often. */
export const REPLAY_TICK_MS = 1000;

export interface ReplayChat {
  readonly entries: readonly ChatEntry[];
  readonly phase: ReplayPhase;
  /** The room had no chat at all in the recording's time. */
  readonly noChat: boolean;
  readonly offsetS: number;
  readonly setOffset: (offsetS: number) => void;
  readonly retry: () => void;
}

const windowReducer = (w: ReplayWindow<ChatEntry>, event: Parameters<typeof replayReducer<ChatEntry>>[1]) => replayReducer(w, event);

export function useReplayChat(position: ReplayPosition & { readonly startedAt: number }, filter: ChatFilter): ReplayChat {
  const api = useApi();
  const clock = useClock();
  const { userId } = useSnapshot(session);
  const { roomId, recording } = position;
  const [chatWindow, dispatch] = useReducer(windowReducer, undefined, () => emptyReplayWindow<ChatEntry>());
  const [offsetS, setOffset] = useReplayOffset(recording);

  // The moment follows playback between the player's reports while it plays: the list
  // wakes when the next message's moment comes (at the rate played), not on a fixed tick.
  const [now, setNow] = useState(() => clock.now());
  const rate = position.rate;
  const moment = replayMomentMs(position.startedAt, positionAt(position, Math.max(now, position.readAt)), offsetS);
  const end = replayShownEnd(chatWindow, moment);
  const nextAt = chatWindow.messages[end]?.sendTime ?? null;
  useEffect(() => {
    if (rate <= 0) return undefined;
    const wait = nextAt === null ? REPLAY_TICK_MS : Math.min(REPLAY_TICK_MS, Math.max(0, (nextAt - moment) / rate));
    const timer = clock.setTimeout(() => setNow(clock.now()), wait);
    return () => clock.clearTimeout(timer);
  }, [clock, rate, nextAt, moment]);

  useEffect(() => {
    const request = nextReplayRequest(chatWindow, moment);
    if (request !== null) dispatch({ type: 'request', request });
  }, [chatWindow, moment]);

  // One page per request (or retry): its generation says which.
  const { phase, request, generation } = chatWindow;
  useEffect(() => {
    if ((phase !== 'seeking' && phase !== 'forwarding') || request === null) return undefined;
    const controller = new AbortController();
    const paging = request.kind === 'seek' ? { until: request.until } : { after: request.after };
    api.live.chatHistory({ webcastId: roomId, take: REPLAY_PAGE, ...paging }, { signal: controller.signal, background: true }).then(
      (data) => {
        const page = readReplayPage(data, userId);
        if (page.unreadable > 0) console.warn(`replay chat: ${page.unreadable} message(s) of a page could not be read and are left out`);
        dispatch({ type: 'page', generation, list: page.list, more: page.more });
      },
      () => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', generation });
      },
    );
    return () => controller.abort();
  }, [api, roomId, userId, phase, request, generation]);

  // What shows changes only when the moment passes a message: most ticks keep the same rows.
  const shown = useMemo(
    () => filterEntries(filter, chatWindow.messages.slice(Math.max(0, end - REPLAY_WINDOW_MAX), end), INITIAL_ROOM_STATE.chat).slice(-CHAT_ENTRIES_KEPT),
    [chatWindow, end, filter],
  );
  return {
    entries: shown,
    phase,
    noChat: chatWindow.exhausted && chatWindow.messages.length === 0 && chatWindow.knownFrom === -Infinity,
    offsetS,
    setOffset,
    retry: () => dispatch({ type: 'retry' }),
  };
}
