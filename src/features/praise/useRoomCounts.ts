/**
 * The counts bar's data for one room: the online count (count call, join reply, live 7109
 * pushes), the praise total with the viewer's batched likes, the room's custom praise
 * images and whether the room shows online and praise at all. The component that calls it
 * must be keyed by the room: the stores are made once per mount.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';
import type { Counts } from '../../realtime/roomState';
import type { JoinStatus } from '../../realtime/realtimeApi';
import { useApi } from '../../state/apiContext';
import { roomOtherSetting } from '../../state/roomOtherSetting';
import { realtimeStore } from '../../state/roomFeed';
import { readCounts, readCountsDisplay, readPraiseImages, SHOW_ALL, type CountsDisplay } from './countsData';
import { createOnlineTracker } from './onlineCount';
import { createPraiseBatcher, type PraiseBatcher, type PraiseView } from './praiseBatcher';
import { noticeCallFailure } from '../../state/notices';
import { useClock } from '../../ui/clock';

export interface RoomCounts {
  readonly online: number | null;
  readonly praise: PraiseView;
  readonly images: readonly string[];
  readonly display: CountsDisplay;
  /** Counts one like (false when this window already took all it can). */
  like(): boolean;
}

const NO_IMAGES: readonly string[] = [];
const now = () => performance.now();

export function useRoomCounts(roomId: string): RoomCounts {
  const api = useApi();
  const clock = useClock();
  const [online] = useState(createOnlineTracker);
  const [batcher] = useState<PraiseBatcher>(() =>
    createPraiseBatcher({
      clock,
      send: async (count, { final }) => readCounts(await api.live.praise({ webcastId: roomId, count }, { keepalive: final })).praise,
      onFailure: (error) => noticeCallFailure(error, 'praise.sendFailed'),
    }),
  );
  const [images, setImages] = useState<readonly string[]>(NO_IMAGES);
  const [display, setDisplay] = useState<CountsDisplay>(SHOW_ALL);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const failed = (error: unknown) => {
      if (!signal.aborted) noticeCallFailure(error, 'praise.countsFailed');
    };
    // Read again when the page comes back into view: the pushes only come with likes, so a
    // count may have gone stale while nobody liked.
    const loadTotal = () => {
      const asOf = now();
      api.live.onlineCount({ webcastId: roomId }, { signal }).then((data) => {
        const counts = readCounts(data);
        online.apply({ kind: 'fetched', online: counts.online, asOf });
        if (counts.praise !== null) batcher.observe(counts.praise);
      }, failed);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') loadTotal();
    };
    loadTotal();
    document.addEventListener('visibilitychange', onVisibility);
    api.live.praiseCount({ webcastId: roomId }, { signal }).then((data) => {
      const { praise } = readCounts(data);
      if (praise !== null) batcher.observe(praise);
    }, failed);
    api.live.praiseImages({ webcastId: roomId }, { signal }).then((data) => setImages(readPraiseImages(data)), failed);
    // Without the room's display settings both are shown (the defaults of the setting).
    roomOtherSetting(api, roomId).then(
      (data) => {
        if (!signal.aborted) setDisplay(readCountsDisplay(data));
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, roomId, online, batcher]);

  // The realtime feed, read at every change of the store (a few times a second at most:
  // the worker sends one update per tick). Pushes are told apart from the join reply, see
  // onlineCount.ts.
  useEffect(() => {
    let counts: Counts | null = null;
    let join: JoinStatus | null = null;
    const read = () => {
      const feed = realtimeStore.rooms[roomId];
      if (feed === undefined) {
        join = null;
        return;
      }
      if (feed.room.counts !== counts) {
        counts = feed.room.counts;
        if (counts !== null) {
          online.apply({ kind: 'pushed', online: counts.online, joined: join?.state === 'joined', asOf: now() });
          batcher.observe(counts.praise);
        }
      }
      if (feed.joined !== join) {
        join = feed.joined;
        if (join.state === 'joined') online.apply({ kind: 'joined', online: join.online, asOf: now() });
      }
    };
    read();
    return subscribe(realtimeStore, read);
  }, [roomId, online, batcher]);

  // Likes still waiting for their window go out when the page is hidden or left (keepalive:
  // the call outlives the page).
  useEffect(() => {
    const flush = () => batcher.flush({ final: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [batcher]);

  return {
    online: useSyncExternalStore(online.subscribe, online.get, online.get),
    praise: useSyncExternalStore(batcher.subscribe, batcher.view, batcher.view),
    images,
    display,
    like: batcher.click,
  };
}
