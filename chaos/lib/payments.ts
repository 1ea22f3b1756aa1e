/**
 * The payment the money and crash scenarios make: a rose (0.10) with `reward/pay/gift`
 * (docs/protocol.md 1.2, 4.7), and the charges it left in the room's money ledger.
 */
import type http from 'node:http';
import Decimal from 'decimal.js';
import type { BenchServer } from '../../harness/serverProcess';
import { randomToken } from '../../server/auth/random';
import { rawRequest, viewerHeaders, type Answer } from './http';

export const PAY_PATH = '/commerce/v1/reward/pay/gift';

/** A fresh Idempotency-Key (32 characters, as the client makes them). */
export const newPayKey = (): string => randomToken(32);

export const ROSE_PRICE = '0.10';

export interface PayOptions {
  /** Roses bought (1 by default); the amount is the price times the count. */
  readonly count?: number;
  /** The connections to use (a tab's pool); node's global agent by default. */
  readonly agent?: http.Agent;
}

/** Pays for roses in `room` with `key`. */
export function payRoses(base: string, room: string, token: string, key: string, options: PayOptions = {}): Promise<Answer> {
  const count = options.count ?? 1;
  const headers = { ...viewerHeaders(token), 'idempotency-key': key };
  const body = { liveId: room, gift: 'rose', count, amount: new Decimal(ROSE_PRICE).times(count).toFixed(2) };
  return rawRequest(base, 'POST', PAY_PATH, headers, JSON.stringify(body), options.agent);
}

/** The room's gift payments booked in the money ledger (admin API). */
export async function roseCharges(server: BenchServer, room: string): Promise<number> {
  const data = await server.admin<{ list: unknown[] }>(`/admin/v1/rooms/${room}/ledger`, { kind: 'reward.pay' });
  return data.list.length;
}
