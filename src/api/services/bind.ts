import type { CallTable, InputOf, OutputOf } from '../../protocol/calls';
import type { HttpClient, RequestOptions } from '../http';

/** Input may be left out when every field of the call is optional. */
type AllOptional<T> = Partial<T> extends T ? true : false;

/** One call as a function: `(input, options?) => Promise<output>`. */
export type CallFunction<C> =
  AllOptional<InputOf<C>> extends true
    ? (input?: InputOf<C>, options?: RequestOptions) => Promise<OutputOf<C>>
    : (input: InputOf<C>, options?: RequestOptions) => Promise<OutputOf<C>>;

/** A call table turned into typed functions with the same names. */
export type BoundCalls<T extends CallTable> = { readonly [K in keyof T]: CallFunction<T[K]> };

/**
 * Binds every call of a table to an HTTP client. Generic on purpose: each service module
 * is then just its table, and a call cannot be forgotten in the bound object.
 */
export function bindCalls<T extends CallTable>(http: HttpClient, table: T): BoundCalls<T> {
  const bound: Record<string, (input?: object, options?: RequestOptions) => Promise<unknown>> = {};
  for (const [name, call] of Object.entries(table)) {
    bound[name] = (input: object = {}, options?: RequestOptions) => http.request(call, input, options);
  }
  return Object.freeze(bound) as unknown as BoundCalls<T>;
}
