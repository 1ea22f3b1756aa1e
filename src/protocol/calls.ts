/**
 * The description of one HTTP call: enough for the client to send it, for tests to check
 * the tables against SPEC 7 and for docs/protocol.md to list it.
 */

export type HttpMethod = 'GET' | 'POST';

/** Which host a call goes to (SPEC 7): the base URL comes from runtime configuration. */
export type ServiceName = 'live' | 'commerce' | 'resource' | 'directory';

export interface CallSpec {
  readonly method: HttpMethod;
  /**
   * Path on the service host, starting with '/'. `{name}` placeholders are filled from the
   * input field of that name (URI-encoded) and that field is then not sent again. A path
   * may carry a fixed query string (`/login/location?cmd=lookup`).
   */
  readonly path: string;
  readonly service: ServiceName;
  /**
   * Request field names (SPEC 3 where it names them, ours where it does not; see
   * docs/protocol.md). Documentation and tests read this; at run time the client sends the
   * input object as given, which the call's Input type already restricts.
   */
  readonly fields: readonly string[];
  /**
   * The call spends money (PROTOCOL 1.2: reward pay gift, red packet draw and withdrawal,
   * goods purchase): it carries an Idempotency-Key and may therefore be retried.
   */
  readonly spendsMoney?: boolean;
}

/**
 * A call with its input and output types. `decode` checks the envelope's data at run time
 * for calls whose answer the client relies on (login, location lookup); a throw there
 * becomes a 'malformed' ApiError. Calls without it trust the server's data shape.
 */
export interface CallDef<Input extends object, Output> extends CallSpec {
  readonly decode?: (data: unknown) => Output;
  /** Type carrier only: never set at run time. */
  readonly _types?: { readonly input: Input; readonly output: Output };
}

export type InputOf<C> = C extends CallDef<infer I, unknown> ? I : never;
export type OutputOf<C> = C extends CallDef<object, infer O> ? O : never;

/** A named table of calls, one per service module. */
export type CallTable = Readonly<Record<string, CallDef<object, unknown>>>;

/** Input of a call that takes no fields. */
export type NoInput = Readonly<Record<string, never>>;

/**
 * Declares a typed call: `defineCall<{ id: string }, RoomInfo>({ method: 'GET', ... })`.
 * The spec is frozen so a table cannot be changed by accident at run time.
 */
export const defineCall = <Input extends object, Output = unknown>(
  spec: CallSpec & {
    /** Typed against Input so a listed field cannot drift from the input type. */
    readonly fields: readonly (keyof Input & string)[];
    readonly decode?: (data: unknown) => Output;
  },
): CallDef<Input, Output> => Object.freeze({ ...spec, fields: Object.freeze([...spec.fields]) });

/** Extra properties of a call besides method, path, service and fields. */
export type CallExtras<Output> = { readonly spendsMoney?: boolean; readonly decode?: (data: unknown) => Output };

/**
 * Shorthands for one service's table: `get<{ id: Id }>('/x/{id}', ['id'])`.
 * Keeps each table a readable list of method, path and fields.
 */
export const callMakers = (service: ServiceName) => ({
  get: <Input extends object, Output = unknown>(
    path: string,
    fields: readonly (keyof Input & string)[],
    extras: CallExtras<Output> = {},
  ): CallDef<Input, Output> => defineCall<Input, Output>({ method: 'GET', path, service, fields, ...extras }),
  post: <Input extends object, Output = unknown>(
    path: string,
    fields: readonly (keyof Input & string)[],
    extras: CallExtras<Output> = {},
  ): CallDef<Input, Output> => defineCall<Input, Output>({ method: 'POST', path, service, fields, ...extras }),
});

/** Ids travel as text or numbers; placeholders accept both. */
export type Id = string | number;
/** An amount in yuan as a decimal string ("0.01"), never a float (PROTOCOL 1.4). */
export type Yuan = string;

/** The `{name}` placeholders of a path, in order. */
export const placeholdersOf = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
