/**
 * Raffles (lotteries) in the store. A raffle moves ready -> open -> ended (see RAFFLE_FLOW);
 * entrants are the users who gave the password (password raffles) or, for a raffle without
 * one, everyone with a live audience login in the room and a nickname of their own, counted
 * when the round is drawn (SPEC 5: the nickname must be changed before joining a lottery).
 */
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';
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
export async function commitRaffle(tx: StoreQueries, id: string, commitment: { readonly seed: string; readonly seedHash: string } | { readonly entrantsHash: string }): Promise<void> {
  if ('seed' in commitment) await sql`UPDATE raffles SET seed = ${commitment.seed}, seed_hash = ${commitment.seedHash} WHERE id = ${id}`.execute(tx);
  else await sql`UPDATE raffles SET entrants_hash = ${commitment.entrantsHash} WHERE id = ${id}`.execute(tx);
}

export interface Person {
  readonly uid: string;
  readonly name: string;
}

export async function findRaffle(q: StoreQueries, id: string): Promise<Raffle | undefined> {
  const row = (await sql<RaffleRow>`SELECT * FROM raffles WHERE id = ${id}`.execute(q)).rows[0];
  return row ? toRaffle(row) : undefined;
}

export async function rafflesOf(q: StoreQueries, webcastId: string, states: readonly RaffleState[]): Promise<Raffle[]> {
  if (states.length === 0) return [];
  const rows = (
    await sql<RaffleRow>`SELECT * FROM raffles WHERE webcast_id = ${webcastId} AND state IN (${sql.join(states)}) ORDER BY created_at, id`.execute(q)
  ).rows;
  return rows.map(toRaffle);
}

export async function insertRaffle(q: StoreQueries, now: number, raffle: Omit<Raffle, 'state' | 'startedAt' | 'endedAt' | 'seed' | 'seedHash' | 'entrantsHash'>): Promise<void> {
  await sql`INSERT INTO raffles (id, webcast_id, title, prize, winner_count, password, state, created_at)
    VALUES (${raffle.id}, ${raffle.webcastId}, ${raffle.title}, ${raffle.prize}, ${raffle.winnerCount}, ${raffle.password}, 'ready', ${now}) ON CONFLICT DO NOTHING`.execute(q);
}

/**
 * Moves the raffle along RAFFLE_FLOW; false when it was not in the `from` state. One
 * conditional UPDATE: of two nodes ending a round at once, the second waits for the first's
 * commit (PostgreSQL re-reads the row) and finds it ended, so a round is drawn once.
 */
export async function advance(tx: StoreQueries, now: number, id: string, action: keyof typeof RAFFLE_FLOW): Promise<boolean> {
  const step = RAFFLE_FLOW[action];
  const moved =
    action === 'start'
      ? await sql`UPDATE raffles SET state = ${step.to}, started_at = ${now} WHERE id = ${id} AND state = ${step.from}`.execute(tx)
      : await sql`UPDATE raffles SET state = ${step.to}, ended_at = ${now} WHERE id = ${id} AND state = ${step.from}`.execute(tx);
  return changedRows(moved) === 1;
}

export async function isEntrant(q: StoreQueries, raffleId: string, userId: string): Promise<boolean> {
  return (await sql`SELECT 1 FROM raffle_entries WHERE raffle_id = ${raffleId} AND user_id = ${userId}`.execute(q)).rows.length > 0;
}

export async function addEntrant(q: StoreQueries, now: number, raffleId: string, person: Person): Promise<void> {
  await sql`INSERT INTO raffle_entries (raffle_id, user_id, name, created_at) VALUES (${raffleId}, ${person.uid}, ${person.name}, ${now}) ON CONFLICT DO NOTHING`.execute(q);
}

export async function entrants(q: StoreQueries, raffleId: string): Promise<Person[]> {
  return (await sql<Person>`SELECT user_id AS uid, name FROM raffle_entries WHERE raffle_id = ${raffleId} ORDER BY created_at, user_id`.execute(q)).rows;
}

/** Audience members with a live login in the room and a nickname of their own. */
export async function eligibleAudience(q: StoreQueries, now: number, webcastId: string): Promise<Person[]> {
  return (
    await sql<Person>`SELECT DISTINCT u.id AS uid, u.name AS name FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.webcast_id = ${webcastId} AND s.ended = 0 AND s.expires_at > ${now} AND s.role = ${ROLE.guest} AND u.name_changed = 1
      ORDER BY u.id`.execute(q)
  ).rows;
}

export async function winners(q: StoreQueries, raffleId: string): Promise<Person[]> {
  // In the order they were drawn.
  return (await sql<Person>`SELECT user_id AS uid, name FROM raffle_winners WHERE raffle_id = ${raffleId} ORDER BY position, user_id`.execute(q)).rows;
}

export async function isWinner(q: StoreQueries, raffleId: string, userId: string): Promise<boolean> {
  return (await sql`SELECT 1 FROM raffle_winners WHERE raffle_id = ${raffleId} AND user_id = ${userId}`.execute(q)).rows.length > 0;
}

export async function insertWinners(tx: StoreQueries, now: number, raffleId: string, people: readonly Person[]): Promise<void> {
  for (const [position, p] of people.entries()) {
    await sql`INSERT INTO raffle_winners (raffle_id, user_id, name, created_at, position) VALUES (${raffleId}, ${p.uid}, ${p.name}, ${now}, ${position})`.execute(tx);
  }
}

export interface PrizeContact {
  readonly name: string;
  readonly phone: string;
  readonly address: string;
}

export async function saveContact(q: StoreQueries, now: number, raffleId: string, userId: string, contact: PrizeContact): Promise<void> {
  await sql`UPDATE raffle_winners SET contact_name = ${contact.name}, contact_phone = ${contact.phone}, contact_address = ${contact.address}, contact_at = ${now}
    WHERE raffle_id = ${raffleId} AND user_id = ${userId}`.execute(q);
}
