/** JSON schemas the live-service routes share. */
import { ROOM_ID_SCHEMA } from '../entry/rooms.js';

export const WEBCAST_QUERY = {
  querystring: { type: 'object', required: ['webcastId'], properties: { webcastId: ROOM_ID_SCHEMA } },
} as const;

export const WEBCAST_BODY = {
  body: { type: 'object', required: ['webcastId'], properties: { webcastId: ROOM_ID_SCHEMA } },
} as const;

export const ID_PARAMS = {
  params: { type: 'object', required: ['id'], properties: { id: ROOM_ID_SCHEMA } },
} as const;

export interface WebcastQuery {
  Querystring: { webcastId: string };
}

export interface WebcastBody {
  Body: { webcastId: string };
}

export interface IdParams {
  Params: { id: string };
}

/** skip and take of a paged list (SPEC 9 "Records list paging"). */
export const PAGING_PROPERTIES = {
  skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  take: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;
