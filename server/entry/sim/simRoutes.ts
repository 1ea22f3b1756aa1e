/**
 * The simulated outside world, as pages on this server:
 *
 * - GET/POST /sim/{workwx|wx|third}/authorize: a provider's consent page listing its demo
 *   accounts; choosing one redirects back to `redirect_uri` (a path on this site) with
 *   `code` and `state`, like an OAuth authorisation.
 * - GET /sim/qr/scan?ticket=: the phone side of QR scan login (opening it marks the ticket
 *   scanned), POST /sim/qr/confirm confirms it as one social-messaging account.
 * - GET /sim/inbox?to=<phone or email>: the newest SMS or email code sent there.
 */
import type { RouteModule } from '../../http/app.js';
import { BizError } from '../../http/envelope.js';
import { validateEmail, validatePhone } from '../../../src/domain/contact';
import { sameSitePath, withQuery } from '../appPaths.js';
import { entryState } from '../state.js';
import { QrLogins } from '../qrLogin.js';
import { findAccount, isProviderId, issueCode, listAccounts, PROVIDERS, type SimAccount } from './providers.js';
import { html, sendPage, type Html } from './html.js';

const TEXT = { type: 'string', maxLength: 1000 } as const;

const AUTHORIZE_QUERY = {
  params: { type: 'object', required: ['provider'], properties: { provider: { type: 'string', maxLength: 16 } } },
  querystring: { type: 'object', properties: { redirect_uri: TEXT, state: TEXT, app: TEXT, appid: TEXT } },
} as const;

const AUTHORIZE_FORM = {
  params: AUTHORIZE_QUERY.params,
  body: { type: 'object', required: ['account', 'redirect_uri'], properties: { account: TEXT, redirect_uri: TEXT, state: TEXT, app: TEXT } },
} as const;

const TICKET_QUERY = { querystring: { type: 'object', properties: { ticket: TEXT } } } as const;
const CONFIRM_FORM = { body: { type: 'object', required: ['ticket', 'account'], properties: { ticket: TEXT, account: TEXT } } } as const;
const INBOX_QUERY = { querystring: { type: 'object', properties: { to: TEXT } } } as const;

function accountButton(action: string, account: SimAccount, hidden: Readonly<Record<string, string>>): Html {
  const fields = Object.entries({ ...hidden, account: account.accountId }).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  const label = account.org ? `${account.name} (${account.org})` : account.name;
  return html`<form method="post" action="${action}">${fields}<button type="submit">${label}</button></form>`;
}

export const simRoutes: RouteModule = (app, ctx) => {
  const qr = new QrLogins(ctx.store, ctx.now);

  app.get<{ Params: { provider: string }; Querystring: { redirect_uri?: string; state?: string; app?: string; appid?: string } }>(
    '/sim/:provider/authorize',
    { schema: AUTHORIZE_QUERY },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isProviderId(provider)) return sendPage(reply, 404, 'Unknown provider', html`<p>No such simulated provider.</p>`);
      const redirect = sameSitePath(request.query.redirect_uri ?? '');
      if (!redirect) return sendPage(reply, 400, 'Bad request', html`<p>redirect_uri must be a path on this site.</p>`);
      const hidden = { redirect_uri: redirect, state: request.query.state ?? '', app: request.query.app ?? request.query.appid ?? '' };
      const accounts = (await listAccounts(ctx.store.db, provider)).map((a) => accountButton(`/sim/${provider}/authorize`, a, hidden));
      return sendPage(
        reply,
        200,
        PROVIDERS[provider].title,
        html`<p>Sign in to continue as one of these demo accounts:</p>${accounts.length ? accounts : html`<p>No demo accounts.</p>`}`,
      );
    },
  );

  app.post<{ Params: { provider: string }; Body: { account: string; redirect_uri: string; state?: string; app?: string } }>(
    '/sim/:provider/authorize',
    { schema: AUTHORIZE_FORM },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isProviderId(provider)) return sendPage(reply, 404, 'Unknown provider', html`<p>No such simulated provider.</p>`);
      const redirect = sameSitePath(request.body.redirect_uri);
      const account = await findAccount(ctx.store.db, provider, request.body.account);
      if (!redirect || !account) return sendPage(reply, 400, 'Bad request', html`<p>Unknown account or redirect.</p>`);
      const code = await issueCode(ctx.store.db, ctx.now(), account, request.body.app ?? '');
      return reply.redirect(withQuery(redirect, { code, state: request.body.state ?? '' }), 302);
    },
  );

  app.get<{ Querystring: { ticket?: string } }>('/sim/qr/scan', { schema: TICKET_QUERY }, async (request, reply) => {
    const ticket = request.query.ticket ?? '';
    try {
      await qr.scan(ticket);
    } catch (e) {
      if (e instanceof BizError) return sendPage(reply, 410, 'QR code invalid', html`<p>This QR code has expired or was already used.</p>`);
      throw e;
    }
    const accounts = (await listAccounts(ctx.store.db, 'wx')).map((a) => accountButton('/sim/qr/confirm', a, { ticket }));
    return sendPage(reply, 200, 'Confirm login', html`<p>Log in on your computer as:</p>${accounts}`);
  });

  app.post<{ Body: { ticket: string; account: string } }>('/sim/qr/confirm', { schema: CONFIRM_FORM }, async (request, reply) => {
    const account = await findAccount(ctx.store.db, 'wx', request.body.account);
    if (!account) return sendPage(reply, 400, 'Bad request', html`<p>Unknown account.</p>`);
    try {
      await qr.confirm(request.body.ticket, account.accountId);
    } catch (e) {
      if (e instanceof BizError) return sendPage(reply, 410, 'QR code invalid', html`<p>This QR code has expired or was already used.</p>`);
      throw e;
    }
    return sendPage(reply, 200, 'Confirmed', html`<p>Logged in as ${account.name}. You can go back to your computer.</p>`);
  });

  app.get<{ Querystring: { to?: string } }>('/sim/inbox', { schema: INBOX_QUERY }, async (request, reply) => {
    const to = (request.query.to ?? '').trim();
    const form = html`<form method="get" action="/sim/inbox"><input name="to" value="${to}" placeholder="phone or email"> <button type="submit">Show</button></form>`;
    if (to === '') return sendPage(reply, 200, 'Simulated inbox', form);
    const phone = validatePhone(to);
    const email = validateEmail(to);
    const found = phone.ok
      ? await entryState(ctx).codes.latest('sms', phone.value)
      : email.ok
        ? await entryState(ctx).codes.latest('email', email.value)
        : null;
    const body = found
      ? html`<p>Your verification code:</p><p><code>${found.code}</code></p><p class="note">Valid until ${new Date(found.expiresAt).toISOString()}.</p>`
      : html`<p>No usable code for this address.</p>`;
    return sendPage(reply, 200, 'Simulated inbox', html`${form}${body}`);
  });
};
