/**
 * The red packet answers, narrowed from `unknown` (a malformed item is left out, never a
 * crash): judge and the activity list give packets; draw gives the viewer's share; user
 * info gives their balance and history (server/interact/redPacket/routes.ts).
 */
import { parseAmount } from '../../domain/money';
import { safeUrl } from '../../domain/safeUrl';
import type { RedPacketState, RedPacketView } from '../../domain/redPacket';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null);
const yuanOf = (value: unknown): string | null => (typeof value === 'string' && parseAmount(value).ok ? value : null);
const countOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const stateOf = (value: unknown): RedPacketState | null => (value === 0 || value === 1 || value === 2 ? value : null);
const timeOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export function readPacket(value: unknown): RedPacketView | null {
  if (!isRecord(value)) return null;
  const id = idOf(value.id);
  const state = stateOf(value.state);
  const count = countOf(value.count);
  const remaining = countOf(value.remaining);
  if (id === null || state === null || count === null || remaining === null) return null;
  const title = typeof value.title === 'string' && value.title.length <= 100 ? value.title : '';
  const amount = yuanOf(value.amount);
  return { id, title, state, count, remaining, drawn: value.drawn === true && amount !== null, amount };
}

export function readPacketList(value: unknown): RedPacketView[] {
  const list = isRecord(value) && Array.isArray(value.list) ? value.list : [];
  return list.slice(0, 500).flatMap((item) => readPacket(item) ?? []);
}

export interface DrawAnswer {
  readonly got: boolean;
  readonly amount: string | null;
  readonly state: RedPacketState;
  /** The viewer's balance after it (yuan). */
  readonly balance: string | null;
}

export function readDraw(value: unknown): DrawAnswer | null {
  if (!isRecord(value)) return null;
  const state = stateOf(value.state);
  if (state === null || typeof value.got !== 'boolean') return null;
  const amount = yuanOf(value.amount);
  if (value.got && amount === null) return null;
  return { got: value.got, amount, state, balance: yuanOf(value.balance) };
}

export interface WalletDraw {
  readonly id: string;
  readonly title: string;
  readonly amount: string;
  readonly at: number;
}

export interface Withdrawal {
  readonly id: string;
  readonly amount: string;
  readonly balanceAfter: string;
  readonly at: number;
}

export interface Wallet {
  readonly balance: string;
  readonly realNameVerified: boolean;
  readonly draws: readonly WalletDraw[];
  readonly withdrawals: readonly Withdrawal[];
}

export function readWallet(value: unknown): Wallet | null {
  if (!isRecord(value)) return null;
  const balance = yuanOf(value.balance);
  if (balance === null) return null;
  const draws = (Array.isArray(value.draws) ? value.draws : []).slice(0, 500).flatMap((d): WalletDraw[] => {
    if (!isRecord(d)) return [];
    const id = idOf(d.id);
    const amount = yuanOf(d.amount);
    const at = timeOf(d.drawnAt);
    return id === null || amount === null || at === null ? [] : [{ id, title: typeof d.title === 'string' ? d.title.slice(0, 100) : '', amount, at }];
  });
  const withdrawals = (Array.isArray(value.withdrawals) ? value.withdrawals : []).slice(0, 500).flatMap((w): Withdrawal[] => {
    if (!isRecord(w)) return [];
    const id = idOf(w.id);
    const amount = yuanOf(w.amount);
    const balanceAfter = yuanOf(w.balanceAfter);
    const at = timeOf(w.createdAt);
    return id === null || amount === null || balanceAfter === null || at === null ? [] : [{ id, amount, balanceAfter, at }];
  });
  return { balance, realNameVerified: value.realNameVerified === true, draws, withdrawals };
}

/** The private-merchant check: the organiser's merchant account's name when money goes through it, else null. */
export function readPrivateMerchant(value: unknown): string | null {
  if (!isRecord(value) || value.privateMerchant !== true) return null;
  const name = typeof value.merchantName === 'string' ? value.merchantName.trim() : '';
  return name !== '' && name.length <= 64 ? name : null;
}

/** The open platform's app id answer: where the viewer authorises their messaging account, when it is a safe link. */
export function readOpenAuthorizeUrl(value: unknown): string | null {
  return isRecord(value) && typeof value.appId === 'string' && value.appId !== '' ? safeUrl(value.authorizeUrl) : null;
}
