/**
 * SMS and email verification codes. One live code per address: a new send replaces the
 * old one, but not within the cooldown (60 s, SPEC 5 "code requests made too frequently
 * give a wait message": code 4203 with the seconds left). A code is good for 5 minutes and
 * for one login; five wrong tries burn it, so a 6-digit code cannot be guessed.
 *
 * Delivery is simulated: the reference server has no SMS or mail gateway. The newest code
 * of an address can be read on the simulated inbox page (/sim/inbox, see simPages.ts).
 */
import type { Db } from '../store/db.js';
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
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private row(channel: CodeChannel, target: string): CodeRow | undefined {
    return this.db
      .prepare('SELECT code, sent_at, expires_at, failed_attempts, used_at FROM verification_codes WHERE channel = ? AND target = ?')
      .get(channel, keyOf(channel, target)) as CodeRow | undefined;
  }

  /** Issues a new code, or 4203 `{waitSeconds}` inside the cooldown of the previous one. */
  send(channel: CodeChannel, address: string): SentCode {
    const target = keyOf(channel, address);
    const now = this.now();
    const previous = this.row(channel, target);
    if (previous && now - previous.sent_at < CODE_COOLDOWN_MS) {
      const waitSeconds = Math.ceil((CODE_COOLDOWN_MS - (now - previous.sent_at)) / 1000);
      throw new BizError(4203, `requested too fast, wait ${waitSeconds} s`, { waitSeconds });
    }
    const expiresAt = now + CODE_TTL_MS;
    this.db
      .prepare(
        `INSERT INTO verification_codes (channel, target, code, sent_at, expires_at, failed_attempts, used_at)
         VALUES (?, ?, ?, ?, ?, 0, NULL)
         ON CONFLICT (channel, target) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at,
           expires_at = excluded.expires_at, failed_attempts = 0, used_at = NULL`,
      )
      .run(channel, target, randomDigits(CODE_DIGITS), now, expiresAt);
    return { expiresAt, cooldownSeconds: CODE_COOLDOWN_SECONDS };
  }

  /**
   * Checks a code: 4101 when there is no live code or it does not match (a miss counts
   * toward burning it). `consume` marks it used (a login); a plain check leaves it usable.
   */
  verify(channel: CodeChannel, address: string, code: string, consume: boolean): void {
    const target = keyOf(channel, address);
    const now = this.now();
    const row = this.row(channel, target);
    const live = row && row.used_at === null && row.expires_at > now && row.failed_attempts < CODE_MAX_FAILED_ATTEMPTS;
    if (!row || !live) throw new BizError(4101);
    if (row.code !== code) {
      this.db
        .prepare('UPDATE verification_codes SET failed_attempts = failed_attempts + 1 WHERE channel = ? AND target = ?')
        .run(channel, target);
      throw new BizError(4101);
    }
    if (consume) this.db.prepare('UPDATE verification_codes SET used_at = ? WHERE channel = ? AND target = ?').run(now, channel, target);
  }

  /** The simulated inbox: the newest code sent to an address, while it can still be used. */
  latest(channel: CodeChannel, target: string): { readonly code: string; readonly expiresAt: number } | null {
    const row = this.row(channel, target);
    if (!row || row.used_at !== null || row.expires_at <= this.now()) return null;
    return { code: row.code, expiresAt: row.expires_at };
  }
}
