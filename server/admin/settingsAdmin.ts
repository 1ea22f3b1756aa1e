/**
 * Host control for the viewer's layer (admin API, header x-admin-token):
 * - POST /admin/v1/rooms/:id/settings {watermark?, splash?, charge?, introduction?, openPlatform?, other?}: changes the room's anti-record
 *   watermark (enabled, text with {name} and {userId}, opacity, fontSize) and splash advert
 *   (enabled, seconds, skippable, adverts [{id, title, imageUrl, linkUrl}]). Fields left
 *   out keep their value; `adverts`, when given, replaces the list; delayed charging
 *   (enabled, freeSeconds, priceYuan: at least 0.01); the introduction (plain text, at most
 *   INTRODUCTION_MAX characters, shown as text by the viewer's introduction tab); the open
 *   platform (privateMerchant: whether money goes through the organiser's own merchant
 *   account, and that account's merchantName, which viewers are shown); the viewer's other
 *   switches (showOnline, showPraise, share, and ownRecord: whether a viewer may save their
 *   own record, server/record). Answers the sections
 *   as stored. Viewers see the change at their next config call (the video page reads
 *   both when it opens).
 * - POST /admin/v1/rooms/:id/introduction {text}: the introduction alone; also the console's,
 *   under /ccp/monitor/v1/host/rooms/:id/ with a host or assistant login (hostMount.ts).
 *
 * An advert's picture and link must be links a browser reads as http(s) or as a path on
 * the page's own origin (server/http/links.ts): anything else is refused with 4501 naming
 * the field, and nothing of the call is stored.
 */
import { forUpdate } from '../store/sqlStore.js';
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import { BizError, invalid, okEnvelope } from '../http/envelope.js';
import { isSafeLink } from '../http/links.js';
import { formatYuan, validateRewardAmount } from '../../src/domain';
import { adminOnly } from './auth.js';
import { hostMounts } from './hostMount.js';
import { findRoom, ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { settingsJson, type RoomSettingsPatch } from '../entry/roomSettings.js';

const TEXT = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** The longest room introduction the host may set (the viewer shows up to 20,000 characters). */
export const INTRODUCTION_MAX = 5000;

const ADVERT_SCHEMA = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    title: TEXT(100),
    imageUrl: TEXT(2048),
    linkUrl: TEXT(2048),
  },
} as const;

const SETTINGS_SCHEMA = {
  params: { type: 'object', required: ['id'], properties: { id: ROOM_ID_SCHEMA } },
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      watermark: {
        type: 'object',
        additionalProperties: false,
        properties: {
          enabled: { type: 'boolean' },
          text: TEXT(64),
          opacity: { type: 'number', minimum: 0.05, maximum: 1 },
          fontSize: { type: 'integer', minimum: 8, maximum: 72 },
        },
      },
      splash: {
        type: 'object',
        additionalProperties: false,
        properties: {
          enabled: { type: 'boolean' },
          seconds: { type: 'integer', minimum: 1, maximum: 60 },
          skippable: { type: 'boolean' },
          adverts: { type: 'array', maxItems: 10, items: ADVERT_SCHEMA },
        },
      },
      charge: {
        type: 'object',
        additionalProperties: false,
        properties: {
          enabled: { type: 'boolean' },
          freeSeconds: { type: 'integer', minimum: 0, maximum: 86_400 },
          priceYuan: TEXT(32),
        },
      },
      introduction: TEXT(INTRODUCTION_MAX),
      openPlatform: {
        type: 'object',
        additionalProperties: false,
        properties: { privateMerchant: { type: 'boolean' }, merchantName: TEXT(64) },
      },
      other: {
        type: 'object',
        additionalProperties: false,
        properties: { showOnline: { type: 'boolean' }, showPraise: { type: 'boolean' }, share: { type: 'boolean' }, ownRecord: { type: 'boolean' } },
      },
    },
  },
} as const;

interface AdvertBody {
  id: string;
  title?: string;
  imageUrl?: string;
  linkUrl?: string;
}

interface SettingsBody {
  watermark?: { enabled?: boolean; text?: string; opacity?: number; fontSize?: number };
  splash?: { enabled?: boolean; seconds?: number; skippable?: boolean; adverts?: AdvertBody[] };
  charge?: { enabled?: boolean; freeSeconds?: number; priceYuan?: string };
  introduction?: string;
  openPlatform?: { privateMerchant?: boolean; merchantName?: string };
  other?: { showOnline?: boolean; showPraise?: boolean; share?: boolean; ownRecord?: boolean };
}

