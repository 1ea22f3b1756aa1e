/**
 * Roll call (sign-in to prove attendance): the host opens one with a deadline (push 7117 or
 * the current roll call the room answers a late joiner); the viewer signs in once before
 * it. As an explicit machine, so every tab and every test agrees on what is shown:
 *
 *   open ──sign──▶ signing ──signed──▶ signed
 *    │               │ ╰──failed──▶ open (with the reason)
 *    │               ╰──refusedEnded──▶ ended
 *    ╰──deadlinePassed──▶ ended
 *   (any but signed) ──signedElsewhere──▶ signed   (another tab, or the server, says so)
 *
 * A deadline passing while a sign-in is on its way waits for the server's answer: the
 * server's clock decides, not the viewer's.
 */

export type RollCallPhase = 'open' | 'signing' | 'signed' | 'ended';

export type RollCallEvent =
  | { readonly type: 'sign' }
  | { readonly type: 'signed'; readonly signedAt: number }
  | { readonly type: 'signedElsewhere'; readonly signedAt: number }
  | { readonly type: 'failed'; readonly reason: string }
  | { readonly type: 'refusedEnded' }
  | { readonly type: 'deadlinePassed' };

export const ROLL_CALL_TRANSITIONS: Readonly<Record<RollCallPhase, Readonly<Partial<Record<RollCallEvent['type'], RollCallPhase>>>>> = {
  open: { sign: 'signing', signedElsewhere: 'signed', deadlinePassed: 'ended' },
  signing: { signed: 'signed', signedElsewhere: 'signed', failed: 'open', refusedEnded: 'ended' },
  signed: {},
  ended: { signedElsewhere: 'signed' },
};

export interface RollCall {
  readonly id: string;
  readonly confId: string;
  /** Server time (ms) after which sign-ins are refused. */
  readonly deadline: number;
}

export interface RollCallModel {
  readonly rollCall: RollCall;
  readonly phase: RollCallPhase;
  readonly signedAt: number | null;
  /** Why the last sign-in failed (a message for the viewer), until the next try. */
  readonly failure: string | null;
}

/** A roll call as first seen: open, or already over, or already signed (a reload). */
export function startRollCall(rollCall: RollCall, now: number, signedAt: number | null = null): RollCallModel {
  if (signedAt !== null) return { rollCall, phase: 'signed', signedAt, failure: null };
  return { rollCall, phase: now >= rollCall.deadline ? 'ended' : 'open', signedAt: null, failure: null };
}

/** The model after an event; an event its phase does not take leaves it as it is. */
export function stepRollCall(model: RollCallModel, event: RollCallEvent): RollCallModel {
  const next = ROLL_CALL_TRANSITIONS[model.phase][event.type];
  if (next === undefined) return model;
  switch (event.type) {
    case 'signed':
    case 'signedElsewhere':
      return { ...model, phase: next, signedAt: event.signedAt, failure: null };
    case 'failed':
      return { ...model, phase: next, failure: event.reason };
    default:
      return { ...model, phase: next, failure: event.type === 'sign' ? null : model.failure };
  }
}

/** Whole seconds left to sign in (0 once the deadline has passed), rounded up. */
export function rollCallSecondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * How long after its deadline a roll call the viewer did not sign is still worth showing
 * ("roll call has ended"); one older than that, replayed to a late joiner, is history.
 */
export const ROLL_CALL_ENDED_SHOWN_MS = 60_000;

/** Whether a roll call seen now is worth a card at all. */
export function isRollCallCurrent(rollCall: RollCall, now: number): boolean {
  return now < rollCall.deadline + ROLL_CALL_ENDED_SHOWN_MS;
}

/**
 * The roll call to show: the room's latest 7117 push when the viewer has one (pushes arrive
 * in the order the host started them, and a replay holds the newest), else the one the room
 * answered on arrival (a busy room's replay may not reach back to the push).
 */
export function currentRollCall(pushed: RollCall | null, fetched: RollCall | null): RollCall | null {
  return pushed ?? fetched;
}
