/**
 * What the host shared at a recording's moment (issue 36 item 2): the page of the live at
 * that moment, turning at its times; null while no recording of the room plays with its
 * timeline. A recording whose live shared nothing shows no document region.
 */
import { useCallback, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { ShareView } from '../../domain/docShare';
import { happenedCount, sharesSlides, slideAt } from '../../domain/replayTimeline';
import { replayTimeline, timelineOf } from '../../state/replayTimeline';
import { useReplayMoment } from '../../ui/useReplayMoment';

export function useReplayShare(roomId: string): ShareView | null {
  const timeline = timelineOf(useSnapshot(replayTimeline).current, roomId);
  const events = timeline?.events;
  const slides = useMemo(() => (events === undefined ? [] : events.filter((e) => e.kind === 'slide')), [events]);
  const next = useCallback((moment: number) => slides[happenedCount(slides, moment)]?.at ?? null, [slides]);
  const moment = useReplayMoment(roomId, next);
  if (events === undefined || moment === null) return null;
  if (!sharesSlides(events)) return { kind: 'none' };
  const slide = slideAt(slides, moment.moment);
  return slide === null ? { kind: 'stopped', updatedAt: 0 } : { kind: 'sharing', doc: slide, whiteboard: false, updatedAt: 0 };
}
