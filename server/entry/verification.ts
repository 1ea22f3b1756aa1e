/**
 * SMS and email verification codes. One live code per address: a new send replaces the
 * old one, but not within the cooldown (60 s, SPEC 5 "code requests made too frequently
 * give a wait message": code 4203 with the seconds left). A code is good for 5 minutes and
 * for one login; five wrong tries burn it, so a 6-digit code cannot be guessed.
 *
 * Delivery is simulated: the reference server has no SMS or mail gateway. The newest code
 * of an address can be read on the simulated inbox page (/sim/inbox, see simPages.ts).
 */
import { sql } from 'kysely';
import { changedRows, type SqlStore, type StoreQueries } from '../store/sqlStore.js';
import { BizError } from '../http/envelope.js';
import { randomDigits } from '../auth/random.js';
import { CODE_COOLDOWN_SECONDS } from '../../src/domain/constants';

export type CodeChannel = 'sms' | 'email';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_COOLDOWN_MS = CODE_COOLDOWN_SECONDS * 1000;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
export const CODE_DIGITS = 6;

interface CodeRow {
  code: string;
  sent_at: number;
  expires_at: number;
  failed_attempts: number;
  used_at: number | null;
}

export interface SentCode {
  readonly expiresAt: number;
  /** Seconds before the next code may be requested for the same address. */
  readonly cooldownSeconds: number;
}

/** Email addresses are matched without regard to case (people retype them differently). */
const keyOf = (channel: CodeChannel, target: string): string => (channel === 'email' ? target.toLowerCase() : target);

export class VerificationCodes {
  constructor(
    private readonly store: SqlStore,
    private readonly now: () => number,
  ) {}

  private async row(q: StoreQueries, channel: CodeChannel, target: string): Promise<CodeRow | undefined> {
    const rows = await sql<CodeRow>`SELECT code, sent_at, expires_at, failed_attempts, used_at FROM verification_codes
      WHERE channel = ${channel} AND target = ${keyOf(channel, target)}`.execute(q);
    return rows.rows[0];
  }

  /**
   * Issues a new code, or 4203 `{waitSeconds}` inside the cooldown of the previous one. The
   * cooldown is part of the write, so two requests at once (two nodes) send one code.
   */
  async send(channel: CodeChannel, address: string): Promise<SentCode> {
    const target = keyOf(channel, address);
    const now = this.now();
    const expiresAt = now + CODE_TTL_MS;
    const written = await sql`INSERT INTO verification_codes (channel, target, code, sent_at, expires_at, failed_attempts, used_at)
      VALUES (${channel}, ${target}, ${randomDigits(CODE_DIGITS)}, ${now}, ${expiresAt}, 0, NULL)
      ON CONFLICT (channel, target) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at,
        expires_at = excluded.expires_at, failed_attempts = 0, used_at = NULL
      WHERE verification_codes.sent_at <= ${now - CODE_COOLDOWN_MS}`.execute(this.store.db);
    if (changedRows(written) === 1) return { expiresAt, cooldownSeconds: CODE_COOLDOWN_SECONDS };
    const previous = await this.row(this.store.db, channel, target);
    const waitSeconds = Math.max(1, Math.ceil((CODE_COOLDOWN_MS - (now - (previous?.sent_at ?? now))) / 1000));
    throw new BizError(4203, `requested too fast, wait ${waitSeconds} s`, { waitSeconds });
  }

  /**
   * Checks a code: 4101 when there is no live code or it does not match (a miss counts
   * toward burning it). `consume` marks it used (a login, in its transaction `q`); a plain
   * check leaves it usable. A code is used once however many logins race for it.
   */
  async verify(channel: CodeChannel, address: string, code: string, consume: boolean, q: StoreQueries = this.store.db): Promise<void> {
    const target = keyOf(channel, address);
    const now = this.now();
    const row = await this.row(q, channel, target);
    const live = row && row.used_at === null && row.expires_at > now && row.failed_attempts < CODE_MAX_FAILED_ATTEMPTS;
    if (!row || !live) throw new BizError(4101);
    if (row.code !== code) {
      await sql`UPDATE verification_codes SET failed_attempts = failed_attempts + 1 WHERE channel = ${channel} AND target = ${target}`.execute(q);
      throw new BizError(4101);
    }
    if (!consume) return;
    const used = await sql`UPDATE verification_codes SET used_at = ${now}
      WHERE channel = ${channel} AND target = ${target} AND code = ${code} AND used_at IS NULL`.execute(q);
    if (changedRows(used) !== 1) throw new BizError(4101);
  }

  /** The simulated inbox: the newest code sent to an address, while it can still be used. */
  async latest(channel: CodeChannel, target: string): Promise<{ readonly code: string; readonly expiresAt: number } | null> {
    const row = await this.row(this.store.db, channel, target);
    if (!row || row.used_at !== null || row.expires_at <= this.now()) return null;
    return { code: row.code, expiresAt: row.expires_at };
  }
}
