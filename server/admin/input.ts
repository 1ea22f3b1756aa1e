/**
 * Readers for untrusted request fields (HTTP bodies, socket request bodies, admin calls).
 * Each either returns a value of the promised type or throws code 4501 with a msg that
 * names the field and says why (PROTOCOL 1.2), so handlers never touch an unchecked value.
 */
import { invalid } from '../http/envelope.js';

export type Fields = Readonly<Record<string, unknown>>;

/** The body as an object of fields; a missing body counts as `{}`. */
export function fieldsOf(body: unknown, name = 'body'): Fields {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid(name, 'must be a JSON object');
  return body as Fields;
}

export interface TextRule {
  readonly max: number;
  readonly min?: number;
  /** A pattern the whole value must match, and how to say so. */
  readonly pattern?: RegExp;
  readonly patternText?: string;
}

/** C0 control characters other than tab, LF and CR, and DEL. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

function checkText(field: string, value: string, rule: TextRule): string {
  const length = [...value].length;
  if (length < (rule.min ?? 1)) throw invalid(field, rule.min === undefined || rule.min <= 1 ? 'must not be empty' : `must have at least ${rule.min} characters`);
  if (length > rule.max) throw invalid(field, `must have at most ${rule.max} characters`);
  if (hasControlCharacter(value)) throw invalid(field, 'must not contain control characters');
  if (rule.pattern && !rule.pattern.test(value)) throw invalid(field, rule.patternText ?? 'has a wrong format');
  return value;
}

/** A required non-blank string (numbers are accepted as their text: form bodies and ids). */
export function requireText(fields: Fields, field: string, rule: TextRule): string {
  const value = fields[field];
  if (value === undefined || value === null) throw invalid(field, 'is required');
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw invalid(field, 'must be a string');
  if (text.trim() === '') throw invalid(field, 'must not be empty');
  return checkText(field, text, rule);
}

export function optionalText(fields: Fields, field: string, rule: TextRule): string | undefined {
  const value = fields[field];
  if (value === undefined || value === null) return undefined;
  return requireText(fields, field, rule);
}

export interface IntRule {
  readonly min: number;
  readonly max: number;
}

function toInt(field: string, value: unknown, rule: IntRule): number {
  const n = typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw invalid(field, 'must be an integer');
  if (n < rule.min || n > rule.max) throw invalid(field, `must be from ${rule.min} to ${rule.max}`);
  return n;
}

export function requireInt(fields: Fields, field: string, rule: IntRule): number {
  const value = fields[field];
  if (value === undefined || value === null || value === '') throw invalid(field, 'is required');
  return toInt(field, value, rule);
}

export function optionalInt(fields: Fields, field: string, rule: IntRule): number | undefined {
  const value = fields[field];
  if (value === undefined || value === null || value === '') return undefined;
  return toInt(field, value, rule);
}

export function optionalBoolean(fields: Fields, field: string): boolean | undefined {
  const value = fields[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  throw invalid(field, 'must be true or false');
}

export function requireOneOf<T extends string | number>(fields: Fields, field: string, allowed: readonly T[]): T {
  const value = fields[field];
  if (value === undefined || value === null || value === '') throw invalid(field, 'is required');
  return oneOf(field, value, allowed);
}

export function optionalOneOf<T extends string | number>(fields: Fields, field: string, allowed: readonly T[]): T | undefined {
  const value = fields[field];
  if (value === undefined || value === null || value === '') return undefined;
  return oneOf(field, value, allowed);
}

function oneOf<T extends string | number>(field: string, value: unknown, allowed: readonly T[]): T {
  // A form body carries numbers as text: "2" matches an allowed 2.
  const found = allowed.find((a) => a === value || (typeof a === 'number' && typeof value === 'string' && String(a) === value.trim()));
  if (found === undefined) throw invalid(field, `must be one of ${allowed.join(', ')}`);
  return found;
}

/** A required list of ids (strings), 1 to `max` entries, no duplicates kept. */
export function requireIdList(fields: Fields, field: string, max: number, rule: TextRule): string[] {
  const value = fields[field];
  if (value === undefined || value === null) throw invalid(field, 'is required');
  if (!Array.isArray(value)) throw invalid(field, 'must be a list');
  if (value.length === 0) throw invalid(field, 'must not be empty');
  if (value.length > max) throw invalid(field, `must have at most ${max} entries`);
  const ids = value.map((v, i) => requireText({ [`${field}[${i}]`]: v }, `${field}[${i}]`, rule));
  return [...new Set(ids)];
}
