/**
 * The money ledger (table money_ledger, migration 11): one append-only row per movement of
 * money, under a business key that names the movement, so booking it twice fails in the
 * database whatever the code path. Call inside the transaction that moves the money.
 */
import { sql } from 'kysely';
import type { StoreQueries } from '../../store/sqlStore.js';

export const LEDGER_KINDS = ['reward.pay', 'goods.purchase', 'redpacket.draw', 'redpacket.withdraw', 'delay.pay'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  readonly businessKey: string;
  readonly kind: LedgerKind;
  readonly webcastId: string | null;
  readonly userId: string;
  /** Yuan, two decimals, positive. */
  readonly amount: string;
}

export async function book(tx: StoreQueries, now: number, entry: LedgerEntry): Promise<void> {
  await sql`INSERT INTO money_ledger (business_key, kind, webcast_id, user_id, amount, created_at)
    VALUES (${entry.businessKey}, ${entry.kind}, ${entry.webcastId}, ${entry.userId}, ${entry.amount}, ${now})`.execute(tx);
}

export interface LedgerRow extends LedgerEntry {
  readonly seq: number;
  readonly createdAt: number;
}

/** A room's ledger rows of one kind, oldest first (admin API and tests). */
export async function ledgerOf(q: StoreQueries, webcastId: string, kind?: LedgerKind): Promise<LedgerRow[]> {
  const ofKind = kind === undefined ? sql`` : sql` AND kind = ${kind}`;
  return (
    await sql<LedgerRow>`SELECT seq, business_key AS "businessKey", kind, webcast_id AS "webcastId", user_id AS "userId", amount, created_at AS "createdAt"
      FROM money_ledger WHERE webcast_id = ${webcastId}${ofKind} ORDER BY seq`.execute(q)
  ).rows;
}
