import { randomToken } from '../../auth/random.js';

/** A new record id: a readable prefix of its kind and 16 random characters. */
export const newId = (prefix: string): string => `${prefix}_${randomToken(16)}`;
