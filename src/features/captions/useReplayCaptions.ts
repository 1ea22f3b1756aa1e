/**
 * The captions of a recording's live at the recording's moment (issue 36 item 2), in the
 * overlay's own terms (held captions and a "now" in the room's time), so the overlay shows
 * them as it showed them live: the same lines, languages and disclaimer. Null while no
 * recording of the room plays with its timeline.
 */
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { CAPTIONS_HELD, type HeldCaption } from '../../domain/captionTiming';
import { captionsAt, nextChangeAt } from '../../domain/replayTimeline';
import { replayTimeline, timelineOf } from '../../state/replayTimeline';
import { useReplayMoment } from '../../ui/useReplayMoment';

export function useReplayCaptions(roomId: string): { readonly held: readonly HeldCaption[]; readonly now: number } | null {
  const timeline = timelineOf(useSnapshot(replayTimeline).current, roomId);
  const events = timeline?.events;
  const next = useCallback((moment: number) => (events === undefined ? null : nextChangeAt(events, moment)), [events]);
  const moment = useReplayMoment(roomId, next);
  if (events === undefined || moment === null) return null;
  const held = captionsAt(events, moment.moment, CAPTIONS_HELD).map((c) => ({ text: c.text, lang: c.lang, start: c.at, end: c.at + c.durationMs, arrivedAt: c.at }));
  return { held, now: moment.moment };
}
