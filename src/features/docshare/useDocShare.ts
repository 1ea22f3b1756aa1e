/**
 * What the host shares in one room, followed while the page is in view: the share info is
 * read every few seconds (the room sends no push for a page turn) and at once when the tab
 * comes back into view; a background tab reads nothing. Answers are merged by
 * domain/docShare, so a late answer never turns a page back. The room's cloud setting (SPEC
 * 7.1) is read first: a room that shares no documents is never asked again, and one without
 * a whiteboard is not asked for it (in a room of 20,000 viewers, each poll is 20,000 calls).
 */
import { useEffect, useReducer, useState } from 'react';
import { followShare, NO_SHARE, SHARE_READ_INTERVAL_MS, type ShareRead, type ShareView } from '../../domain/docShare';
import { useApi } from '../../state/apiContext';
import { readCloudSetting, readShareInfo, type CloudSetting } from './shareData';
import { useClock } from '../../ui/clock';
import type { TimerId } from '../../realtime/ports';

export function useDocShare(roomId: string, following = true): ShareView {
  const clock = useClock();
  const api = useApi();
  const [view, follow] = useReducer(followShare, NO_SHARE);
  const [cloud, setCloud] = useState<CloudSetting | null>(null);

  useEffect(() => {
    if (!following) return undefined;
    const controller = new AbortController();
    api.live.cloudSetting({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setCloud(readCloudSetting(data)),
      () => setCloud({ docShare: true, whiteboard: true }), // unknown: follow as before
    );
    return () => controller.abort();
  }, [api, roomId, following]);

  useEffect(() => {
    if (!following || cloud === null || !cloud.docShare) return undefined;
    const askBoard = cloud.whiteboard;
    let stopped = false;
    let timer: TimerId | undefined;
    const controller = new AbortController();
    const read = async () => {
      clock.clearTimeout(timer);
      if (document.visibilityState === 'visible') {
        try {
          const [info, board] = await Promise.all([
            api.resource.docShareInfo({ webcastId: roomId }, { signal: controller.signal, background: true }),
            askBoard ? api.resource.whiteboardInfo({ webcastId: roomId }, { signal: controller.signal, background: true }).catch(() => null) : null,
          ]);
          const answer: ShareRead | null = readShareInfo(info, board);
          if (!stopped && answer !== null) follow(answer);
        } catch {
          // The next read tries again; what is shown stays.
        }
      }
      if (!stopped) timer = clock.setTimeout(() => void read(), SHARE_READ_INTERVAL_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read();
    };
    void read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clock.clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, clock, roomId, following, cloud]);

  return view;
}
