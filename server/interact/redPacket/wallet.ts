/**
 * A user's withdrawable balance (table wallets): red packet proceeds in, withdrawals out.
 * Amounts are decimal strings with two decimals, added in decimal.js, so a change reads the
 * balance and writes it back: `credit` and `debit` run inside the money call's transaction
 * and lock the user's wallet row first (PostgreSQL: SELECT ... FOR UPDATE, after making the
 * row if it is new; SQLite: its one writer), so two movements on two nodes never both
 * start from the same balance.
 */
import { sql } from 'kysely';
import { Yuan, formatYuan } from '../../../src/domain';
import { forUpdate, type StoreQueries } from '../../store/sqlStore.js';

export async function balanceOf(q: StoreQueries, userId: string): Promise<string> {
  const row = (await sql<{ balance: string }>`SELECT balance FROM wallets WHERE user_id = ${userId}`.execute(q)).rows[0];
  return row?.balance ?? '0.00';
}

/** The balance, with the wallet row locked until the transaction ends. */
async function lockedBalance(tx: StoreQueries, now: number, userId: string): Promise<string> {
  await sql`INSERT INTO wallets (user_id, balance, updated_at) VALUES (${userId}, '0.00', ${now}) ON CONFLICT (user_id) DO NOTHING`.execute(tx);
  return (await sql<{ balance: string }>`SELECT balance FROM wallets WHERE user_id = ${userId}${forUpdate(tx)}`.execute(tx)).rows[0]!.balance;
}

async function setBalance(tx: StoreQueries, now: number, userId: string, balance: string): Promise<void> {
  await sql`UPDATE wallets SET balance = ${balance}, updated_at = ${now} WHERE user_id = ${userId}`.execute(tx);
}

/** Adds to the balance; returns the new balance. */
export async function credit(tx: StoreQueries, now: number, userId: string, amount: string): Promise<string> {
  const balance = formatYuan(new Yuan(await lockedBalance(tx, now, userId)).plus(amount));
  await setBalance(tx, now, userId, balance);
  return balance;
}

/** Takes from the balance; returns the new balance, or null (nothing changed) when it is short. */
export async function debit(tx: StoreQueries, now: number, userId: string, amount: string): Promise<string | null> {
  const current = new Yuan(await lockedBalance(tx, now, userId));
  if (current.lessThan(amount)) return null;
  const balance = formatYuan(current.minus(amount));
  await setBalance(tx, now, userId, balance);
  return balance;
}
