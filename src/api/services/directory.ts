/**
 * Login and directory service (SPEC 3 "Login and directory client", SPEC 7.4). All calls
 * are POST with a JSON body (none of these paths holds a form word, see encoding.ts).
 *
 * Flow: `lookup()` asks the configured directory host for the server address list; the
 * other calls go to the address picked from it by index (SPEC 7.4: 1 login, 2 websocket,
 * 5 resource, 9 registration; indices into the list, 0-based). Every body carries the
 * client fields tag, cmd, ver, dev, devt ('web') and os (the user agent, lowercased).
 */
import { CAPTCHA_VALUE, PROTOCOL_VERSION_LOGIN, PROTOCOL_VERSION_RESOURCE, SERVER_ADDRESS_INDEX } from '../../domain/constants';
import { CLIENT_MESSAGE_KEYS } from '../../domain/errorCatalogue';
import { randomId32, type RandomBytes } from '../../domain/randomId';
import type { CallDef, Id } from '../../protocol/calls';
import { deriveUserId, DIRECTORY_CALLS, type ClientFields, type DirectoryObject, type LoginFields, type UserdataFields } from '../../protocol/services/directory';

export {
  DIRECTORY_CALLS,
  DIRECTORY_OBJECTS,
  decodeLocation,
  type ClientFields,
  type DirectoryObject,
  type LocationData,
  type LoginFields,
  type RegistrationInfo,
  type RegistrationUser,
  type UserdataFields,
} from '../../protocol/services/directory';
import { ApiError } from '../errors';
import type { HttpClient, RequestOptions } from '../http';


const USERDATA_CALL: Readonly<Record<DirectoryObject, CallDef<UserdataFields, unknown>>> = {
  department: DIRECTORY_CALLS.userdataDepartment,
  department_user: DIRECTORY_CALLS.userdataDepartmentUser,
  user: DIRECTORY_CALLS.userdataUser,
  fixedgroups: DIRECTORY_CALLS.userdataFixedgroups,
  fixedgroups_user: DIRECTORY_CALLS.userdataFixedgroupsUser,
};

/** The addresses the client uses, picked from the location answer. */
export interface ServerAddresses {
  readonly all: readonly string[];
  readonly login: string | null;
  readonly websocket: string | null;
  readonly resource: string | null;
  readonly registration: string | null;
}

export function pickServerAddresses(list: readonly string[]): ServerAddresses {
  const at = (index: number): string | null => {
    const address = list[index]?.trim();
    return address ? address : null;
  };
  return {
    all: list,
    login: at(SERVER_ADDRESS_INDEX.login),
    websocket: at(SERVER_ADDRESS_INDEX.websocket),
    resource: at(SERVER_ADDRESS_INDEX.resource),
    registration: at(SERVER_ADDRESS_INDEX.registration),
  };
}

/**
 * A server address as an HTTP base URL. An address with a scheme is used as it is; a bare
 * host[:port] becomes protocol-relative ("//host:port"), so it follows the page's http or
 * https instead of forcing one.
 */
export const addressToBaseUrl = (address: string): string =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `//${address.replace(/^\/+/, '')}`;

export interface DirectoryClientInfo {
  /** The client's tag (application tag known to the directory service). */
  readonly tag: string;
  /** Device id: stable for the page's lifetime. */
  readonly dev: string;
  /** navigator.userAgent; sent lowercased as os. */
  readonly userAgent: string;
  /** Random bytes for the generated registration values; defaults to crypto. */
  readonly random?: RandomBytes;
}

export interface RegisterInput {
  readonly name: string;
  /** Derived from the name when absent. */
  readonly id?: string;
  readonly password?: string;
}

export interface AuthInput {
  readonly name: string;
  readonly password?: string;
  /** The room to open the session in. */
  readonly webcastId?: string;
  /** The captcha the service asked for (its captcha fetch); else SPEC's fixed value. */
  readonly captcha?: number;
}

export interface DataVersion {
  /** Data version the client holds; 0 (default) for none. */
  readonly version?: number | string;
}

