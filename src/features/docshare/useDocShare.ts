/**
 * What the host shares in one room, followed while the page is in view: the share info is
 * read every few seconds (the room sends no push for a page turn) and at once when the tab
 * comes back into view; a background tab reads nothing. Answers are merged by
 * domain/docShare, so a late answer never turns a page back.
 */
import { useEffect, useReducer } from 'react';
import { followShare, NO_SHARE, SHARE_READ_INTERVAL_MS, type ShareRead, type ShareView } from '../../domain/docShare';
import { useApi } from '../../state/apiContext';
import { readShareInfo } from './shareData';
import { useClock } from '../../ui/clock';
import type { TimerId } from '../../realtime/ports';

export function useDocShare(roomId: string, following = true): ShareView {
  const clock = useClock();
  const api = useApi();
  const [view, follow] = useReducer(followShare, NO_SHARE);

  useEffect(() => {
    if (!following) return undefined;
    let stopped = false;
    let timer: TimerId | undefined;
    const controller = new AbortController();
    const read = async () => {
      clock.clearTimeout(timer);
      if (document.visibilityState === 'visible') {
        try {
          const [info, board] = await Promise.all([
            api.resource.docShareInfo({ webcastId: roomId }, { signal: controller.signal, background: true }),
            api.resource.whiteboardInfo({ webcastId: roomId }, { signal: controller.signal, background: true }).catch(() => null),
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
  }, [api, clock, roomId, following]);

  return view;
}
