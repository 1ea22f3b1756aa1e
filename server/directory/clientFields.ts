/**
 * The fields every directory request carries (SPEC 3, docs/protocol.md 4.5): tag, cmd, ver,
 * dev, devt ('web'), os. `cmd` must repeat the query's cmd and `ver` must be the protocol
 * version of the call ('4.0' login side, '1.0.0' userdata side); anything else is 4501.
 */
import { invalid } from '../http/envelope.js';
import { requireText, type Fields } from '../admin/input.js';

export interface ClientFields {
  readonly tag: string;
  readonly cmd: string;
  readonly ver: string;
  readonly dev: string;
  readonly devt: string;
  readonly os: string;
}

export function readClientFields(fields: Fields, expected: { readonly cmd: string; readonly ver: string }): ClientFields {
  const tag = requireText(fields, 'tag', { max: 64 });
  const cmd = requireText(fields, 'cmd', { max: 32 });
  if (cmd !== expected.cmd) throw invalid('cmd', `must be "${expected.cmd}" (the query's cmd)`);
  const ver = requireText(fields, 'ver', { max: 16 });
  if (ver !== expected.ver) throw invalid('ver', `must be "${expected.ver}"`);
  const dev = requireText(fields, 'dev', { max: 128 });
  const devt = requireText(fields, 'devt', { max: 16, pattern: /^[a-z]+$/, patternText: 'must be a device type such as "web"' });
  const os = requireText(fields, 'os', { max: 512 });
  return { tag, cmd, ver, dev, devt, os };
}
