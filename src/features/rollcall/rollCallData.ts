/**
 * The roll call answers, narrowed from `unknown` (a field of the wrong kind reads as
 * absent, never as a crash):
 * - `rollcall/current`: `{rollCall: {id, confId, deadline, signedAt} | null}`;
 * - `rollcall/answer`: `{id, confId, signedIn, signedAt, deadline}`.
 */
import type { RollCall } from '../../domain/rollCall';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : null);
const timeOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export interface CurrentRollCall {
  readonly rollCall: RollCall;
  readonly signedAt: number | null;
}

export function readCurrentRollCall(data: unknown): CurrentRollCall | null {
  const call = isRecord(data) ? data.rollCall : null;
  if (!isRecord(call)) return null;
  const id = idOf(call.id);
  const confId = idOf(call.confId);
  const deadline = timeOf(call.deadline);
  if (id === null || confId === null || deadline === null) return null;
  return { rollCall: { id, confId, deadline }, signedAt: timeOf(call.signedAt) };
}

/** The sign-in time the server answered; null when the answer does not say it. */
export function readSignedAt(data: unknown): number | null {
  return isRecord(data) && data.signedIn === true ? timeOf(data.signedAt) : null;
}

/** The key of a roll call among the room's acted notes. */
export const rollCallActedKey = (id: string): string => `rollCall:${id}`;
