/**
 * Simulated outside identity providers on this same server, so that every login path can
 * be demonstrated and tested without a real one: enterprise messaging ("workwx", the
 * enterprise-internal gate), the social messaging app ("wx": QR scan login and the open
 * platform's user info) and third-party apps ("third"). Their accounts are seeded
 * (sim_accounts); an authorisation hands out a short-lived single-use code, exchanged
 * like an OAuth code.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../store/db.js';
import { BizError } from '../../http/envelope.js';
import { randomToken } from '../../auth/random.js';

export const PROVIDERS = {
  workwx: { title: 'Enterprise messaging (simulated)' },
  wx: { title: 'Social messaging (simulated)' },
  third: { title: 'Third-party app (simulated)' },
} as const;
export type ProviderId = keyof typeof PROVIDERS;

export const isProviderId = (value: string): value is ProviderId => Object.hasOwn(PROVIDERS, value);

/** An authorisation code is good for this long. */
export const OAUTH_CODE_TTL_MS = 5 * 60 * 1000;

export interface SimAccount {
  readonly provider: ProviderId;
  readonly accountId: string;
  readonly name: string;
  /** Enterprise: the corp id; otherwise empty. */
  readonly org: string;
  readonly headImgUrl: string;
}

interface AccountRow {
  provider: ProviderId;
  account_id: string;
  name: string;
  org: string;
  head_img_url: string;
}

const toAccount = (r: AccountRow): SimAccount => ({
  provider: r.provider,
  accountId: r.account_id,
  name: r.name,
  org: r.org,
  headImgUrl: r.head_img_url,
});

export function listAccounts(db: Db, provider: ProviderId): SimAccount[] {
  return (db.prepare('SELECT * FROM sim_accounts WHERE provider = ? ORDER BY org, account_id').all(provider) as AccountRow[]).map(toAccount);
}

export function findAccount(db: Db, provider: ProviderId, accountId: string): SimAccount | null {
  const row = db.prepare('SELECT * FROM sim_accounts WHERE provider = ? AND account_id = ?').get(provider, accountId) as
    | AccountRow
    | undefined;
  return row ? toAccount(row) : null;
}

/** A stable pseudonymous id of an account for one provider (what an open platform calls an openid). */
export const openIdOf = (provider: ProviderId, accountId: string): string =>
  `o${createHash('sha256').update(`${provider}:${accountId}`).digest('hex').slice(0, 27)}`;

export function issueCode(db: Db, now: number, account: SimAccount, app: string): string {
  const code = randomToken();
  db.prepare('DELETE FROM oauth_codes WHERE expires_at < ?').run(now - OAUTH_CODE_TTL_MS);
  db.prepare('INSERT INTO oauth_codes (code, provider, account_id, app, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    code,
    account.provider,
    account.accountId,
    app,
    now,
    now + OAUTH_CODE_TTL_MS,
  );
  return code;
}

/**
 * The account behind a live code of this provider (and app, when given); 4105
 * "verification info wrong" for an unknown, expired, used or foreign code.
 */
export function peekCode(db: Db, now: number, provider: ProviderId, code: string, app?: string): SimAccount {
  const row = db
    .prepare('SELECT account_id, app, expires_at, used_at FROM oauth_codes WHERE code = ? AND provider = ?')
    .get(code, provider) as { account_id: string; app: string; expires_at: number; used_at: number | null } | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now || (app !== undefined && row.app !== app)) throw new BizError(4105);
  const account = findAccount(db, provider, row.account_id);
  if (!account) throw new BizError(4105);
  return account;
}

/** Like peekCode, and marks the code used (4105 if it was used meanwhile). */
export function consumeCode(db: Db, now: number, provider: ProviderId, code: string, app?: string): SimAccount {
  const account = peekCode(db, now, provider, code, app);
  const changed = db.prepare('UPDATE oauth_codes SET used_at = ? WHERE code = ? AND used_at IS NULL').run(now, code).changes;
  if (changed !== 1) throw new BizError(4105);
  return account;
}
