/**
 * What the session does with each push (PROTOCOL 2.2, SPEC 4 "Server pushes"), as a pure
 * decision so every rule can be tested without a socket. socketSession.ts carries it out.
 */
import type { Frame, FrameBody } from '../protocol/frame';

export const LOGIN_RESULT_PUSH = 1100;
export const ENDED_ELSEWHERE_PUSH = 9004;
export const IGNORED_PUSH = 9002;
export const HEARTBEAT_REQUEST = 9001;
export const HEARTBEAT_REPLY = 9000;
export const LOGIN_OK_STATUS = 200;

/** Call-room control pushes: acknowledged with code + 1 and `{mid: <the push's mid>}`. */
export const CONTROL_PUSHES: ReadonlySet<number> = new Set([
  6105, 6107, 6113, 6117, 6121, 6123, 6125, 6147, 6157, 6161, 6165, 6167,
]);

/** Connect-mic pushes acknowledged with another code, echoing the push's body. */
export const ECHO_ACKS: ReadonlyMap<number, number> = new Map([
  [4201, 4102],
  [4133, 4134],
]);

/** A frame to send in answer; the session adds seq-less headers and a fresh mid. */
export interface Ack {
  readonly code: number;
  readonly body: FrameBody;
}

export type PushAction =
  | { readonly kind: 'loginResult'; readonly accepted: boolean; readonly status: number | null; readonly msg: string | null }
  | { readonly kind: 'endedElsewhere' }
  | { readonly kind: 'ignore' }
  | { readonly kind: 'heartbeatReply' }
  /** Hand on to onPush, after sending the ack when there is one. */
  | { readonly kind: 'pass'; readonly ack: Ack | null; readonly warning: string | null };

/** Decides for a decoded push (seq 0) with a code; frames without a code never get here. */
export function decidePush(frame: Frame & { readonly code: number }): PushAction {
  const { code, body } = frame;
  if (code === LOGIN_RESULT_PUSH) {
    const status = typeof body.status === 'number' ? body.status : null;
    const msg = typeof body.msg === 'string' ? body.msg : null;
    return { kind: 'loginResult', accepted: status === LOGIN_OK_STATUS, status, msg };
  }
  if (code === ENDED_ELSEWHERE_PUSH) return { kind: 'endedElsewhere' };
  if (code === IGNORED_PUSH) return { kind: 'ignore' };
  if (code === HEARTBEAT_REPLY) return { kind: 'heartbeatReply' };
  if (CONTROL_PUSHES.has(code)) {
    // Without a mid there is nothing to acknowledge by; the push still reaches the app.
    if (frame.mid === null) return { kind: 'pass', ack: null, warning: `control push ${code} without a mid: not acknowledged` };
    return { kind: 'pass', ack: { code: code + 1, body: { mid: frame.mid } }, warning: null };
  }
  const echoCode = ECHO_ACKS.get(code);
  if (echoCode !== undefined) return { kind: 'pass', ack: { code: echoCode, body }, warning: null };
  return { kind: 'pass', ack: null, warning: null };
}
