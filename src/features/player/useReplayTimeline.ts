/**
 * The player's part in a recording's timeline (issue 36 item 3): the scrubber's markers
 * (chapters, notices, interactions; src/domain/replayTimeline.ts) at their positions, and
 * the seeks a chapter, a card or a transcript line asks for (src/state/replayTimeline.ts).
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { markersOf, positionOfTime, type MarkerKind } from '../../domain/replayTimeline';
import { replaySeek, replayTimeline, timelineOf } from '../../state/replayTimeline';
import { useReplayOffset } from '../../state/replayOffset';

export interface SeekMarker {
  /** 0 to 100: where on the seek bar. */
  readonly percent: number;
  readonly positionS: number;
  readonly kind: MarkerKind;
  readonly label: string;
}

export function useReplayTimeline(videoRef: RefObject<HTMLVideoElement | null>, roomId: string, recording: string | null, startedAt: number | null, durationS: number): readonly SeekMarker[] {
  const timeline = timelineOf(useSnapshot(replayTimeline).current, roomId);
  const [offsetS] = useReplayOffset(recording ?? '');
  const events = timeline !== null && timeline.recording === recording ? timeline.events : null;
  const markers = useMemo(() => {
    if (events === null || startedAt === null || !(durationS > 0)) return [];
    return markersOf(events).flatMap((m) => {
      const positionS = positionOfTime(m.at, startedAt, offsetS);
      return positionS < 0 || positionS > durationS ? [] : [{ percent: (positionS / durationS) * 100, positionS, kind: m.kind, label: m.label }];
    });
  }, [events, startedAt, offsetS, durationS]);

  // A request made before this recording played is not for it.
  const request = useSnapshot(replaySeek).request;
  const handled = useRef(request?.seq ?? 0);
  useEffect(() => {
    if (request === null || request.seq <= handled.current) return;
    handled.current = request.seq;
    const video = videoRef.current;
    if (video === null || recording === null) return;
    video.currentTime = Number.isFinite(video.duration) && video.duration > 0 ? Math.min(request.positionS, video.duration) : request.positionS;
  }, [request, videoRef, recording]);

  return markers;
}
