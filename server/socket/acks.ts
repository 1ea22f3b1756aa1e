/**
 * Pushes the client must acknowledge (PROTOCOL 2.2): the call-room control pushes are
 * acknowledged with code + 1 and `{mid}`; push 4201 with 4102 and push 4133 with 4134
 * (same body, which carries the mid). Each connection keeps a book of the pushes it is
 * waiting on, so tests and metrics can tell an acknowledged push from a lost one.
 */
import { encodeFrame, type FrameBody } from '../../src/protocol/frame';
import { randomToken } from '../auth/random.js';

export const CALL_ROOM_CONTROL_PUSHES = [6105, 6107, 6113, 6117, 6121, 6123, 6125, 6147, 6157, 6161, 6165, 6167] as const;

/** Acknowledgement code -> the push it acknowledges. */
export const ACK_FOR: ReadonlyMap<number, number> = new Map<number, number>([
  ...CALL_ROOM_CONTROL_PUSHES.map((code): [number, number] => [code + 1, code]),
  [4102, 4201],
  [4134, 4133],
]);

export const isAckCode = (code: number): boolean => ACK_FOR.has(code);

export interface AckRecord {
  readonly mid: string;
  readonly pushCode: number;
  readonly sentAt: number;
  ackedAt: number | null;
}

export type AckOutcome = 'acked' | 'duplicate' | 'unknown-mid' | 'wrong-code';

/** A connection forgets the oldest records beyond this, so an ignoring client cannot grow it. */
const BOOK_LIMIT = 256;

export class AckBook {
  private readonly records = new Map<string, AckRecord>();

  expect(mid: string, pushCode: number, sentAt: number): void {
    this.records.set(mid, { mid, pushCode, sentAt, ackedAt: null });
    if (this.records.size > BOOK_LIMIT) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
  }

  /** Records an acknowledgement frame (code `ackCode`, body mid `mid`). */
  receive(ackCode: number, mid: string | null, at: number): AckOutcome {
    const record = mid === null ? undefined : this.records.get(mid);
    if (!record) return 'unknown-mid';
    if (ACK_FOR.get(ackCode) !== record.pushCode) return 'wrong-code';
    if (record.ackedAt !== null) return 'duplicate';
    record.ackedAt = at;
    return 'acked';
  }

  /** Every push sent on this connection that expects an acknowledgement, oldest first. */
  list(): readonly AckRecord[] {
    return [...this.records.values()];
  }

  pending(): AckRecord[] {
    return this.list().filter((r) => r.ackedAt === null);
  }
}

/** What a push needing an acknowledgement is sent through (a connected client). */
export interface AckingTarget {
  readonly acks: AckBook;
  send(frame: string): void;
}

/**
 * Sends a push that must be acknowledged: a fresh mid goes in the `mid` header and in the
 * body (the acknowledgement echoes it in its body), and the connection's book records it.
 * Returns the mid.
 */
export function pushExpectingAck(target: AckingTarget, code: number, body: FrameBody, now: number): string {
  const mid = randomToken();
  target.acks.expect(mid, code, now);
  target.send(encodeFrame({ code, mid, body: { ...body, mid } }));
  return mid;
}
