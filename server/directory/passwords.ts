/**
 * Account passwords, kept as scrypt hashes ("salt:hash", hex). A directory password is
 * optional: an account registered without one logs in by name (the demo org directory).
 * The async forms run scrypt on the libuv thread pool, so a login on a request path never
 * stalls the socket fan-out; the sync forms suit seeding and code that is synchronous
 * anyway (the entry service's staff login uses them).
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function parse(stored: string): { salt: Buffer; expected: Buffer } | null {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return null;
  const expected = Buffer.from(hashHex, 'hex');
  return expected.length === 0 ? null : { salt: Buffer.from(saltHex, 'hex'), expected };
}

function derive(password: string, salt: Buffer, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return `${salt.toString('hex')}:${scryptSync(password, salt, KEY_LENGTH).toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return timingSafeEqual(scryptSync(password, parsed.salt, parsed.expected.length), parsed.expected);
}

export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `${salt.toString('hex')}:${(await derive(password, salt, KEY_LENGTH)).toString('hex')}`;
}

export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  return timingSafeEqual(await derive(password, parsed.salt, parsed.expected.length), parsed.expected);
}
