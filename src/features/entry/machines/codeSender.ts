/**
 * The "send code" button of the phone and email forms as a state machine (SPEC 5: codes
 * requested too often give a wait message). A code can be asked for again 60 s after the
 * last one; the server's 4203 answer says how long to wait (`waitSeconds`), and the button
 * counts down either way.
 *
 *   state    | SEND     | SENT       | TOO_FAST   | FAILED | TICK (time is up)
 *   ---------+----------+------------+------------+--------+------------------
 *   idle     | sending  |            |            |        |
 *   sending  |          | cooling    | cooling    | idle   |
 *   cooling  |          |            |            |        | idle
 *
 * Events not in the table leave the state as it is (a second click while sending).
 */

/** Seconds before another code may be requested (the server's limit). */
export const CODE_COOLDOWN_SECONDS = 60;

export type CodeSenderState =
  | { readonly kind: 'idle'; readonly sentOnce: boolean }
  | { readonly kind: 'sending'; readonly sentOnce: boolean }
  /** `until`: epoch ms at which the button is enabled again. */
  | { readonly kind: 'cooling'; readonly until: number; readonly sentOnce: true; readonly tooFast: boolean };

export type CodeSenderEvent =
  | { readonly type: 'SEND' }
  | { readonly type: 'SENT'; readonly now: number }
  | { readonly type: 'TOO_FAST'; readonly now: number; readonly waitSeconds: number }
  | { readonly type: 'FAILED' }
  | { readonly type: 'TICK'; readonly now: number };

export const initialCodeSender: CodeSenderState = { kind: 'idle', sentOnce: false };

type Handlers = {
  readonly [K in CodeSenderState['kind']]: Partial<{
    readonly [E in CodeSenderEvent['type']]: (
      state: Extract<CodeSenderState, { kind: K }>,
      event: Extract<CodeSenderEvent, { type: E }>,
    ) => CodeSenderState;
  }>;
};

export const CODE_SENDER_TABLE: Handlers = {
  idle: { SEND: (s) => ({ kind: 'sending', sentOnce: s.sentOnce }) },
  sending: {
    SENT: (_s, e) => ({ kind: 'cooling', until: e.now + CODE_COOLDOWN_SECONDS * 1000, sentOnce: true, tooFast: false }),
    TOO_FAST: (_s, e) => ({
      kind: 'cooling',
      until: e.now + Math.max(1, Math.ceil(e.waitSeconds)) * 1000,
      sentOnce: true,
      tooFast: true,
    }),
    FAILED: (s) => ({ kind: 'idle', sentOnce: s.sentOnce }),
  },
  cooling: { TICK: (s, e) => (e.now >= s.until ? { kind: 'idle', sentOnce: true } : s) },
};

export function codeSenderReducer(state: CodeSenderState, event: CodeSenderEvent): CodeSenderState {
  const handler = (CODE_SENDER_TABLE[state.kind] as Record<string, ((s: CodeSenderState, e: CodeSenderEvent) => CodeSenderState) | undefined>)[
    event.type
  ];
  return handler === undefined ? state : handler(state, event);
}

/** Whole seconds left before the button is enabled again (0 when it is). */
export function secondsLeft(state: CodeSenderState, now: number): number {
  return state.kind === 'cooling' ? Math.max(0, Math.ceil((state.until - now) / 1000)) : 0;
}

/**
 * The wait the server asked for with 4203. The HTTP client keeps the envelope's msg but
 * not its data, so `waitSeconds` is read from `data` when a caller has it, else from the
 * reference server's msg ("requested too fast, wait 45 s"); otherwise the full cooldown.
 */
export function waitSecondsOf(data: unknown, serverMsg: string | undefined): number {
  if (typeof data === 'object' && data !== null && 'waitSeconds' in data) {
    const value = (data as { waitSeconds: unknown }).waitSeconds;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.ceil(value);
  }
  const match = /wait\s+(\d{1,4})\s*s/i.exec(serverMsg ?? '');
  if (match?.[1] !== undefined) {
    const seconds = Number(match[1]);
    if (seconds > 0) return seconds;
  }
  return CODE_COOLDOWN_SECONDS;
}