export interface DirectoryService {
  /** Location step: rejects when the lookup fails or its answer has no address list. */
  lookup(options?: RequestOptions): Promise<ServerAddresses>;
  register(addresses: ServerAddresses, input: RegisterInput, options?: RequestOptions): Promise<unknown>;
  /** The answer is read by domain/directoryLogin.ts (kept out of the guide page's script). */
  auth(addresses: ServerAddresses, input: AuthInput, options?: RequestOptions): Promise<unknown>;
  bindLogin(addresses: ServerAddresses, input: AuthInput & { readonly id: Id }, options?: RequestOptions): Promise<unknown>;
  captcha(addresses: ServerAddresses, options?: RequestOptions): Promise<unknown>;
  userdata(addresses: ServerAddresses, obj: DirectoryObject, input?: DataVersion, options?: RequestOptions): Promise<unknown>;
  downloadOrgContacts(addresses: ServerAddresses, input?: DataVersion, options?: RequestOptions): Promise<unknown>;
}

type AddressRole = 'login' | 'resource' | 'registration';

export function createDirectoryService(http: HttpClient, client: DirectoryClientInfo): DirectoryService {
  const random: RandomBytes = client.random ?? ((bytes) => void globalThis.crypto.getRandomValues(bytes));

  const fields = (cmd: string, ver: string): ClientFields => ({
    tag: client.tag,
    cmd,
    ver,
    dev: client.dev,
    devt: 'web',
    os: client.userAgent.toLowerCase(),
  });

  /** Call options aimed at the picked server; a missing address fails like a bad lookup. */
  const at = (addresses: ServerAddresses, role: AddressRole, options?: RequestOptions): RequestOptions => {
    const address = addresses[role];
    if (address === null) {
      throw new ApiError({
        kind: 'malformed',
        messageKey: CLIENT_MESSAGE_KEYS.malformedResponse,
        cause: new Error(`directory: the location answer has no ${role} address (index ${SERVER_ADDRESS_INDEX[role]})`),
      });
    }
    return { ...options, baseUrl: addressToBaseUrl(address) };
  };

  const loginBody = (input: AuthInput): LoginFields => ({
    ...fields('auth', PROTOCOL_VERSION_LOGIN),
    captcha: input.captcha ?? CAPTCHA_VALUE,
    name: input.name,
    ...(input.password === undefined ? {} : { password: input.password }),
    ...(input.webcastId === undefined ? {} : { webcastId: input.webcastId }),
  });

  const userdataBody = (cmd: string, obj: UserdataFields['obj'], input: DataVersion): UserdataFields => ({
    ...fields(cmd, PROTOCOL_VERSION_RESOURCE),
    obj,
    updatetime: 0,
    version: input.version ?? 0,
  });

  return {
    async lookup(options) {
      const data = await http.request(DIRECTORY_CALLS.location, fields('lookup', PROTOCOL_VERSION_LOGIN), options);
      return pickServerAddresses(data.serverAddress);
    },
    async register(addresses, input, options) {
      const target = at(addresses, 'registration', options);
      let generated: string;
      try {
        generated = randomId32(random);
      } catch (error) {
        throw new ApiError({ kind: 'invalid', messageKey: CLIENT_MESSAGE_KEYS.submitFailed, cause: error });
      }
      const body = {
        ...fields('register', PROTOCOL_VERSION_LOGIN),
        user: { id: input.id ?? deriveUserId(input.name), name: input.name, ...(input.password === undefined ? {} : { password: input.password }) },
        info: { email: generated, tel: generated, phone: generated, fax: generated },
      };
      return http.request(DIRECTORY_CALLS.register, body, target);
    },
    async auth(addresses, input, options) {
      return http.request(DIRECTORY_CALLS.auth, loginBody(input), at(addresses, 'login', options));
    },
    async bindLogin(addresses, input, options) {
      return http.request(DIRECTORY_CALLS.bindLogin, { ...loginBody(input), id: input.id }, at(addresses, 'login', options));
    },
    async captcha(addresses, options) {
      return http.request(DIRECTORY_CALLS.captcha, fields('captcha', PROTOCOL_VERSION_LOGIN), at(addresses, 'login', options));
    },
    async userdata(addresses, obj, input = {}, options) {
      return http.request(USERDATA_CALL[obj], userdataBody('get', obj, input), at(addresses, 'resource', options));
    },
    async downloadOrgContacts(addresses, input = {}, options) {
      return http.request(
        DIRECTORY_CALLS.downloadOrgContacts,
        userdataBody('download', 'orgcontacts', input),
        at(addresses, 'resource', options),
      );
    },
  };
}
