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

/**
 * A service whose call table is loaded on its first call (its own chunk): each call is the
 * same function, answering once the table is there. What the guide page never calls costs
 * its script nothing (issue 5's budget).
 */
export function lazyCalls<T extends CallTable>(load: () => Promise<BoundCalls<T>>): BoundCalls<T> {
  let loading: Promise<BoundCalls<T>> | null = null;
  const calls = new Map<PropertyKey, (input?: object, options?: RequestOptions) => Promise<unknown>>();
  return new Proxy({} as BoundCalls<T>, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      let call = calls.get(name);
      if (call === undefined) {
        call = async (input?: object, options?: RequestOptions) => {
          loading ??= load();
          const bound = (await loading) as unknown as Record<string, ((input?: object, options?: RequestOptions) => Promise<unknown>) | undefined>;
          const found = bound[name];
          if (found === undefined) throw new TypeError(`no call named ${name}`);
          return found(input, options);
        };
        calls.set(name, call);
      }
      return call;
    },
  });
}

/** Calls bound at once (`eager`) and the rest of the table loaded on the first of those (lazyCalls). */
export function partlyLazyCalls<E extends CallTable, T extends CallTable>(eager: BoundCalls<E>, load: () => Promise<BoundCalls<T>>): BoundCalls<T> {
  const rest = lazyCalls(load) as Record<string, unknown>;
  const now = eager as Record<string, unknown>;
  return new Proxy({} as BoundCalls<T>, {
    get: (_target, name) => (typeof name === 'string' && Object.hasOwn(now, name) ? now[name] : rest[name as string]),
  });
}