/** The advert as stored: every field present; 4501 for a link that is not a safe one. */
function storedAdvert(advert: AdvertBody, index: number) {
  for (const field of ['imageUrl', 'linkUrl'] as const) {
    const value = advert[field];
    if (value !== undefined && value !== '' && !isSafeLink(value)) throw invalid(`splash.adverts[${index}].${field}`, 'must be an http(s) URL or a path on this site');
  }
  return { id: advert.id, title: advert.title ?? '', imageUrl: advert.imageUrl ?? '', linkUrl: advert.linkUrl ?? '' };
}

const INTRODUCTION_SCHEMA = {
  params: SETTINGS_SCHEMA.params,
  body: { type: 'object', required: ['text'], additionalProperties: false, properties: { text: TEXT(INTRODUCTION_MAX) } },
} as const;

export const settingsAdminRoutes: RouteModule = (app, ctx) => {
  app.post<{ Params: { id: string }; Body: SettingsBody }>(
    '/admin/v1/rooms/:id/settings',
    { onRequest: adminOnly(ctx), schema: SETTINGS_SCHEMA },
    async (request) => {
      const { watermark, splash, charge, introduction, openPlatform, other } = request.body;
      // The room's row is held from the read to the write: two admins changing different
      // parts of the settings at once (on two nodes) both keep their change.
      await ctx.store.db.transaction().execute(async (tx) => {
        await sql`SELECT id FROM rooms WHERE id = ${request.params.id}${forUpdate(tx)}`.execute(tx);
        const room = await findRoom(tx, request.params.id);
        if (!room) throw new BizError(4002);
        const patch: RoomSettingsPatch = {};
        if (watermark) Object.assign(patch, { watermark });
        if (other) Object.assign(patch, { other });
        if (openPlatform) {
          const merchantName = openPlatform.merchantName?.trim();
          const next = { ...room.settings.openPlatform, ...openPlatform, ...(merchantName === undefined ? {} : { merchantName }) };
          if (next.privateMerchant && next.merchantName === '') throw invalid('openPlatform.merchantName', "an organiser's own merchant account needs its name");
          Object.assign(patch, { openPlatform: next });
        }
        if (charge) {
          const price = charge.priceYuan === undefined ? undefined : validateRewardAmount(charge.priceYuan);
          if (price !== undefined && !price.ok) throw invalid('charge.priceYuan', 'must be an amount in yuan of at least 0.01, two decimals at most');
          Object.assign(patch, { charge: price === undefined ? charge : { ...charge, priceYuan: formatYuan(price.value) } });
        }
        if (splash) {
          const { adverts, ...rest } = splash;
          const list = adverts?.map(storedAdvert);
          Object.assign(patch, { splash: list === undefined ? rest : { ...rest, adverts: list } });
        }
        await sql`UPDATE rooms SET config = ${settingsJson(patch, room.settings)}, introduction = ${introduction ?? room.introduction}
          WHERE id = ${room.id}`.execute(tx);
      });
      const stored = await findRoom(ctx.store.db, request.params.id);
      return okEnvelope({
        watermark: stored?.settings.watermark,
        splash: stored?.settings.splash,
        charge: stored?.settings.charge,
        introduction: stored?.introduction,
        openPlatform: stored?.settings.openPlatform,
        other: stored?.settings.other,
      });
    },
  );

  // The introduction alone: the same code for the CLI (`intro`) and the console (hostMount.ts).
  for (const mount of hostMounts(ctx)) {
    app.post<{ Params: { id: string }; Body: { text: string } }>(
      `${mount.base}/:id/introduction`,
      { onRequest: mount.onRequest, schema: INTRODUCTION_SCHEMA },
      async (request) => {
        const room = await findRoom(ctx.store.db, request.params.id);
        if (!room) throw new BizError(4002);
        await sql`UPDATE rooms SET introduction = ${request.body.text} WHERE id = ${room.id}`.execute(ctx.store.db);
        return okEnvelope({ id: room.id, introduction: (await findRoom(ctx.store.db, room.id))?.introduction ?? '' });
      },
    );
  }
};
