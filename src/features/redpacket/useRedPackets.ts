/**
 * The room's red packets for this viewer (issue 14 item 3): the activity list when the page
 * opens, moved on by pushes (7119) in every tab, and the viewer's own grabs told to the
 * other tabs of the room through the worker (noteActed), so each tab shows the share at once.
 * A grab is a money call (ui/useMoneyCall.ts): one key per packet, "checking" when no
 * answer came.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { withDraw, withPushedState, type RedPacketView } from '../../domain/redPacket';
import { useApi } from '../../state/apiContext';
import { useRoomStateKey } from '../../state/roomFeed';
import { noteActed } from '../../state/realtimeConnection';
import { useMoneyCall, type MoneyCall } from '../../ui/useMoneyCall';
import { readDraw, readPacket, readPacketList, type DrawAnswer } from './redPacketData';

export const redPacketActedKey = (id: string) => `redpacket:${id}`;

export interface RedPackets {
  /** Newest first. */
  readonly packets: readonly RedPacketView[];
  readonly grab: MoneyCall<string, DrawAnswer | null>;
  /** The activity list could not be read (the pushes still come). */
  readonly loadFailed: boolean;
  reload(): void;
}

function upsert(list: readonly RedPacketView[], view: RedPacketView): RedPacketView[] {
  const rest = list.filter((p) => p.id !== view.id);
  return [view, ...rest];
}

export function useRedPackets(roomId: string): RedPackets {
  const api = useApi();
  const pushed = useRoomStateKey(roomId, 'redPacket');
  const acted = useRoomStateKey(roomId, 'acted');
  const [loaded, setLoaded] = useState<readonly RedPacketView[]>([]);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.commerce.redPacketActivityList({ liveId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        setLoaded(readPacketList(data));
        setLoadFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setLoadFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt]);

  // A pushed packet the list does not have yet (sent after the page opened): ask for it.
  const pushedId = pushed?.id ?? null;
  const known = loaded.some((p) => p.id === pushedId);
  useEffect(() => {
    if (pushedId === null || known) return undefined;
    const controller = new AbortController();
    api.commerce.redPacketJudge({ liveId: roomId, id: pushedId }, { signal: controller.signal, background: true }).then(
      (data) => {
        const view = readPacket(data);
        if (view !== null) setLoaded((list) => (list.some((p) => p.id === view.id) ? list : upsert(list, view)));
      },
      () => undefined, // the card waits for the next push; the list is there on reload
    );
    return () => controller.abort();
  }, [api, roomId, pushedId, known]);

  const grab = useMoneyCall<string, DrawAnswer | null>(
    useMemo(
      () => ({
        intentOf: (id: string) => `${roomId}|redpacket|${id}`,
        send: async (id: string, idempotencyKey: string) => readDraw(await api.commerce.redPacketDraw({ liveId: roomId, id }, { idempotencyKey })),
      }),
      [api, roomId],
    ),
  );

  // The viewer's share, once known: shown here at once, and told to the room's other tabs.
  const answered = grab.state.phase === 'paid' ? grab.state : null;
  useEffect(() => {
    const draw = answered?.answer;
    if (answered !== null && draw?.got === true && draw.amount !== null) noteActed(roomId, redPacketActedKey(answered.order), { amount: draw.amount });
  }, [answered, roomId]);

  const packets = useMemo(
    () =>
      loaded.map((p) => {
        let view = pushed !== null && pushed.id === p.id ? withPushedState(p, pushed.state) : p;
        if (answered !== null && answered.order === p.id && answered.answer !== null) view = withDraw(view, answered.answer);
        const mine = acted?.[redPacketActedKey(p.id)];
        if (!view.drawn && mine !== undefined && typeof mine.amount === 'string') view = { ...view, drawn: true, amount: mine.amount };
        return view;
      }),
    [loaded, pushed, acted, answered],
  );
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { packets, grab, loadFailed, reload };
}
