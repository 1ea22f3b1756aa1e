/**
 * Requests awaiting their reply (PROTOCOL 2.2): a reply has code = request code - 1 and the
 * request's seq; status 200 resolves with the body, any other status rejects; no reply in
 * time rejects with a timeout. Every failure is a RequestError, so callers handle one type.
 */
import type { Frame, FrameBody } from '../protocol/frame';
import { replyCodeFor } from '../protocol/frame';
import type { Clock, TimerId } from './ports';
import type { RealtimeOutcome } from './realtimeApi';

type RequestFailureOutcome = Extract<RealtimeOutcome<never>, { ok: false }>;

export const REPLY_OK_STATUS = 200;

export type RequestFailure =
  /** The reply came with a status other than 200. */
  | 'rejected'
  /** No reply within the request timeout. */
  | 'timeout'
  /** Sent while the session was not online: nothing went out. */
  | 'not-connected'
  /** The socket closed (or the session ended) before the reply came. */
  | 'connection-closed'
  /** The body could not be encoded, or the socket refused the text. */
  | 'send-failed'
  /** A success reply without the fields the caller needs. */
  | 'bad-reply';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly reason: RequestFailure,
    /** The request code. */
    readonly code: number,
    /** The reply's status when there was a reply carrying a numeric one. */
    readonly status: number | null,
    readonly msg: string,
  ) {
    super(`request ${code} failed (${reason}${status === null ? '' : ` ${status}`}): ${msg}`);
  }
}

interface Pending {
  readonly code: number;
  readonly timer: TimerId;
  readonly resolve: (body: FrameBody) => void;
  readonly reject: (error: RequestError) => void;
}

export interface PendingRequests {
  /** Registers a request already sent; the promise settles on its reply or its timeout. */
  track(seq: number, code: number, timeoutMs: number): Promise<FrameBody>;
  /** Settles the request this reply answers; false when it answers none (late or stray). */
  settle(reply: Frame): boolean;
  /** Rejects every request still waiting, e.g. when the socket closes. */
  rejectAll(reason: RequestFailure, msg: string): void;
  readonly size: number;
}

export function createPendingRequests(clock: Clock): PendingRequests {
  const bySeq = new Map<number, Pending>();

  const take = (seq: number): Pending | undefined => {
    const pending = bySeq.get(seq);
    if (pending === undefined) return undefined;
    bySeq.delete(seq);
    clock.clearTimeout(pending.timer);
    return pending;
  };

  return {
    track(seq, code, timeoutMs) {
      return new Promise<FrameBody>((resolve, reject) => {
        const timer = clock.setTimeout(() => {
          if (take(seq) !== undefined) reject(new RequestError('timeout', code, null, `no reply within ${timeoutMs} ms`));
        }, timeoutMs);
        bySeq.set(seq, { code, timer, resolve, reject });
      });
    },
    settle(reply) {
      const pending = bySeq.get(reply.seq);
      // Same seq but not code - 1 is not our reply: leave the request waiting.
      if (pending === undefined || reply.code !== replyCodeFor(pending.code)) return false;
      take(reply.seq);
      const status = reply.body.status;
      if (status === REPLY_OK_STATUS) {
        pending.resolve(reply.body);
      } else {
        const msg = typeof reply.body.msg === 'string' ? reply.body.msg : 'request refused';
        pending.reject(new RequestError('rejected', pending.code, typeof status === 'number' ? status : null, msg));
      }
      return true;
    },
    rejectAll(reason, msg) {
      const waiting = [...bySeq.entries()];
      bySeq.clear();
      for (const [, pending] of waiting) {
        clock.clearTimeout(pending.timer);
        pending.reject(new RequestError(reason, pending.code, null, msg));
      }
    },
    get size() {
      return bySeq.size;
    },
  };
}

/** Any error of a request as the outcome a tab is told (a RequestError's reason and status, else a send failure). */
export function failureOf(error: unknown): RequestFailureOutcome {
  if (error instanceof RequestError) return { ok: false, reason: error.reason, status: error.status, msg: error.msg };
  return { ok: false, reason: 'send-failed', status: null, msg: error instanceof Error ? error.message : String(error) };
}
