/**
 * Raffles (lotteries) in the store. A raffle moves ready -> open -> ended (see RAFFLE_FLOW);
 * entrants are the users who gave the password (password raffles) or, for a raffle without
 * one, everyone with a live audience login in the room and a nickname of their own, counted
 * when the round is drawn (SPEC 5: the nickname must be changed before joining a lottery).
 */
import type { ServerContext } from '../../context.js';
import { ROLE } from '../../../src/domain';

export type RaffleState = 'ready' | 'open' | 'ended';

/** The raffle's state machine: which action moves which state to which. */
export const RAFFLE_FLOW = {
  start: { from: 'ready', to: 'open' },
  end: { from: 'open', to: 'ended' },
} as const satisfies Record<string, { from: RaffleState; to: RaffleState }>;

export interface Raffle {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly prize: string;
  readonly winnerCount: number;
  readonly password: string | null;
  readonly state: RaffleState;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** The draw's secret (hex) and the commitments (src/domain/verifiableDraw.ts). */
  readonly seed: string | null;
  readonly seedHash: string | null;
  readonly entrantsHash: string | null;
}

interface RaffleRow {
  id: string;
  webcast_id: string;
  title: string;
  prize: string;
  winner_count: number;
  password: string | null;
  state: RaffleState;
  started_at: number | null;
  ended_at: number | null;
  seed: string | null;
  seed_hash: string | null;
  entrants_hash: string | null;
}

const toRaffle = (r: RaffleRow): Raffle => ({
  id: r.id,
  webcastId: r.webcast_id,
  title: r.title,
  prize: r.prize,
  winnerCount: r.winner_count,
  password: r.password,
  state: r.state,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  seed: r.seed,
  seedHash: r.seed_hash,
  entrantsHash: r.entrants_hash,
});

/** Stores the round's seed and its hash (at the start) or the entrant list's hash (at the draw). */
export function commitRaffle(ctx: ServerContext, id: string, commitment: { readonly seed: string; readonly seedHash: string } | { readonly entrantsHash: string }): void {
  if ('seed' in commitment) ctx.db.prepare('UPDATE raffles SET seed = ?, seed_hash = ? WHERE id = ?').run(commitment.seed, commitment.seedHash, id);
  else ctx.db.prepare('UPDATE raffles SET entrants_hash = ? WHERE id = ?').run(commitment.entrantsHash, id);
}

export interface Person {
  readonly uid: string;
  readonly name: string;
}

export function findRaffle(ctx: ServerContext, id: string): Raffle | undefined {
  const row = ctx.db.prepare('SELECT * FROM raffles WHERE id = ?').get(id) as RaffleRow | undefined;
  return row ? toRaffle(row) : undefined;
}

export function rafflesOf(ctx: ServerContext, webcastId: string, states: readonly RaffleState[]): Raffle[] {
  const marks = states.map(() => '?').join(', ');
  const rows = ctx.db
    .prepare(`SELECT * FROM raffles WHERE webcast_id = ? AND state IN (${marks}) ORDER BY created_at, id`)
    .all(webcastId, ...states) as RaffleRow[];
  return rows.map(toRaffle);
}

export function insertRaffle(ctx: ServerContext, raffle: Omit<Raffle, 'state' | 'startedAt' | 'endedAt' | 'seed' | 'seedHash' | 'entrantsHash'>): void {
  ctx.db
    .prepare("INSERT OR IGNORE INTO raffles (id, webcast_id, title, prize, winner_count, password, state, created_at) VALUES (?, ?, ?, ?, ?, ?, 'ready', ?)")
    .run(raffle.id, raffle.webcastId, raffle.title, raffle.prize, raffle.winnerCount, raffle.password, ctx.now());
}

/** Moves the raffle along RAFFLE_FLOW; false when it was not in the `from` state. */
export function advance(ctx: ServerContext, id: string, action: keyof typeof RAFFLE_FLOW): boolean {
  const step = RAFFLE_FLOW[action];
  const column = action === 'start' ? 'started_at' : 'ended_at';
  return ctx.db.prepare(`UPDATE raffles SET state = ?, ${column} = ? WHERE id = ? AND state = ?`).run(step.to, ctx.now(), id, step.from).changes === 1;
}

export function isEntrant(ctx: ServerContext, raffleId: string, userId: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM raffle_entries WHERE raffle_id = ? AND user_id = ?').get(raffleId, userId) !== undefined;
}

export function addEntrant(ctx: ServerContext, raffleId: string, person: Person): void {
  ctx.db.prepare('INSERT OR IGNORE INTO raffle_entries (raffle_id, user_id, name, created_at) VALUES (?, ?, ?, ?)').run(raffleId, person.uid, person.name, ctx.now());
}

export function entrants(ctx: ServerContext, raffleId: string): Person[] {
  return ctx.db.prepare('SELECT user_id AS uid, name FROM raffle_entries WHERE raffle_id = ? ORDER BY created_at, user_id').all(raffleId) as Person[];
}

/** Audience members with a live login in the room and a nickname of their own. */
export function eligibleAudience(ctx: ServerContext, webcastId: string): Person[] {
  return ctx.db
    .prepare(
      `SELECT DISTINCT u.id AS uid, u.name AS name FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.webcast_id = ? AND s.ended = 0 AND s.expires_at > ? AND s.role = ? AND u.name_changed = 1
       ORDER BY u.id`,
    )
    .all(webcastId, ctx.now(), ROLE.guest) as Person[];
}

export function winners(ctx: ServerContext, raffleId: string): Person[] {
  // In the order they were drawn.
  return ctx.db.prepare('SELECT user_id AS uid, name FROM raffle_winners WHERE raffle_id = ? ORDER BY rowid').all(raffleId) as Person[];
}

export function isWinner(ctx: ServerContext, raffleId: string, userId: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM raffle_winners WHERE raffle_id = ? AND user_id = ?').get(raffleId, userId) !== undefined;
}

export function insertWinners(ctx: ServerContext, raffleId: string, people: readonly Person[]): void {
  const insert = ctx.db.prepare('INSERT INTO raffle_winners (raffle_id, user_id, name, created_at) VALUES (?, ?, ?, ?)');
  for (const p of people) insert.run(raffleId, p.uid, p.name, ctx.now());
}

export interface PrizeContact {
  readonly name: string;
  readonly phone: string;
  readonly address: string;
}

export function saveContact(ctx: ServerContext, raffleId: string, userId: string, contact: PrizeContact): void {
  ctx.db
    .prepare('UPDATE raffle_winners SET contact_name = ?, contact_phone = ?, contact_address = ?, contact_at = ? WHERE raffle_id = ? AND user_id = ?')
    .run(contact.name, contact.phone, contact.address, ctx.now(), raffleId, userId);
}
