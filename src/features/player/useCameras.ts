/**
 * The room's camera streams, when its room info says it has several (SPEC 7.1: the
 * multi-stream list names them, the default stream list says which one a viewer starts
 * on). A room of one camera asks neither. A failure leaves the viewer on the default
 * camera with no choice, never without a picture.
 */
import { useEffect, useState } from 'react';
import { useApi } from '../../state/apiContext';
import { readCameras, readDefaultCamera, type Camera } from './sources';

export interface RoomCameras {
  readonly cameras: readonly Camera[];
  /** The camera the room starts viewers on; null until known (or in a room of one camera). */
  readonly defaultId: string | null;
}

const NONE: RoomCameras = { cameras: [], defaultId: null };

export function useCameras(roomId: string, multiStream: boolean): RoomCameras {
  const api = useApi();
  const [loaded, setLoaded] = useState<{ readonly key: string; readonly value: RoomCameras } | null>(null);
  const key = `${roomId}|${multiStream}`;
  useEffect(() => {
    if (!multiStream) return undefined;
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true } as const;
    Promise.all([api.live.multiStreamList({ webcastId: roomId }, options), api.live.defaultStreamList({ webcastId: roomId }, options).catch(() => null)]).then(
      ([list, byDefault]) => {
        const cameras = readCameras(list);
        const wanted = readDefaultCamera(byDefault);
        const defaultId = cameras.find((c) => c.id === wanted)?.id ?? cameras[0]?.id ?? null;
        setLoaded({ key, value: cameras.length > 1 ? { cameras, defaultId } : NONE });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ key, value: NONE });
      },
    );
    return () => controller.abort();
  }, [api, roomId, multiStream, key]);
  return multiStream && loaded?.key === key ? loaded.value : NONE;
}
