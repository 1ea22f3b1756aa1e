/**
 * The api layer's entry: one HTTP client per service host, and the typed service modules
 * over them. Sits below state, ui, features and app; reads no storage and no router: the
 * app passes in what it knows (base URLs, token, resource host) and what to do on failure
 * (effects).
 */
import { randomId32, type RandomBytes } from '../domain/randomId';
import { createHttpClient, type HttpClient, type HttpClientOptions, type HttpEffects } from './http';
import type { Sleep } from './retry';
import type { CallTable } from '../protocol/calls';
import { bindCalls, lazyCalls, type BoundCalls } from './services/bind';
import type { CommerceService } from './services/commerce';
import type { DirectoryService } from './services/directory';
import { createLiveService, type LiveService } from './services/live';
import { safeUrl } from '../domain/safeUrl';
import { createResourceService, type ResourceService } from './services/resource';

export interface ServiceBaseUrls {
  /** Base URL of each host; '' = the page's own origin. */
  readonly live: string;
  readonly commerce: string;
  readonly resource: string;
  /** The login and directory service that answers the location lookup. */
  readonly directory: string;
}

export interface ApiOptions {
  readonly services: ServiceBaseUrls;
  readonly getToken: () => string | null;
  /** This browser's device id: the `device-id` header of every call and the directory's `dev`. */
  readonly getDeviceId?: () => string | null;
  readonly effects: HttpEffects;
  readonly fetch?: typeof fetch;
  /**
   * The resource host the room stored in session storage (SPEC 7), read at every resource
   * call; null or '' falls back to services.resource. The app reads the storage, not api.
   */
  readonly getResourceBase?: () => string | null;
  readonly timeoutMs?: number;
  readonly random?: RandomBytes;
  readonly sleep?: Sleep;
  readonly retries?: number;
  readonly retryBaseDelayMs?: number;
  /** Directory client fields; defaults: tag 'webcast', a random device id, navigator.userAgent. */
  readonly directoryClient?: { readonly tag?: string; readonly dev?: string; readonly userAgent?: string };
}

export interface Api {
  readonly live: LiveService;
  /** Loads its call table on the first call (lazyCalls): the guide page's script carries none of it. */
  readonly commerce: CommerceService;
  readonly resource: ResourceService;
  /**
   * The login and directory service, loaded when first asked for: only the groups tab uses
   * it, and its code stays out of the guide page's script (issue 5's budget).
   */
  directory(): Promise<DirectoryService>;
  /** A fresh Idempotency-Key for one money action (pass it again when the user retries). */
  newIdempotencyKey(): string;
  /**
   * A file of the resource host (a root-relative path as the share calls answer it, or an
   * http(s) address) as an address the page may load; null for anything else.
   */
  resourceUrl(path: unknown): string | null;
  /** Another table of live-service calls, bound like `live` (the console's, in its own chunk). */
  bindLive<T extends CallTable>(table: T): BoundCalls<T>;
  /**
   * What another context (the realtime worker's heartbeat) needs to call the live service as
   * this login: its absolute base address, the token and the device id; null without a login.
   */
  loginCredentials(): { readonly liveBase: string; readonly token: string; readonly deviceId: string | null } | null;
  /** The login has ended (a 402 found outside a call of this client): the same effect as a call's. */
  sessionExpired(): void;
}

export const DEFAULT_DIRECTORY_TAG = 'webcast';

export function createApi(options: ApiOptions): Api {
  const random: RandomBytes = options.random ?? ((bytes) => void globalThis.crypto.getRandomValues(bytes));
  const shared: Omit<HttpClientOptions, 'baseUrl'> = {
    getToken: options.getToken,
    getDeviceId: options.getDeviceId,
    effects: options.effects,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    random,
    sleep: options.sleep,
    retries: options.retries,
    retryBaseDelayMs: options.retryBaseDelayMs,
  };
  const client = (baseUrl: HttpClientOptions['baseUrl']): HttpClient => createHttpClient({ ...shared, baseUrl });

  const live = client(options.services.live);
  const resourceBase = () => options.getResourceBase?.() || options.services.resource;
  let directory: Promise<DirectoryService> | null = null;

  return {
    live: createLiveService(live),
    // The guide page calls none of the commerce service: its table loads with the first call.
    commerce: lazyCalls(() => import('./services/commerce').then(({ createCommerceService }) => createCommerceService(client(options.services.commerce)))),
    resource: createResourceService(client(resourceBase)),
    directory: () =>
      (directory ??= import('./services/directory').then(({ createDirectoryService }) =>
        createDirectoryService(client(options.services.directory), {
          tag: options.directoryClient?.tag ?? DEFAULT_DIRECTORY_TAG,
          dev: options.directoryClient?.dev ?? options.getDeviceId?.() ?? randomId32(random),
          userAgent: options.directoryClient?.userAgent ?? globalThis.navigator?.userAgent ?? '',
          random,
        }),
      )),
    newIdempotencyKey: live.newIdempotencyKey,
    bindLive: (table) => bindCalls(live, table),
    loginCredentials() {
      const token = options.getToken();
      if (!token) return null;
      let liveBase: string;
      try {
        liveBase = new URL(options.services.live || '/', globalThis.location?.href).href;
      } catch {
        return null; // no page to resolve a relative address against
      }
      return { liveBase, token, deviceId: options.getDeviceId?.() ?? null };
    },
    sessionExpired: () => options.effects.sessionExpired(),
    resourceUrl(path) {
      const safe = safeUrl(path);
      if (safe === null || !safe.startsWith('/')) return safe;
      return resourceBase().replace(/\/+$/, '') + safe;
    },
  };
}

export { ApiError, apiErrorText, isApiError, type ApiErrorKind, type Translate } from './errors';
export type { HttpClient, HttpEffects, RequestOptions } from './http';
export { createHttpClient } from './http';
export type { CallDef, CallSpec, Id, Yuan } from '../protocol/calls';
export type { LiveService, LoginData, LoginInput } from './services/live';
export type { CommerceService } from './services/commerce';
export { RESOURCE_CALLS, type ResourceService } from './services/resource';
export type { DirectoryObject, DirectoryService, ServerAddresses } from './services/directory';
