/**
 * A user's withdrawable balance (table wallets): red packet proceeds in, withdrawals out.
 * Amounts are decimal strings with two decimals; callers run these inside a transaction.
 */
import { Yuan, formatYuan } from '../../../src/domain';
import type { ServerContext } from '../../context.js';

export function balanceOf(ctx: ServerContext, userId: string): string {
  const row = ctx.db.prepare('SELECT balance FROM wallets WHERE user_id = ?').get(userId) as { balance: string } | undefined;
  return row?.balance ?? '0.00';
}

function setBalance(ctx: ServerContext, userId: string, balance: string): void {
  ctx.db
    .prepare('INSERT INTO wallets (user_id, balance, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET balance = excluded.balance, updated_at = excluded.updated_at')
    .run(userId, balance, ctx.now());
}

/** Adds to the balance; returns the new balance. */
export function credit(ctx: ServerContext, userId: string, amount: string): string {
  const balance = formatYuan(new Yuan(balanceOf(ctx, userId)).plus(amount));
  setBalance(ctx, userId, balance);
  return balance;
}

/** Takes from the balance; returns the new balance, or null (nothing changed) when it is short. */
export function debit(ctx: ServerContext, userId: string, amount: string): string | null {
  const current = new Yuan(balanceOf(ctx, userId));
  if (current.lessThan(amount)) return null;
  const balance = formatYuan(current.minus(amount));
  setBalance(ctx, userId, balance);
  return balance;
}
