/** What the directory service and its clients agree on beyond its calls (docs/protocol.md). */

/**
 * SPEC 3: "the user id is derived from the name if absent". Derived deterministically, so
 * the same name always registers the same id: the name lowercased, kept to [a-z0-9_.-];
 * a name with none of those (e.g. only Chinese characters) becomes "u" and the hex of its
 * UTF-16 code units.
 */
export function deriveUserId(name: string): string {
  const plain = name.trim().toLowerCase().replace(/[^a-z0-9_.-]/g, '');
  if (plain !== '') return plain;
  let hex = '';
  for (let i = 0; i < name.length; i += 1) hex += name.charCodeAt(i).toString(16).padStart(4, '0');
  return `u${hex}`;
}
