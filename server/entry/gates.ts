/**
 * Entry gates as data: which login types a room of each gate takes and which fields its
 * login page must ask for. Room info shows this (never the secrets behind it), the login
 * call enforces it. Hosts and assistants enter every room with login type 'staff'; a
 * one-time link enters through its own call (live_login/disposable).
 */

export const LOGIN_TYPES = [
  'guest',
  'password',
  'memberCode',
  'phone',
  'email',
  'signup',
  'vip',
  'enterprise',
  'qrScan',
  'whitelist',
  'third',
  'staff',
] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Fields a login page asks for (names of the live_login body, docs/protocol.md 4.6). */
export type LoginField = 'name' | 'password' | 'memberCode' | 'phone' | 'smsCode' | 'email' | 'emailCode' | 'code';

export interface Gate {
  readonly types: readonly LoginType[];
  readonly fields: readonly LoginField[];
}

export const GATES = {
  open: { types: ['guest'], fields: ['name'] },
  password: { types: ['password'], fields: ['password', 'name'] },
  memberCode: { types: ['memberCode'], fields: ['memberCode'] },
  phone: { types: ['phone'], fields: ['phone', 'smsCode'] },
  email: { types: ['email'], fields: ['email', 'emailCode'] },
  signup: { types: ['signup'], fields: ['phone', 'smsCode'] },
  vip: { types: ['vip'], fields: ['phone', 'smsCode'] },
  enterprise: { types: ['enterprise'], fields: ['code'] },
  qrScan: { types: ['qrScan'], fields: ['code'] },
  whitelist: { types: ['whitelist'], fields: ['phone', 'smsCode'] },
  /** Signed in by a third-party app of the organiser's (its code, SPEC 7.1 third-party login). */
  thirdParty: { types: ['third'], fields: ['code'] },
  /** Staff only: what a room with an unknown gate in the store becomes. */
  closed: { types: [], fields: [] },
} as const satisfies Record<string, Gate>;

export type GateName = keyof typeof GATES;

export const GATE_NAMES = Object.keys(GATES) as GateName[];

export const isGateName = (value: string): value is GateName => Object.hasOwn(GATES, value);

export const isLoginType = (value: string): value is LoginType => (LOGIN_TYPES as readonly string[]).includes(value);

/** Whether a room of this gate takes this login type (staff enter every room). */
export function gateAdmits(gate: GateName, type: LoginType): boolean {
  return type === 'staff' || (GATES[gate].types as readonly LoginType[]).includes(type);
}
