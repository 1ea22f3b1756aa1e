/**
 * Q&A (SPEC 4: the switch is on, off or not yet opened; questions are reviewed before the
 * room sees them). A question moves one way only:
 *
 *   pending ──approve──▶ approved ──answer──▶ answered
 *      ╰──────────────answer───────────────────▲
 *
 * so a list read that was on its way while a push said "answered" never takes the answer
 * back: of two sightings of a question the one further along wins. Pending questions are
 * their asker's only (the server shows them to nobody else).
 */

export type QaSwitch = 'on' | 'off' | 'unopened';
export type QuestionStatus = 'pending' | 'approved' | 'answered';

export interface QaQuestion {
  readonly qaId: string;
  /** The thread's first question, for a follow-up (withQuestion); null for a thread. */
  readonly parentId: string | null;
  readonly uid: string;
  readonly name: string;
  readonly content: string;
  readonly status: QuestionStatus;
  readonly answer: string | null;
  readonly createdAt: number;
  /** Upvotes, and whether this viewer gave one; null where the sighting did not say. */
  readonly votes: number | null;
  readonly voted: boolean | null;
}

export interface QaThread {
  readonly question: QaQuestion;
  readonly followUps: readonly QaQuestion[];
}

const RANK: Readonly<Record<QuestionStatus, number>> = { pending: 0, approved: 1, answered: 2 };

/** Whether questions may be asked (and followed up) now. */
export const canAsk = (state: QaSwitch | null): boolean => state === 'on';

/**
 * Of two sightings of one question, the one further along (the later one on a tie); the
 * votes a sighting did not say are kept from the other.
 */
export function laterSighting(known: QaQuestion, seen: QaQuestion): QaQuestion {
  const later = RANK[seen.status] >= RANK[known.status] ? seen : known;
  const votes = seen.votes ?? known.votes;
  const voted = seen.voted ?? known.voted;
  return later.votes === votes && later.voted === voted ? later : { ...later, votes, voted };
}

/** A tally push (7123 `votes`): the counts of the questions whose votes moved. */
export interface VoteTally {
  readonly qaId: string;
  readonly votes: number;
}

/** The threads with the room's tallies applied (the viewer's own vote is kept as it is). */
export function applyVotes(threads: readonly QaThread[], tallies: readonly VoteTally[]): readonly QaThread[] {
  if (tallies.length === 0) return threads;
  const byId = new Map(tallies.map((t) => [t.qaId, t.votes]));
  const counted = (q: QaQuestion): QaQuestion => {
    const votes = byId.get(q.qaId);
    return votes === undefined || votes === q.votes ? q : { ...q, votes };
  };
  let changed = false;
  const next = threads.map((thread) => {
    const question = counted(thread.question);
    const followUps = thread.followUps.map(counted);
    if (question === thread.question && followUps.every((f, i) => f === thread.followUps[i])) return thread;
    changed = true;
    return { question, followUps };
  });
  return changed ? next : threads;
}

export type QaOrder = 'newest' | 'votes';

/** The threads in the viewer's order: newest first, or most voted first (then newest). */
export function sortThreads(threads: readonly QaThread[], order: QaOrder): readonly QaThread[] {
  const newest = (a: QaThread, b: QaThread) => b.question.createdAt - a.question.createdAt;
  return [...threads].sort(order === 'votes' ? (a, b) => (b.question.votes ?? 0) - (a.question.votes ?? 0) || newest(a, b) : newest);
}

function mergeInto(list: readonly QaQuestion[], question: QaQuestion): QaQuestion[] {
  const index = list.findIndex((q) => q.qaId === question.qaId);
  if (index === -1) return [...list, question].sort((a, b) => a.createdAt - b.createdAt);
  const next = list.slice();
  next[index] = laterSighting(list[index]!, question);
  return next;
}

/**
 * The threads with one question more or further along: a thread's question in place (or a new
 * thread at the top: newest first), a follow-up in its thread in time order. A follow-up to a
 * thread not known here is left out (the viewer's next list read brings the thread).
 */
export function applyQuestion(threads: readonly QaThread[], question: QaQuestion): readonly QaThread[] {
  if (question.parentId === null) {
    const index = threads.findIndex((t) => t.question.qaId === question.qaId);
    if (index === -1) return [{ question, followUps: [] }, ...threads];
    const next = threads.slice();
    next[index] = { ...threads[index]!, question: laterSighting(threads[index]!.question, question) };
    return next;
  }
  const index = threads.findIndex((t) => t.question.qaId === question.parentId);
  if (index === -1) return threads;
  const next = threads.slice();
  next[index] = { ...threads[index]!, followUps: mergeInto(threads[index]!.followUps, question) };
  return next;
}

/** A fresh list read merged with what is known: each question kept at its furthest status. */
export function mergeThreads(known: readonly QaThread[], read: readonly QaThread[]): readonly QaThread[] {
  let merged = read;
  for (const thread of known) {
    for (const q of [thread.question, ...thread.followUps]) {
      // Only what the read already has is merged: a question it lacks may have been withdrawn from view.
      const inRead = read.some((t) => t.question.qaId === q.qaId || t.followUps.some((f) => f.qaId === q.qaId));
      if (inRead) merged = applyQuestion(merged, q);
    }
  }
  return merged;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | null => {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' && value.length <= 128 ? value : null;
  return id === null || id === '' ? null : id;
};
const TEXT_MAX = 4000;
const STATUSES: readonly QuestionStatus[] = ['pending', 'approved', 'answered'];

/**
 * A question as the room sends it (push 7123 `question`, the qa list and reply calls:
 * `{qaId, parentId, uid, name, content, status, answer, createdAt, votes?, voted?}`); null
 * when it is not one.
 */
export function readQaQuestion(value: unknown): QaQuestion | null {
  if (!isRecord(value)) return null;
  const qaId = idOf(value.qaId);
  const uid = idOf(value.uid);
  const status = STATUSES.find((s) => s === value.status);
  const { content, name, answer, createdAt } = value;
  if (qaId === null || uid === null || status === undefined || typeof content !== 'string' || content.length > TEXT_MAX) return null;
  return {
    qaId,
    parentId: value.parentId === null || value.parentId === undefined ? null : idOf(value.parentId),
    uid,
    name: typeof name === 'string' && name.length <= 256 ? name : '',
    content,
    status,
    answer: typeof answer === 'string' && answer.length <= TEXT_MAX ? answer : null,
    createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : 0,
    votes: typeof value.votes === 'number' && Number.isSafeInteger(value.votes) && value.votes >= 0 ? value.votes : null,
    voted: typeof value.voted === 'boolean' ? value.voted : null,
  };
}

/** A tally push's entries (7123 `votes`), the readable ones only. */
export function readVoteTallies(value: unknown): VoteTally[] | null {
  if (!Array.isArray(value) || value.length > 1000) return null;
  return value.flatMap((t) => {
    if (!isRecord(t)) return [];
    const qaId = idOf(t.qaId);
    return qaId !== null && typeof t.votes === 'number' && Number.isSafeInteger(t.votes) && t.votes >= 0 ? [{ qaId, votes: t.votes }] : [];
  });
}
