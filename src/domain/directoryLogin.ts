/**
 * A directory login's answer (SPEC 7.4 "per-server data", docs/protocol.md 4.5): the
 * account and the room session it opened. Read here rather than by the call table, so the
 * guide page's script (which carries every call table) does not carry it.
 */
export interface DirectoryLogin {
  readonly userId: string;
  readonly name: string;
  readonly token: string;
  readonly sid: string;
  readonly role: number;
  readonly webcastId: string;
  /** The realtime socket address. */
  readonly ws: string;
}

const TEXT_FIELDS = ['userId', 'name', 'token', 'sid', 'webcastId', 'ws'] as const;

/** The answer's fields, or a throw naming the first one missing. */
export function readDirectoryLogin(data: unknown): DirectoryLogin {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  for (const name of TEXT_FIELDS) if (typeof d[name] !== 'string' || d[name] === '') throw new Error(`auth: ${name} is missing from the answer`);
  if (typeof d.role !== 'number' || !Number.isInteger(d.role)) throw new Error('auth: role is missing from the answer');
  const text = d as Record<(typeof TEXT_FIELDS)[number], string>;
  return { userId: text.userId, name: text.name, token: text.token, sid: text.sid, role: d.role, webcastId: text.webcastId, ws: text.ws };
}
