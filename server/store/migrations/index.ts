/**
 * Every migration, in version order. Each area of the server owns one numbered file, so
 * parallel work never renumbers another's; a shipped migration is never edited, only
 * followed by a new one.
 */
import type Database from 'better-sqlite3';
import type { StoreTransaction } from '../sqlStore.js';
import { m001Core } from './001_core.js';
import { m002ChatMic } from './002_chat_mic.js';
import { m003Entry } from './003_entry.js';
import { m004Interact } from './004_interact.js';
import { m005DirectoryGroups } from './005_directory_groups.js';
import { m006ChatImages } from './006_chat_images.js';
import { m007KicksAndLogout } from './007_kicks_and_logout.js';
import { m008VerifiableRaffle } from './008_verifiable_raffle.js';
import { m009QaVotes } from './009_qa_votes.js';
import { m010PaperResults } from './010_paper_results.js';
import { m011MoneyLedger } from './011_money_ledger.js';
import { m012RedPacketRemaining } from './012_red_packet_remaining.js';
import { m013DelayPayments } from './013_delay_payments.js';
import { m014MicInvited } from './014_mic_invited.js';
import { m015ChatReplay } from './015_chat_replay.js';
import { m016ReplayTimeline } from './016_replay_timeline.js';
import { m017ClientErrors } from './017_client_errors.js';
import { m018RaffleWinnerPosition } from './018_raffle_winner_position.js';
import { m019ArrivalOrder } from './019_arrival_order.js';
import { m020ReplayedInteractions } from './020_replayed_interactions.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  /** The SQLite form, run in a transaction of its own. */
  up(db: Database.Database): void;
  /**
   * The PostgreSQL form (issue 40), run in a transaction of its own: SQL, or a function for
   * a migration that moves data. Migrations up to the PostgreSQL baseline
   * (server/store/postgres/baseline.sql) have none: the baseline is their sum. Every later
   * one must have it, or a PostgreSQL node refuses to start.
   */
  readonly postgres?: string | ((tx: StoreTransaction) => Promise<void>);
}

export const MIGRATIONS: readonly Migration[] = [m001Core, m002ChatMic, m003Entry, m004Interact, m005DirectoryGroups, m006ChatImages, m007KicksAndLogout, m008VerifiableRaffle, m009QaVotes, m010PaperResults, m011MoneyLedger, m012RedPacketRemaining, m013DelayPayments, m014MicInvited, m015ChatReplay, m016ReplayTimeline, m017ClientErrors, m018RaffleWinnerPosition, m019ArrivalOrder, m020ReplayedInteractions];
