/**
 * The replay calls' answers, narrowed from `unknown` (docs/protocol.md 5.10): the timeline's
 * list goes to src/domain/replayTimeline.ts; the viewer's own moments are read here. A field
 * of the wrong kind reads as absent, never as a crash.
 */
import { readReplayTimeline, type ReadTimeline } from '../../domain/replayTimeline';
import type { OwnMoment } from '../../state/replayTimeline';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readTimelineAnswer(data: unknown): ReadTimeline & { readonly truncated: boolean } {
  if (!isRecord(data)) return { events: [], skipped: 0, truncated: false };
  return { ...readReplayTimeline(data.list), truncated: data.more === true };
}

const MOMENT_FIELDS = { sent: 'text', mentioned: 'text', questions: 'content' } as const;
const MOMENT_KIND = { sent: 'sent', mentioned: 'mentioned', questions: 'question' } as const;

/** The viewer's moments, oldest first. */
export function readMomentsAnswer(data: unknown): OwnMoment[] {
  if (!isRecord(data)) return [];
  const moments: OwnMoment[] = [];
  for (const group of ['sent', 'mentioned', 'questions'] as const) {
    const list = data[group];
    if (!Array.isArray(list)) continue;
    for (const item of list.slice(0, 500)) {
      if (!isRecord(item) || typeof item.at !== 'number' || !Number.isSafeInteger(item.at)) continue;
      const text = item[MOMENT_FIELDS[group]];
      moments.push({ at: item.at, kind: MOMENT_KIND[group], text: typeof text === 'string' ? text.slice(0, 500) : '' });
    }
  }
  return moments.sort((a, b) => a.at - b.at);
}
