/**
 * Delayed charging as the viewer sees it (issue 14 item 6): in a room that charges, watching
 * is free for a while, then the room's price is due to go on watching. The server keeps the
 * time (delay check); between checks the page counts down from what it said.
 */
import { parseAmount } from './money';

export interface DelayCharge {
  readonly enabled: boolean;
  readonly freeSeconds: number;
  /** Yuan, as the room sets it. */
  readonly price: string;
  readonly started: boolean;
  readonly remainingSeconds: number;
  readonly due: boolean;
  readonly paid: boolean;
}

const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

export function readDelayCharge(value: unknown): DelayCharge | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const freeSeconds = whole(v.freeSeconds);
  const remainingSeconds = whole(v.remainingSeconds);
  const price = typeof v.priceYuan === 'string' && parseAmount(v.priceYuan).ok ? v.priceYuan : null;
  if (typeof v.enabled !== 'boolean' || freeSeconds === null || remainingSeconds === null || price === null) return null;
  return { enabled: v.enabled, freeSeconds, price, started: whole(v.startedAt) !== null, remainingSeconds, due: v.due === true, paid: v.paid === true };
}

export type DelayPhase = { readonly phase: 'off' } | { readonly phase: 'free'; readonly remaining: number } | { readonly phase: 'due' } | { readonly phase: 'paid' };

/** Where the viewer is `elapsedMs` after the server's answer `charge`. */
export function delayPhase(charge: DelayCharge | null, elapsedMs: number): DelayPhase {
  if (charge === null || !charge.enabled) return { phase: 'off' };
  if (charge.paid) return { phase: 'paid' };
  if (charge.due) return { phase: 'due' };
  // eslint-disable-next-line no-restricted-properties -- seconds of the free period, not money
  return { phase: 'free', remaining: Math.max(0, charge.remainingSeconds - Math.floor(Math.max(0, elapsedMs) / 1000)) };
}
