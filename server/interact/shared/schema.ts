/**
 * JSON-schema fragments for the routes. Fastify validates with them before a handler runs
 * and the app's error handler answers a failure with code 4501 naming the field, so a
 * handler only ever sees the types it declares. Ids arrive as strings or numbers (forms and
 * query strings carry text; ajv coerces numbers to strings).
 */
import { DECIMAL_TEXT } from '../../http/decimalText.js';

export const ID = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** skip/take paging of list calls (SPEC 3 "Records list: skip, take"). */
export const PAGING = {
  skip: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  take: { type: 'integer', minimum: 1, maximum: 100 },
} as const;

export const DEFAULT_TAKE = 20;

/** An amount in yuan as text (PROTOCOL 1.4); its value is checked by the domain's money rules. */
export const AMOUNT = { type: 'string', minLength: 1, maxLength: 32, $comment: DECIMAL_TEXT } as const;

/** An object schema with the given required fields and properties; other fields are ignored. */
export function objectOf(properties: Record<string, unknown>, required: readonly string[] = []): Record<string, unknown> {
  return { type: 'object', required: [...required], properties };
}

export interface Paging {
  readonly skip?: number;
  readonly take?: number;
}

export function page<T>(rows: readonly T[], paging: Paging): { total: number; list: T[] } {
  const skip = paging.skip ?? 0;
  const take = paging.take ?? DEFAULT_TAKE;
  return { total: rows.length, list: rows.slice(skip, skip + take) };
}

/** A call-table path as a fastify route: `{id}` placeholders become `:id` parameters. */
export const routePath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
