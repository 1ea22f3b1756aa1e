/**
 * Calls around outside identities:
 * - enterprise messaging (live service): workwx/oauth/info (where to authorise),
 *   workwx/user/info (who a code belongs to; the login spends the code), workwx/openid;
 * - third-party apps (live service): third/login/url, third/auth/url (who the code's app user
 *   is; the login, type third, spends it);
 * - the messaging open platform (commerce service): open/appId (with the authorisation
 *   address, which comes back to the client's /getWxInfo page), open/userInfo (spends the
 *   code), open/privateMerchant/check;
 * - QR scan login (commerce follow-login): follow/qrcode and follow/result;
 * - aggregated events: agg/relation/list.
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { requireRoom, ROOM_ID_SCHEMA } from './rooms.js';
import { appPath, loginPagePath, publicBase, sameSitePath, withQuery } from './appPaths.js';
import { consumeCode, findAccount, openIdOf, peekCode } from './sim/providers.js';
import { QrLogins } from './qrLogin.js';

const CODE = { type: 'string', minLength: 1, maxLength: 128 } as const;
const APP_CODE = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;

const query = (required: readonly string[], properties: Readonly<Record<string, object>>) =>
  ({ querystring: { type: 'object', required, properties } }) as const;

export const oauthRoutes: RouteModule = (app, ctx) => {
  const qr = new QrLogins(ctx.store, ctx.now);

  // Enterprise messaging (the enterprise-internal gate)

  app.get<{ Querystring: { webcastId: string } }>(
    '/ccp/monitor/v2/workwx/oauth/info',
    { schema: query(['webcastId'], { webcastId: ROOM_ID_SCHEMA }) },
    async (request) => {
      const room = await requireRoom(ctx, request.query.webcastId);
      const { corpId, agentId } = room.settings.enterprise;
      if (room.gate !== 'enterprise' || !corpId) throw invalid('webcastId', 'this room does not use enterprise messaging');
      const authorizeUrl = withQuery('/sim/workwx/authorize', { redirect_uri: loginPagePath(ctx.config, room.id), state: room.id });
      return okEnvelope({ corpId, agentId, authorizeUrl });
    },
  );

  app.get<{ Querystring: { webcastId: string; code: string } }>(
    '/ccp/monitor/v2/workwx/user/info',
    { schema: query(['webcastId', 'code'], { webcastId: ROOM_ID_SCHEMA, code: CODE }) },
    async (request) => {
      const room = await requireRoom(ctx, request.query.webcastId);
      const account = await peekCode(ctx.store.db, ctx.now(), 'workwx', request.query.code);
      return okEnvelope({
        workWxUserId: account.accountId,
        name: account.name,
        corpId: account.org,
        avatar: account.headImgUrl,
        allowed: account.org !== '' && account.org === room.settings.enterprise.corpId,
      });
    },
  );

  app.get<{ Querystring: { workWxUserId: string } }>(
    '/ccp/monitor/v2/workwx/openid',
    { schema: query(['workWxUserId'], { workWxUserId: { type: 'string', minLength: 1, maxLength: 64 } }) },
    async (request) => {
      const account = await findAccount(ctx.store.db, 'workwx', request.query.workWxUserId);
      if (!account) throw new BizError(4105);
      return okEnvelope({ workWxUserId: account.accountId, openId: openIdOf('workwx', account.accountId) });
    },
  );

  // Third-party apps

  app.get<{ Querystring: { webcastId: string; appCode: string; redirectUrl?: string } }>(
    '/ccp/monitor/v2/third/login/url',
    { schema: query(['webcastId', 'appCode'], { webcastId: ROOM_ID_SCHEMA, appCode: APP_CODE, redirectUrl: { type: 'string', maxLength: 1000 } }) },
    async (request) => {
      const room = await requireRoom(ctx, request.query.webcastId);
      const given = request.query.redirectUrl;
      const redirect = given === undefined || given === '' ? loginPagePath(ctx.config, room.id) : sameSitePath(given);
      if (!redirect) throw invalid('redirectUrl', 'must be a path on this site');
      return okEnvelope({ url: withQuery('/sim/third/authorize', { redirect_uri: redirect, state: room.id, app: request.query.appCode }) });
    },
  );

  app.get<{ Querystring: { code: string; appCode: string } }>(
    '/ccp/monitor/v2/third/auth/url',
    { schema: query(['code', 'appCode'], { code: CODE, appCode: APP_CODE }) },
    async (request) => {
      const account = await peekCode(ctx.store.db, ctx.now(), 'third', request.query.code, request.query.appCode);
      return okEnvelope({
        appCode: request.query.appCode,
        openId: openIdOf('third', account.accountId),
        name: account.name,
        headImgUrl: account.headImgUrl,
      });
    },
  );

  // Messaging open platform (commerce service)

  app.get<{ Querystring: { liveId: string } }>(
    '/commerce/v1/open/appId',
    { schema: query(['liveId'], { liveId: ROOM_ID_SCHEMA }) },
    async (request) => {
      const room = await requireRoom(ctx, request.query.liveId);
      const appId = room.settings.openPlatform.appId || `wxdemo${room.id}`;
      const authorizeUrl = withQuery('/sim/wx/authorize', { redirect_uri: appPath(ctx.config, '/getWxInfo'), state: room.id, appid: appId });
      return okEnvelope({ appId, authorizeUrl });
    },
  );

  app.get<{ Querystring: { code: string; appId?: string } }>(
    '/commerce/v1/open/userInfo',
    { schema: query(['code'], { code: CODE, appId: { type: 'string', minLength: 1, maxLength: 64 } }) },
    async (request) => {
      const account = await consumeCode(ctx.store.db, ctx.now(), 'wx', request.query.code, request.query.appId);
      return okEnvelope({ openId: openIdOf('wx', account.accountId), nickname: account.name, headImgUrl: account.headImgUrl });
    },
  );

  app.get<{ Querystring: { liveId: string } }>(
    '/commerce/v1/open/privateMerchant/check',
    { schema: query(['liveId'], { liveId: ROOM_ID_SCHEMA }) },
    async (request) => {
      const { privateMerchant, merchantName } = (await requireRoom(ctx, request.query.liveId)).settings.openPlatform;
      return okEnvelope({ privateMerchant, merchantName: privateMerchant ? merchantName : '' });
    },
  );

  // QR scan login (follow-login)

  app.get<{ Querystring: { liveId: string } }>(
    '/commerce/v1/follow/qrcode',
    { schema: query(['liveId'], { liveId: ROOM_ID_SCHEMA }) },
    async (request) => {
      const room = await requireRoom(ctx, request.query.liveId);
      if (room.gate !== 'qrScan') throw invalid('liveId', 'this room does not use QR scan login');
      const { ticket, expiresAt } = await qr.create(room.id);
      const scanUrl = `${publicBase(ctx.config, request)}${withQuery('/sim/qr/scan', { ticket })}`;
      return okEnvelope({ ticket, scanUrl, expiresAt });
    },
  );

  app.get<{ Querystring: { liveId: string; ticket: string } }>(
    '/commerce/v1/follow/result',
    { schema: query(['liveId', 'ticket'], { liveId: ROOM_ID_SCHEMA, ticket: CODE }) },
    async (request) => {
      const room = await requireRoom(ctx, request.query.liveId);
      return okEnvelope(await qr.result(room.id, request.query.ticket));
    },
  );

  // Aggregated events

  app.get<{ Querystring: { aggId: string } }>(
    '/ccp/monitor/v2/agg/relation/list',
    { schema: query(['aggId'], { aggId: { type: 'string', minLength: 1, maxLength: 64 } }) },
    async (request) => {
      const { rows: rooms } = await sql`SELECT r.id AS "webcastId", r.title, r.status, r.cover_url AS "coverUrl", r.gate, r.start_time AS "startTime"
        FROM aggregations a JOIN rooms r ON r.id = a.webcast_id
        WHERE a.agg_id = ${request.query.aggId} AND r.deleted = 0 ORDER BY a.sort, r.id`.execute(ctx.store.db);
      if (rooms.length === 0) throw new BizError(4002);
      return okEnvelope({ aggId: request.query.aggId, rooms });
    },
  );
};
