/**
 * Reading fields of a socket request body (a JSON object from the peer, so anything at
 * all). Each reader returns the typed value or throws code 4501 naming the field and why,
 * which the socket server turns into the reply `{status: 4501, msg}`.
 */
import type { FrameBody } from '../../src/protocol/frame';
import { invalid } from '../http/envelope.js';
import { isSafeLink } from '../http/links.js';

/** Longest id we accept (room, user, message, raffle ids). */
export const ID_MAX = 64;

/** An id: a non-empty string, or an integer (the client's `Id` is string | number). */
export function idField(body: FrameBody, field: string): string {
  const value = body[field];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value !== 'string') throw invalid(field, value === undefined ? 'required' : 'must be a string id');
  if (value.length === 0) throw invalid(field, 'must not be empty');
  if (value.length > ID_MAX) throw invalid(field, `at most ${ID_MAX} characters`);
  return value;
}

export function optionalIdField(body: FrameBody, field: string): string | null {
  return body[field] === undefined || body[field] === null ? null : idField(body, field);
}

export function intField(body: FrameBody, field: string, min: number, max: number, fallback?: number): number {
  const value = body[field];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalid(field, value === undefined ? 'required' : 'must be an integer');
  if (value < min || value > max) throw invalid(field, `must be from ${min} to ${max}`);
  return value;
}

export function optionalBoolField(body: FrameBody, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, 'must be true or false');
  return value;
}

export function textField(body: FrameBody, field: string, maxLength: number): string {
  const value = body[field];
  if (typeof value !== 'string') throw invalid(field, value === undefined ? 'required' : 'must be a string');
  if (value.length > maxLength) throw invalid(field, `at most ${maxLength} characters`);
  return value;
}

export function optionalTextField(body: FrameBody, field: string, maxLength: number): string | null {
  return body[field] === undefined || body[field] === null ? null : textField(body, field, maxLength);
}

export function enumField<T extends string>(body: FrameBody, field: string, allowed: readonly T[]): T {
  const value = body[field];
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(field, value === undefined ? 'required' : `must be one of ${allowed.join(', ')}`);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An optional link (server/http/links.ts decides which are stored); '' and absent are null. */
export function optionalLinkField(body: FrameBody, field: string, maxLength = 2048): string | null {
  const value = optionalTextField(body, field, maxLength);
  if (value === null || value === '') return null;
  if (!isSafeLink(value)) throw invalid(field, 'must be an http(s) URL');
  return value;
}
