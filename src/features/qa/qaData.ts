/**
 * The Q&A answers, narrowed from `unknown` (a malformed question is left out, never a
 * crash): `qa/list` gives `{state, total, list: [question + followUps]}`, newest thread first.
 */
import { readQaQuestion, type QaSwitch, type QaThread } from '../../domain/qa';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const FOLLOW_UPS_MAX = 200;

export const readQaSwitch = (value: unknown): QaSwitch | null => (value === 'on' || value === 'off' || value === 'unopened' ? value : null);

export interface QaPage {
  readonly state: QaSwitch | null;
  readonly total: number;
  readonly threads: readonly QaThread[];
}

/** One thread (a first question with its follow-ups), as qa/list's rows and qa/reply give it; null when malformed. */
export function readQaThread(item: unknown): QaThread | null {
  const question = readQaQuestion(item);
  if (question === null || question.parentId !== null) return null;
  const followUps = isRecord(item) && Array.isArray(item.followUps) ? item.followUps.slice(0, FOLLOW_UPS_MAX).flatMap((f) => readQaQuestion(f) ?? []) : [];
  return { question, followUps: followUps.filter((f) => f.parentId === question.qaId) };
}

export function readQaPage(data: unknown): QaPage {
  if (!isRecord(data)) return { state: null, total: 0, threads: [] };
  const list = Array.isArray(data.list) ? data.list : [];
  const threads = list.flatMap((item): QaThread[] => {
    const thread = readQaThread(item);
    return thread === null ? [] : [thread];
  });
  const total = typeof data.total === 'number' && Number.isSafeInteger(data.total) && data.total >= 0 ? data.total : threads.length;
  return { state: readQaSwitch(data.state), total, threads };
}
