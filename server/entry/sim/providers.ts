/**
 * Simulated outside identity providers on this same server, so that every login path can
 * be demonstrated and tested without a real one: enterprise messaging ("workwx", the
 * enterprise-internal gate), the social messaging app ("wx": QR scan login and the open
 * platform's user info) and third-party apps ("third"). Their accounts are seeded
 * (sim_accounts); an authorisation hands out a short-lived single-use code, exchanged
 * like an OAuth code.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';
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

const ACCOUNT_COLUMNS = sql.raw('provider, account_id, name, org, head_img_url');

export async function listAccounts(q: StoreQueries, provider: ProviderId): Promise<SimAccount[]> {
  const rows = await sql<AccountRow>`SELECT ${ACCOUNT_COLUMNS} FROM sim_accounts WHERE provider = ${provider} ORDER BY org, account_id`.execute(q);
  return rows.rows.map(toAccount);
}

export async function findAccount(q: StoreQueries, provider: ProviderId, accountId: string): Promise<SimAccount | null> {
  const row = (await sql<AccountRow>`SELECT ${ACCOUNT_COLUMNS} FROM sim_accounts WHERE provider = ${provider} AND account_id = ${accountId}`.execute(q))
    .rows[0];
  return row ? toAccount(row) : null;
}

export const openIdOf = (provider: ProviderId, accountId: string): string =>
  `o${createHash('sha256').update(`${provider}:${accountId}`).digest('hex').slice(0, 27)}`;

export async function issueCode(q: StoreQueries, now: number, account: SimAccount, app: string): Promise<string> {
  const code = randomToken();
  await sql`DELETE FROM oauth_codes WHERE expires_at < ${now - OAUTH_CODE_TTL_MS}`.execute(q);
  await sql`INSERT INTO oauth_codes (code, provider, account_id, app, created_at, expires_at)
    VALUES (${code}, ${account.provider}, ${account.accountId}, ${app}, ${now}, ${now + OAUTH_CODE_TTL_MS})`.execute(q);
  return code;
}

export async function peekCode(q: StoreQueries, now: number, provider: ProviderId, code: string, app?: string): Promise<SimAccount> {
  const row = (
    await sql<{ account_id: string; app: string; expires_at: number; used_at: number | null }>`
      SELECT account_id, app, expires_at, used_at FROM oauth_codes WHERE code = ${code} AND provider = ${provider}`.execute(q)
  ).rows[0];
  if (!row || row.used_at !== null || row.expires_at <= now || (app !== undefined && row.app !== app)) throw new BizError(4105);
  const account = await findAccount(q, provider, row.account_id);
  if (!account) throw new BizError(4105);
  return account;
}

export async function consumeCode(q: StoreQueries, now: number, provider: ProviderId, code: string, app?: string): Promise<SimAccount> {
  const account = await peekCode(q, now, provider, code, app);
  const used = await sql`UPDATE oauth_codes SET used_at = ${now} WHERE code = ${code} AND used_at IS NULL`.execute(q);
  if (changedRows(used) !== 1) throw new BizError(4105);
  return account;
}
