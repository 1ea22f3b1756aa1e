/**
 * What a rule says about bad input: an i18n key (present in every locale) and the values
 * its placeholders need. Pure layers never hold user-facing text, only keys.
 */
export interface Problem {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type Result<T, E = Problem> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const fail = <E = Problem>(error: E): Result<never, E> => ({ ok: false, error });

export const problem = (key: string, params?: Problem['params']): Problem =>
  params === undefined ? { key } : { key, params };
